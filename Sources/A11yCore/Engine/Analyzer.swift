/// Runs the engines over a document: visibility, nested identifiers, labeled pairs,
/// deferral, element building, reading order, positions and spoken output.
public enum Analyzer {
    public static func analyze(_ document: Document) -> Analysis {
        let count = document.nodes.count
        guard count > 0 else { return Analysis(document: document) }

        let visibility = Visibility(document)
        let identifiers = NestedIdentifiers(document)
        let pairs = LabeledPairs(document, visible: visibility.isVisible)
        var builder = ElementBuilder(document: document, visibility: visibility, identifiers: identifiers, pairs: pairs)
        builder.deferral = DeferralResolver.resolve(builder)

        // Elements are finished as they are collected, in document order, while their node,
        // label and parts are in cache; reading order then permutes them. At 100k nodes a
        // second pass over drafts in reading order missed the cache for every draft.
        var collected = Collected(builder: builder, count: count, series: visibility)
        var items: [ReadingItem] = []
        collected.collect(visibility.modalRoot ?? document.root, into: &items)
        var sequence: [Int] = []
        sequence.reserveCapacity(collected.elements.count)
        ReadingItem.sort(&items, order: builder.order)
        ReadingItem.flatten(items, into: &sequence)
        items = []

        let positions = seriesPositions(of: sequence, seriesOfElement: collected.seriesOfElement,
                                        seriesCount: visibility.seriesNodes.count)
        var (elements, facts, elementOfNode) = collected.inReadingOrder(sequence)
        // Spoken output waited for the position of elements in a series (tab bars: few).
        for index in positions.indices {
            guard let position = positions[index] else { continue }
            elements[index].position = position
            elements[index].spoken = SpokenOutput.utterance(
                label: elements[index].label,
                value: builder.displayValue(elements[index].value, traits: elements[index].traits, node: elements[index].node),
                hint: elements[index].hint, traits: elements[index].traits, position: position, buffer: &collected.buffer)
        }

        return Analysis(
            document: document, elements: elements,
            identifiers: identifiers.list(),
            elementOfNode: elementOfNode, isReachable: visibility.isReachable,
            composedIdentifier: identifiers.composed,
            diagnostics: identifiers.diagnostics + pairs.diagnostics + builder.deferral.diagnostics,
            elementFacts: facts)
    }

    /// Elements (with their facts and series) in document order as the walk finds them.
    private struct Collected {
        let builder: ElementBuilder
        let series: [Int], seriesNodes: [Int]
        var elements: [AccessibilityElement] = []
        var facts: [ElementFacts] = []
        /// Index in `Visibility.seriesNodes` of each element's series, -1 for none.
        var seriesOfElement: [Int] = []
        /// For each node, the first element (document order) it is part of.
        var elementOfNode: [Int?]
        /// (node, element) for nodes already part of an earlier element: in reading order
        /// the later one may come first.
        var shared: [(node: Int, element: Int)] = []
        /// One draft at a time: reused, so appending and removing it does not allocate.
        var draft: [ElementDraft] = []
        var buffer = TextBuffer()

        init(builder: ElementBuilder, count: Int, series visibility: Visibility) {
            self.builder = builder
            series = visibility.seriesOf; seriesNodes = visibility.seriesNodes
            elementOfNode = [Int?](filledWith: nil, count: count)
            // Growing copies every element; element roles bound the count.
            elements.reserveCapacity(builder.elementRoleCount)
            facts.reserveCapacity(builder.elementRoleCount)
            seriesOfElement.reserveCapacity(builder.elementRoleCount)
            draft.reserveCapacity(1)
        }

