import A11yModel
/// SwiftUI `accessibilityLabeledPair` (SwiftUI Accessible Grouping): the label view's text becomes the
/// content view's label, and the label view stops being a separate stop.
package struct LabeledPairs {
    // Per node, indexed directly (element building asks for every node); left empty
    // when the document has no complete pair.
    /// For content nodes of a complete pair, the index of its label text in `texts`, else -1:
    /// an index per node, not a string.
    private var textOfContent: [Int] = []
    /// Label text of each complete pair.
    private var texts: [String] = []
    /// Label nodes of complete pairs.
    private var absorbedLabels: [Bool] = []
    package var diagnostics: [Diagnostic] = []

    func label(forContent i: Int) -> String? {
        guard !textOfContent.isEmpty, textOfContent[i] >= 0 else { return nil }
        return texts[textOfContent[i]]
    }
    func isAbsorbedLabel(_ i: Int) -> Bool { !absorbedLabels.isEmpty && absorbedLabels[i] }

    package init(_ document: borrowing Document, visible: [Bool]) {
        let nodes = document.nodes
        // Pair nodes first: their count decides how keys are matched. Sized once for a
        // screen's worth of pairs.
        var pairNodes: [Int] = []
        // The node's flag, not its row: the rows of nodes without a pair stay unread.
        for i in nodes.indices where visible[i] && nodes[i].has(.labeledPair) {
            if pairNodes.isEmpty { pairNodes.reserveCapacity(16) }
            pairNodes.append(i)
        }
        guard !pairNodes.isEmpty else { return }
        // Pairs grouped by key, in first-seen order. With few pairs a linear search compares
        // a few strings, where a dictionary would hash two per pair node.
        let linear = pairNodes.count <= 16
        var groups: [Group] = []
        groups.reserveCapacity(pairNodes.count)
        var groupOfKey: [Key: Int] = [:]
        if !linear { groupOfKey.reserveCapacity(pairNodes.count) }
        // Content nodes with their group: a group keeps only its first label and content, not
        // two arrays of its own.
        var contents: [(node: Int, group: Int)] = []
        contents.reserveCapacity(pairNodes.count)
        for i in pairNodes {
            let pair = nodes[i].labeledPair!
            let key = Key(namespace: pair.namespace, id: pair.id)
            let k = linear ? groups.firstIndex { $0.key == key } ?? groups.count : groupOfKey[key, default: groups.count]
            if k == groups.count {
                groups.append(Group(key: key))
                if !linear { groupOfKey[key] = k }
            }
            switch pair.role {
            case .label: if groups[k].label < 0 { groups[k].label = i }
            case .content:
                if groups[k].content < 0 { groups[k].content = i }
                contents.append((i, k))
            }
        }
        // Text index of each group, -1 for groups missing a counterpart.
        var textOfGroup = [Int](filledWith: -1, count: groups.count)
        for k in groups.indices {
            let labelNode = groups[k].label
            guard labelNode >= 0, groups[k].content >= 0 else {
                let node = labelNode >= 0 ? labelNode : groups[k].content
                let missing = labelNode < 0 ? "label" : "content"
                diagnostics.append(Diagnostic(.labeledPairMissingCounterpart, node: node,
                    message: "Labeled pair \"\(groups[k].key.id)\" has no \(missing) counterpart, so VoiceOver cannot connect the label to its control."))
                continue
            }
            if absorbedLabels.isEmpty {
                textOfContent = [Int](filledWith: -1, count: nodes.count)
                absorbedLabels = [Bool](filledWith: false, count: nodes.count)
                texts.reserveCapacity(groups.count - k)
            }
            textOfGroup[k] = texts.count
            texts.append(nodes[labelNode].label.nonEmpty ?? nodes[labelNode].text.nonEmpty ?? "")
            absorbedLabels[labelNode] = true
        }
        guard !texts.isEmpty else { return }
        for (content, k) in contents where textOfGroup[k] >= 0 { textOfContent[content] = textOfGroup[k] }
    }

    private struct Key: Hashable { var namespace: String; var id: String }
    private struct Group {
        var key: Key
        /// First label and first content node of the pair, -1 until one is seen.
        var label = -1, content = -1
    }
}
