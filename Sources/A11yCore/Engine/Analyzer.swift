/// Runs the engines over a document: visibility, nested identifiers, labeled pairs,
/// deferral, element building, reading order, positions and spoken output.
public enum Analyzer {
    public static func analyze(_ document: Document) -> Analysis {
        var analysis = Analysis(document: document)
        let count = document.nodes.count
        guard count > 0 else { return analysis }

        let visibility = Visibility(document)
        let identifiers = NestedIdentifiers(document)
        let pairs = LabeledPairs(document, visible: visibility.isVisible)
        var builder = ElementBuilder(document: document, visibility: visibility, identifiers: identifiers, pairs: pairs)
        builder.deferral = DeferralResolver.resolve(builder, subtreeEnd: subtreeEnds(document))

        // Reading order from the root, or from the modal that traps focus.
        let order = ReadingOrder(document: document)
        var items: [ReadingItem] = []
        collect(visibility.modalRoot ?? document.root, builder: builder, order: order, into: &items)
        var elements: [AccessibilityElement] = []
        ReadingItem.flatten(ReadingItem.sort(items, order: order), into: &elements)
        // Let go of the items so each element's copy-on-write box is unique before the edits below.
        items = []

        let positions = seriesPositions(elements, document: document)
        // Mutated in place: a copy taken out and written back would share the element's
        // copy-on-write box and duplicate it.
        for index in elements.indices {
            elements[index].position = positions[index]
            if elements[index].traits.contains(.adjustable) && elements[index].hint == nil {
                elements[index].hint = SpokenOutput.adjustableHint
            }
            let spoken: String
            do {
                let e = elements[index]
                spoken = SpokenOutput.utterance(label: e.label, value: builder.displayValue(of: e), hint: e.hint,
                                                traits: e.traits, position: e.position)
            }
            elements[index].spoken = spoken
        }

        var elementOfNode = [Int?](repeating: nil, count: count)
        for (index, e) in elements.enumerated() {
            for node in e.nodes where elementOfNode[node] == nil { elementOfNode[node] = index }
        }
        analysis.elements = elements
        analysis.elementOfNode = elementOfNode
        analysis.isReachable = visibility.isReachable
        analysis.composedIdentifier = identifiers.composed
        analysis.identifiers = identifiers.composed.indices.compactMap { i in
            identifiers.composed[i].map { ComposedIdentifier(node: i, identifier: $0) }
        }
        analysis.diagnostics = identifiers.diagnostics + pairs.diagnostics + builder.deferral.diagnostics
        return analysis
    }

    /// Builds reading items for `i` and its subtree (recursion bounded by the decoder's depth limit).
    private static func collect(_ i: Int, builder: ElementBuilder, order: ReadingOrder, into items: inout [ReadingItem]) {
        let priority = builder.document.nodes[i].sortPriority
        switch builder.role(of: i) {
        case .skipped: return
        case .leaf, .strategies, .combine:
            if let e = builder.element(for: i) {
                items.append(ReadingItem(content: .element(e), sortPriority: priority, frame: e.frame))
            }
        case .container(let contain):
            // A plain container is read through, unless its sortPriority must place it among its siblings.
            guard contain || priority != 0 else {
                for child in builder.visitedChildren(of: i) { collect(child, builder: builder, order: order, into: &items) }
                return
            }
            var members: [ReadingItem] = []
            for child in builder.visitedChildren(of: i) { collect(child, builder: builder, order: order, into: &members) }
            guard !members.isEmpty else { return }
            members = ReadingItem.sort(members, order: order)
            // A group falls where its first member does.
            items.append(ReadingItem(content: .group(members), sortPriority: priority, frame: members[0].frame))
        }
    }

    /// One past the last descendant of each node in pre-order storage.
    static func subtreeEnds(_ document: Document) -> [Int] {
        var end = Array(1...document.nodes.count)
        for i in document.nodes.indices.reversed() {
            if let parent = document.nodes[i].parent { end[parent] = max(end[parent], end[i]) }
        }
        return end
    }

    /// "N of M" for elements inside a tab bar (`tabBar` trait) or a `tabSet`.
    private static func seriesPositions(_ elements: [AccessibilityElement], document: Document) -> [AccessibilityElement.Position?] {
        var series = [Int?](repeating: nil, count: document.nodes.count)
        for i in document.nodes.indices {
            let node = document.nodes[i]
            let inherited = node.parent.flatMap { series[$0] }
            series[i] = node.effectiveTraits.contains(.tabBar) || node.kind == .tabSet ? i : inherited
        }
        // The series of an element is its node's nearest series container other than itself.
        let container: [Int?] = elements.map { e in
            let own = series[e.node]
            return own == e.node ? document.nodes[e.node].parent.flatMap { series[$0] } : own
        }
        var total: [Int: Int] = [:]
        for c in container { if let c { total[c, default: 0] += 1 } }
        var seen: [Int: Int] = [:]
        return container.map { c in
            guard let c else { return nil }
            seen[c, default: 0] += 1
            return AccessibilityElement.Position(index: seen[c]!, count: total[c]!)
        }
    }
}