        /// Builds reading items for `i` and its subtree (recursion bounded by the decoder's depth limit).
        mutating func collect(_ i: Int, into items: inout [ReadingItem]) {
            let priority = builder.nodes[i].sortPriority
            switch builder.role(of: i) {
            case .skipped: return
            case .leaf, .strategies, .combine:
                if builder.appendElement(for: i, to: &draft) {
                    let k = elements.count
                    finish()
                    items.append(ReadingItem(content: .element(k), sortPriority: priority, frame: elements[k].frame))
                }
            case .container(let contain):
                // A plain container is read through, unless its sortPriority must place it among its siblings.
                guard contain || priority != 0 else {
                    for child in builder.visitedChildren(of: i) { collect(child, into: &items) }
                    return
                }
                var members: [ReadingItem] = []
                for child in builder.visitedChildren(of: i) { collect(child, into: &members) }
                guard !members.isEmpty else { return }
                ReadingItem.sort(&members, order: builder.order)
                // A group falls where its first member does.
                items.append(ReadingItem(content: .group(members), sortPriority: priority, frame: members[0].frame))
            }
        }

        /// Turns the draft into the next element; its fields are moved into the element.
        private mutating func finish() {
            let k = elements.count
            var d = draft.removeLast()
            if d.traits.contains(.adjustable) && d.hint == nil { d.hint = SpokenOutput.adjustableHint }
            let node = d.node
            // The series of an element is its node's nearest series container other than itself.
            var s = -1
            if !series.isEmpty {
                s = series[node]
                if s >= 0 && seriesNodes[s] == node { s = builder.nodes[node].parent.map { series[$0] } ?? -1 }
            }
            seriesOfElement.append(s)
            // Elements in a series are spoken once their position is known.
            let spoken = s >= 0 ? "" : SpokenOutput.utterance(
                label: d.label, value: builder.displayValue(d.value, traits: d.traits, node: node),
                hint: d.hint, traits: d.traits, position: nil, buffer: &buffer)
            for part in d.nodes {
                if elementOfNode[part] == nil { elementOfNode[part] = k } else { shared.append((part, k)) }
            }
            facts.append(ElementFacts(node: node, traits: d.traits, label: d.label, nodes: builder.nodes))
            elements.append(AccessibilityElement(moving: &d, spoken: spoken, position: nil))
        }

        /// Elements and facts moved into reading order (`sequence`: element indices), and
        /// each node's element renumbered: the first in reading order it is part of.
        mutating func inReadingOrder(_ sequence: [Int]) -> ([AccessibilityElement], [ElementFacts], [Int?]) {
            var elements: [AccessibilityElement] = [], facts: [ElementFacts] = []
            swap(&elements, &self.elements); swap(&facts, &self.facts)
            // Geometric order usually keeps document order: then nothing moves.
            if sequence.indices.allSatisfy({ sequence[$0] == $0 }) { return (elements, facts, elementOfNode) }
            var readingIndex = [Int](filledWith: 0, count: sequence.count)
            for (index, k) in sequence.enumerated() { readingIndex[k] = index }
            var order = sequence
            StableSort.permute(&elements, by: &order)
            order = sequence
            StableSort.permute(&facts, by: &order)
            elementOfNode.withUnsafeMutableBufferPointer { elementOfNode in
                for node in elementOfNode.indices {
                    if let k = elementOfNode[node] { elementOfNode[node] = readingIndex[k] }
                }
                for (node, k) in shared { elementOfNode[node] = min(elementOfNode[node]!, readingIndex[k]) }
            }
            return (elements, facts, elementOfNode)
        }
    }

    /// "N of M" for elements (in reading `sequence`) inside a tab bar (`tabBar` trait) or a
    /// `tabSet`. Arrays indexed by series (`Visibility.seriesOf`), no dictionaries.
    private static func seriesPositions(of sequence: [Int], seriesOfElement: [Int],
                                        seriesCount: Int) -> [AccessibilityElement.Position?] {
        guard seriesCount > 0 else { return [AccessibilityElement.Position?](filledWith: nil, count: sequence.count) }
        let container = sequence.map { seriesOfElement[$0] }
        var total = [Int](filledWith: 0, count: seriesCount)
        for c in container where c >= 0 { total[c] += 1 }
        var seen = [Int](filledWith: 0, count: seriesCount)
        return container.map { c in
            guard c >= 0 else { return nil }
            seen[c] += 1
            return AccessibilityElement.Position(index: seen[c], count: total[c])
        }
    }
}
