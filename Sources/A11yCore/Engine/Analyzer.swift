/// Runs the engines over a document: visibility, nested identifiers, labeled pairs,
/// deferral, element building, reading order, positions and spoken output.
public enum Analyzer {
    public static func analyze(_ document: Document) -> Analysis {
        let nodes = document.nodes, count = nodes.count
        guard count > 0 else { return Analysis(document: document) }

        let visibility = Visibility(document)
        let identifiers = NestedIdentifiers(document)
        let pairs = LabeledPairs(document, visible: visibility.isVisible)
        var builder = ElementBuilder(document: document, visibility: visibility, identifiers: identifiers, pairs: pairs)
        builder.deferral = DeferralResolver.resolve(builder)

        // Reading order from the root, or from the modal that traps focus. Items refer to
        // drafts by index, so sorting moves small values, not elements.
        var drafts: [ElementDraft] = []
        // Growing an array of drafts copies them all; element roles bound the count.
        drafts.reserveCapacity(builder.elementRoleCount)
        var items: [ReadingItem] = []
        collect(visibility.modalRoot ?? document.root, builder: builder, into: &items, drafts: &drafts)
        var sequence: [Int] = []
        sequence.reserveCapacity(drafts.count)
        ReadingItem.sort(&items, order: builder.order)
        ReadingItem.flatten(items, into: &sequence)
        items = []

        let positions = seriesPositions(of: sequence, drafts: drafts, nodes: nodes, visibility: visibility)
        var elements: [AccessibilityElement] = []
        elements.reserveCapacity(sequence.count)
        var elementOfNode = [Int?](filledWith: nil, count: count)
        var facts: [ElementFacts] = []
        facts.reserveCapacity(sequence.count)
        var buffer = TextBuffer()
        for (index, k) in sequence.enumerated() {
            // Drafts are read in place and their fields moved into the element: binding one
            // to a local would copy (retain) every field.
            if drafts[k].traits.contains(.adjustable) && drafts[k].hint == nil { drafts[k].hint = SpokenOutput.adjustableHint }
            let spoken = SpokenOutput.utterance(
                label: drafts[k].label,
                value: builder.displayValue(drafts[k].value, traits: drafts[k].traits, node: drafts[k].node),
                hint: drafts[k].hint, traits: drafts[k].traits, position: positions[index], buffer: &buffer)
            for node in drafts[k].nodes where elementOfNode[node] == nil { elementOfNode[node] = index }
            // Recorded now, while label and node are in cache; rules would read them again.
            facts.append(ElementFacts(node: drafts[k].node, traits: drafts[k].traits, label: drafts[k].label,
                                      hasHint: drafts[k].hint != nil, nodes: nodes))
            elements.append(AccessibilityElement(moving: &drafts[k], spoken: spoken, position: positions[index]))
        }

        return Analysis(
            document: document, elements: elements,
            identifiers: identifiers.list(),
            elementOfNode: elementOfNode, isReachable: visibility.isReachable,
            composedIdentifier: identifiers.composed,
            diagnostics: identifiers.diagnostics + pairs.diagnostics + builder.deferral.diagnostics,
            elementFacts: facts)
    }

    /// Builds reading items for `i` and its subtree (recursion bounded by the decoder's depth limit).
    private static func collect(_ i: Int, builder: ElementBuilder,
                                into items: inout [ReadingItem], drafts: inout [ElementDraft]) {
        let priority = builder.nodes[i].sortPriority
        switch builder.role(of: i) {
        case .skipped: return
        case .leaf, .strategies, .combine:
            if builder.appendElement(for: i, to: &drafts) {
                let k = drafts.count - 1
                items.append(ReadingItem(content: .element(k), sortPriority: priority, frame: drafts[k].frame))
            }
        case .container(let contain):
            // A plain container is read through, unless its sortPriority must place it among its siblings.
            guard contain || priority != 0 else {
                for child in builder.visitedChildren(of: i) {
                    collect(child, builder: builder, into: &items, drafts: &drafts)
                }
                return
            }
            var members: [ReadingItem] = []
            for child in builder.visitedChildren(of: i) {
                collect(child, builder: builder, into: &members, drafts: &drafts)
            }
            guard !members.isEmpty else { return }
            ReadingItem.sort(&members, order: builder.order)
            // A group falls where its first member does.
            items.append(ReadingItem(content: .group(members), sortPriority: priority, frame: members[0].frame))
        }
    }

    /// "N of M" for elements (drafts in reading `sequence`) inside a tab bar (`tabBar` trait)
    /// or a `tabSet`. Arrays indexed by series (`Visibility.seriesOf`), no dictionaries.
    private static func seriesPositions(of sequence: [Int], drafts: [ElementDraft], nodes: [Node],
                                        visibility: Visibility) -> [AccessibilityElement.Position?] {
        let series = visibility.seriesOf, seriesNodes = visibility.seriesNodes
        guard !series.isEmpty else { return [AccessibilityElement.Position?](filledWith: nil, count: sequence.count) }
        // The series of an element is its node's nearest series container other than itself.
        // Found in draft order, which is document order: drafts and their nodes are then read
        // front to back, not in reading order (at 100k elements a cache miss each).
        let seriesOfDraft: [Int] = drafts.indices.map { k in
            let node = drafts[k].node
            let own = series[node]
            return own >= 0 && seriesNodes[own] == node ? nodes[node].parent.map { series[$0] } ?? -1 : own
        }
        let container = sequence.map { seriesOfDraft[$0] }
        var total = [Int](filledWith: 0, count: seriesNodes.count)
        for c in container where c >= 0 { total[c] += 1 }
        var seen = [Int](filledWith: 0, count: seriesNodes.count)
        return container.map { c in
            guard c >= 0 else { return nil }
            seen[c] += 1
            return AccessibilityElement.Position(index: seen[c], count: total[c])
        }
    }
}
