/// SwiftUI `accessibilityLabeledPair` (seed 001): the label view's text becomes the
/// content view's label, and the label view stops being a separate stop.
struct LabeledPairs {
    /// Label text for content nodes of a complete pair.
    var labelForContent: [Int: String] = [:]
    /// Label nodes of complete pairs.
    var absorbedLabels: Set<Int> = []
    var diagnostics: [Diagnostic] = []

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
            let node = document.nodes[labelNode]
            let text = [node.label, node.text].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
            for content in contentNodes { labelForContent[content] = text }
            absorbedLabels.insert(labelNode)
        }
    }
}
