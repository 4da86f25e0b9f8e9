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

    init(_ document: Document, visible: [Bool]) {
        struct Key: Hashable { var namespace: String; var id: String }
        var labels: [Key: [Int]] = [:]
        var contents: [Key: [Int]] = [:]
        var order: [Key] = []
        for i in document.nodes.indices where visible[i] {
            guard let pair = document.nodes[i].labeledPair else { continue }
            let key = Key(namespace: pair.namespace, id: pair.id)
            if labels[key] == nil && contents[key] == nil { order.append(key) }
            switch pair.role {
            case .label: labels[key, default: []].append(i)
            case .content: contents[key, default: []].append(i)
            }
        }
        for key in order {
            let labelNodes = labels[key] ?? [], contentNodes = contents[key] ?? []
            guard let labelNode = labelNodes.first, !contentNodes.isEmpty else {
                let node = labelNodes.first ?? contentNodes[0]
                let missing = labelNodes.isEmpty ? "label" : "content"
                diagnostics.append(Diagnostic(.labeledPairMissingCounterpart, node: node,
                    message: "Labeled pair \"\(key.id)\" has no \(missing) counterpart, so VoiceOver cannot connect the label to its control."))
                continue
            }
            let text = document.nodes[labelNode].label.nonEmpty ?? document.nodes[labelNode].text.nonEmpty ?? ""
            if absorbedLabels.isEmpty {
                labelForContent = [String?](repeating: nil, count: document.nodes.count)
                absorbedLabels = [Bool](repeating: false, count: document.nodes.count)
            }
            for content in contentNodes { labelForContent[content] = text }
            absorbedLabels[labelNode] = true
        }
    }
}
