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
        let nodes = document.nodes
        // Pair nodes first: their count decides how keys are matched.
        var pairNodes: [Int] = []
        // The node's flag, not its row: the rows of nodes without a pair stay unread.
        for i in nodes.indices where visible[i] && nodes[i].has(.labeledPair) { pairNodes.append(i) }
        guard !pairNodes.isEmpty else { return }
        // Pairs grouped by key, in first-seen order. With few pairs a linear search compares
        // a few strings, where a dictionary would hash two per pair node.
        let linear = pairNodes.count <= 16
        var groups: [Group] = []
        var groupOfKey: [Key: Int] = [:]
        if !linear { groupOfKey.reserveCapacity(pairNodes.count) }
        for i in pairNodes {
            let pair = nodes[i].labeledPair!
            let key = Key(namespace: pair.namespace, id: pair.id)
            let k = linear ? groups.firstIndex { $0.key == key } ?? groups.count : groupOfKey[key, default: groups.count]
            if k == groups.count {
                groups.append(Group(key: key))
                if !linear { groupOfKey[key] = k }
            }
            switch pair.role {
            case .label: groups[k].labels.append(i)
            case .content: groups[k].contents.append(i)
            }
        }
        for group in groups {
            guard let labelNode = group.labels.first, !group.contents.isEmpty else {
                let node = group.labels.first ?? group.contents[0]
                let missing = group.labels.isEmpty ? "label" : "content"
                diagnostics.append(Diagnostic(.labeledPairMissingCounterpart, node: node,
                    message: "Labeled pair \"\(group.key.id)\" has no \(missing) counterpart, so VoiceOver cannot connect the label to its control."))
                continue
            }
            let text = nodes[labelNode].label.nonEmpty ?? nodes[labelNode].text.nonEmpty ?? ""
            if absorbedLabels.isEmpty {
                labelForContent = [String?](filledWith: nil, count: nodes.count)
                absorbedLabels = [Bool](filledWith: false, count: nodes.count)
            }
            for content in group.contents { labelForContent[content] = text }
            absorbedLabels[labelNode] = true
        }
    }

    private struct Key: Hashable { var namespace: String; var id: String }
    private struct Group {
        var key: Key
        var labels: [Int] = [], contents: [Int] = []
    }
}
