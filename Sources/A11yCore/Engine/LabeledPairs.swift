/// SwiftUI `accessibilityLabeledPair` (seed 001): the label view's text becomes the
/// content view's label, and the label view stops being a separate stop.
struct LabeledPairs {
    // Per node, indexed directly (element building asks for every node); left empty
    // when the document has no complete pair.
    /// Label text for content nodes of a complete pair.
    private var labelForContent: [String?] = []
    /// Label nodes of complete pairs.
    private var absorbedLabels: [Bool] = []
    var diagnostics: [Diagnostic] = []

    func label(forContent i: Int) -> String? { labelForContent.isEmpty ? nil : labelForContent[i] }
    func isAbsorbedLabel(_ i: Int) -> Bool { !absorbedLabels.isEmpty && absorbedLabels[i] }

    init(_ document: borrowing Document, visible: [Bool]) {
        struct Key: Hashable { var namespace: String; var id: String }
        // Pair nodes first, so the key table is sized once instead of growing.
        var pairNodes: [Int] = []
        for i in document.nodes.indices where visible[i] && document.nodes[i].labeledPair != nil { pairNodes.append(i) }
        guard !pairNodes.isEmpty else { return }
        // Each key gets a slot in first-seen order with one hash lookup per node.
        var slotOfKey: [Key: Int] = [:]
        slotOfKey.reserveCapacity(pairNodes.count)
        var keys: [Key] = [], labels: [[Int]] = [], contents: [[Int]] = []
        func slot(_ stored: inout Int) -> Int {
            if stored < 0 { stored = keys.count }
            return stored
        }
        for i in pairNodes {
            let pair = document.nodes[i].labeledPair!
            let key = Key(namespace: pair.namespace, id: pair.id)
            let k = slot(&slotOfKey[key, default: -1])
            if k == keys.count { keys.append(key); labels.append([]); contents.append([]) }
            switch pair.role {
            case .label: labels[k].append(i)
            case .content: contents[k].append(i)
            }
        }
        for (k, key) in keys.enumerated() {
            let labelNodes = labels[k], contentNodes = contents[k]
            guard let labelNode = labelNodes.first, !contentNodes.isEmpty else {
                let node = labelNodes.first ?? contentNodes[0]
                let missing = labelNodes.isEmpty ? "label" : "content"
                diagnostics.append(Diagnostic(.labeledPairMissingCounterpart, node: node,
                    message: "Labeled pair \"\(key.id)\" has no \(missing) counterpart, so VoiceOver cannot connect the label to its control."))
                continue
            }
            let text = document.nodes[labelNode].label.nonEmpty ?? document.nodes[labelNode].text.nonEmpty ?? ""
            if absorbedLabels.isEmpty {
                labelForContent = [String?](filledWith: nil, count: document.nodes.count)
                absorbedLabels = [Bool](filledWith: false, count: document.nodes.count)
            }
            for content in contentNodes { labelForContent[content] = text }
            absorbedLabels[labelNode] = true
        }
    }
}
