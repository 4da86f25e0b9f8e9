import A11yModel
/// Walks the tree for the analyzer: reading items, and each element finished (with its facts,
/// series and nodes) as soon as it is built, in document order.
package struct ElementCollector {
    private let series: [Int], seriesNodes: [Int]
    package private(set) var elements: [AccessibilityElement] = []
    private var facts: [ElementFacts] = []
    /// Index in `Visibility.seriesNodes` of each element's series, -1 for none.
    package private(set) var seriesOfElement: [Int] = []
    /// Drafts of elements in a series, in document order: they are spoken with their "N of M"
    /// position, known once reading order is. Their elements hold `placeholder` until then.
    package private(set) var pending: [ElementDraft] = []
    /// Shared by all waiting elements: one box for all of them.
    private var placeholder: AccessibilityElement?
    /// For each node, the first element (document order) it is part of.
    private var elementOfNode: [Int?]
    /// (node, element) for nodes already part of an earlier element: in reading order
    /// the later one may come first.
    private var shared: [(node: Int, element: Int)] = []
    /// One draft at a time: reused, so appending and removing it does not allocate.
    private var draft: [ElementDraft] = []
    private var buffer = TextBuffer()
    /// Android trees are spoken in TalkBack's words (`TalkBackSpeech`), others in VoiceOver's.
    private let talkBack: Bool

    /// Elements that may still come (element roles): bounds the arrays.
    private let capacity: Int

    package init(count: Int, visibility: Visibility, capacity: Int, platform: Platform = .ios) {
        self.capacity = capacity
        talkBack = platform == .android
        series = visibility.seriesOf; seriesNodes = visibility.seriesNodes
        elementOfNode = [Int?](filledWith: nil, count: count)
        // Sized once: element roles bound the count.
        elements.reserveCapacity(capacity)
        facts.reserveCapacity(capacity)
        seriesOfElement.reserveCapacity(capacity)
        draft.reserveCapacity(1)
    }

    /// Builds reading items for `i` and its subtree (recursion bounded by the decoder's depth limit).
    package mutating func collect(_ i: Int, builder: ElementBuilder, meter: inout OutputMeter,
                          into items: inout [ReadingItem]) throws(InputError) {
        try builder.poll.step()
        // Siblings of a modal view are not walked (their roles stand for composition, which does not look at modals).
        guard builder.visibility.isReachable[i] else { return }
        let priority = builder.nodes[i].sortPriority
        switch builder.role(of: i) {
        case .skipped: return
        case .leaf, .strategies, .combine:
            // A zero-size element is not visited (the parser prunes zero-size accessibility
            // elements); composition, which follows Blueprint, still takes it as a part.
            let zeroSize = Visibility.isZeroSize(builder.nodes, i), combines = builder.role(of: i) == .combine
            if zeroSize && !combines { return }
            if combines && builder.silentCombines.contains(i) {
                // Found silent while an enclosing silent combined view was composed.
                try collectChildren(of: i, contain: false, priority: priority, builder: builder, meter: &meter, into: &items)
            } else if try builder.appendElement(for: i, to: &draft) {
                // A zero-size combined view that has something to say is an element, so not visited.
                if zeroSize { draft.removeLast(); return }
                let k = elements.count
                let frame = try finish(builder, meter: &meter)
                items.append(ReadingItem(content: .element(k), sortPriority: priority, frame: frame))
                // TalkBack focuses a stop and then each stop inside it (an Android import marks
                // them): its children's items follow it among its siblings, by their priority.
                if talkBack && builder.nodes[i].holdsElements {
                    for c in builder.visitedChildPositions(of: i) {
                        try collect(builder.childStorage[c], builder: builder, meter: &meter, into: &items)
                    }
                }
            } else if combines {
                // A combined view with nothing to say is no element (Blueprint's `CombinableView`
                // with `blockWhenNotAccessible` sets `isAccessibilityElement` to false), so the
                // parser walks into its subviews as into any plain view (a zero-size one that
                // does not clip too).
                try collectChildren(of: i, contain: false, priority: priority, builder: builder, meter: &meter, into: &items)
            }
        case .container(let contain):
            try collectChildren(of: i, contain: contain, priority: priority, builder: builder, meter: &meter, into: &items)
        }
    }

    /// The reading items of a container's children: read through, or kept together as a group.
    private mutating func collectChildren(of i: Int, contain: Bool, priority: Double, builder: ElementBuilder,
                                          meter: inout OutputMeter, into items: inout [ReadingItem]) throws(InputError) {
        // A plain container is read through, unless its sortPriority must place it among its siblings.
        let children = builder.visitedChildPositions(of: i)
        let keepsTogether = contain || self.keepsTogether(i, builder.nodes)
        guard keepsTogether || priority != 0 else {
            for k in children { try collect(builder.childStorage[k], builder: builder, meter: &meter, into: &items) }
            return
        }
        var members: [ReadingItem] = []
        // Usually at most one item per child: sized once instead of grown.
        members.reserveCapacity(children.count)
        for k in children { try collect(builder.childStorage[k], builder: builder, meter: &meter, into: &members) }
        guard !members.isEmpty else { return }
        // UIKit accessibilityElements keep their array order (`explicitOrder`); others sort.
        let explicit = builder.nodes[i].explicitOrder && !builder.nodes[i].syntheticChildRange.isEmpty
        // A group falls where its first member by the reading comparator does; accessibility
        // elements below a tab bar's subviews fall where their own frame does (`placedByOwnFrame`).
        let own = explicit && Self.placedByOwnFrame(i, builder.nodes) ? builder.nodes[i].effectiveAccessibilityFrame : nil
        let frame = own ?? ReadingItem.placingFrame(of: members, order: builder.order)
        if !explicit { ReadingItem.sort(&members, order: builder.order) }
        items.append(ReadingItem(content: .group(members), sortPriority: priority, frame: frame))
    }

    /// Turns the draft into the next element (its fields are moved into the element), or
    /// into a pending one; returns its frame.
    private mutating func finish(_ builder: ElementBuilder, meter: inout OutputMeter) throws(InputError) -> Rect {
        let k = elements.count
        var d = draft.removeLast()
        try ElementCollector.charge(d, to: &meter, builder: builder)
        let node = d.node
        // A list, landmark or data table above it gives the context; else the series of an
        // element is its node's nearest series container other than itself.
        var containerContext: SpokenOutput.Context?, cell: SpokenOutput.DataTableCellContext?, bySeries = true
        if builder.visibility.containers != nil,
           case .byContainer(let context, let cellContext) = builder.visibility.containers!.context(
               of: node, in: builder.nodes, maxBytes: builder.maxTextBytes) {
            containerContext = context; cell = cellContext; bySeries = false
        }
        var s = -1
        if !series.isEmpty && bySeries {
            s = series[node]
            if s >= 0 && seriesNodes[s] == node { s = builder.nodes[node].parent.map { series[$0] } ?? -1 }
        }
        seriesOfElement.append(s)
        for part in d.nodes {
            if elementOfNode[part] == nil { elementOfNode[part] = k } else { shared.append((part, k)) }
        }
        facts.append(ElementFacts(node: node, traits: d.traits, label: d.label, hasHint: d.hint != nil,
                                  nodes: builder.nodes))
        let frame = d.frame
        if s >= 0 {
            if placeholder == nil {
                placeholder = AccessibilityElement()
                // Sized once for the elements still to come: at most that many drafts wait.
                pending.reserveCapacity(capacity - k)
            }
            elements.append(placeholder!)
            pending.append(d)
        } else {
            let speech = talkBack
                ? TalkBackSpeech.speech(label: d.label, value: d.value, hint: d.hint, traits: d.traits,
                                        node: builder.nodes[node], position: nil, maxBytes: builder.maxTextBytes)
                : SpokenOutput.speech(label: d.label, value: d.value, hint: d.hint, traits: d.traits,
                                      context: containerContext, cell: cell,
                                      textEntry: ElementCollector.textEntryState(of: node, builder.nodes),
                                      buffer: &buffer, maxBytes: builder.maxTextBytes)
            try meter.charge(speech.spoken.utf8.count + (speech.hint?.utf8.count ?? 0), at: node, in: builder.nodes,
                             what: "Spoken texts")
            elements.append(AccessibilityElement(moving: &d, spoken: speech.spoken, spokenHint: speech.hint, position: nil))
        }
        return frame
    }

    /// Whether a container node's elements are read together although its role does not say
    /// so: the parser groups a view with `shouldGroupAccessibilityChildren`, the `tabBar` trait
    /// or a container type (`AccessibilityHierarchyParser.containerInfo(for:)`; see
    /// `ContainerContexts.groupsChildren`).
    private func keepsTogether(_ i: Int, _ nodes: [Node]) -> Bool {
        if nodes[i].shouldGroupAccessibilityChildren { return true }
        // A tab bar is a series container (`Visibility.seriesNodes`): most trees have none.
        if !series.isEmpty, series[i] >= 0, seriesNodes[series[i]] == i, nodes[i].effectiveTraits.contains(.tabBar) { return true }
        return ContainerContexts.groupsChildren(nodes, i)
    }

    /// Whether a view's accessibilityElements are placed among their siblings by the view's own
    /// frame: AccessibilitySnapshot's parser (`recursiveAccessibilityHierarchy`) gives such a
    /// group a `frameOverrideProvider` when the context handed down to it (from the outermost
    /// ancestor that provides one: a tab bar, segmented control, list, landmark or data table)
    /// is a view walked through its subviews that has the `tabBar` trait
    /// (`overridesElementFrame(with:)`: `.superview(view)` with `.tabBar`). A tab made of
    /// several elements in a tab bar is so read where the tab is, not where its first part is.
    private static func placedByOwnFrame(_ i: Int, _ nodes: [Node]) -> Bool {
        var provider: Int?
        var p = nodes[i].parent
        while let a = p {
            if ContainerContexts.providesContext(nodes, a) { provider = a }
            p = nodes[a].parent
        }
        guard let a = provider else { return false }
        return nodes[a].effectiveTraits.contains(.tabBar) && nodes[a].syntheticChildRange.isEmpty
            && nodes[a].containerType != .dataTable
    }

    /// The text-entry states of the element's node (UIKit's private isEditing and textArea traits).
    private static func textEntryState(of node: Int, _ nodes: [Node]) -> SpokenOutput.TextEntryState {
        var state: SpokenOutput.TextEntryState = []
        if nodes[node].isEditing { state.insert(.isEditing) }
        if nodes[node].isTextArea { state.insert(.textArea) }
        return state
    }

    /// Charges what the element will write besides fixed-size fields: its texts and the
    /// pointers of its nodes (the spoken text is charged once it is known).
    private static func charge(_ d: borrowing ElementDraft, to meter: inout OutputMeter,
                               builder: ElementBuilder) throws(InputError) {
        var bytes = (d.label?.utf8.count ?? 0) + (d.value?.utf8.count ?? 0) + (d.hint?.utf8.count ?? 0)
            + min(d.identifier?.utf8.count ?? 0, BoundedText.limit + 32)
        if d.hasExtras {
            for a in d.actions { bytes += a.utf8.count + 3 }
            for c in d.customContent { bytes += c.label.utf8.count + c.value.utf8.count + 48 }
            for r in d.rotors { bytes += (r.name?.utf8.count ?? 0) + (r.systemType?.utf8.count ?? 0) + 40 * r.items.count }
        }
        for n in d.nodes { bytes += meter.pointerBytes(of: n, in: builder.nodes) + 3 }
        try meter.charge(bytes, at: d.node, in: builder.nodes, what: "Elements")
    }

    /// Builds the pending elements; `positions` are indexed by element.
    package mutating func finishPending(positions: [AccessibilityElement.Position?], builder: ElementBuilder,
                                meter: inout OutputMeter) throws(InputError) {
        var p = 0
        for k in elements.indices where seriesOfElement[k] >= 0 {
            let position = positions[k]
            // A container with the tabBar trait gives the parser's tab context; a tabSet is a series.
            let inTabBar = builder.nodes[seriesNodes[seriesOfElement[k]]].effectiveTraits.contains(.tabBar)
            let context = position.map { inTabBar ? SpokenOutput.Context.tab($0) : .series($0) }
            let speech = talkBack
                ? TalkBackSpeech.speech(label: pending[p].label, value: pending[p].value, hint: pending[p].hint,
                                        traits: pending[p].traits, node: builder.nodes[pending[p].node],
                                        position: position, maxBytes: builder.maxTextBytes)
                : SpokenOutput.speech(
                    label: pending[p].label, value: pending[p].value, hint: pending[p].hint, traits: pending[p].traits,
                    context: context, textEntry: ElementCollector.textEntryState(of: pending[p].node, builder.nodes),
                    buffer: &buffer, maxBytes: builder.maxTextBytes)
            try meter.charge(speech.spoken.utf8.count + (speech.hint?.utf8.count ?? 0), at: pending[p].node,
                             in: builder.nodes, what: "Spoken texts")
            elements[k] = AccessibilityElement(moving: &pending[p], spoken: speech.spoken, spokenHint: speech.hint,
                                               position: position)
            p += 1
        }
        pending = []
    }

    /// Elements and facts moved into reading order (`sequence`: element indices), and
    /// each node's element renumbered: the first in reading order it is part of.
    package mutating func inReadingOrder(_ sequence: [Int]) -> ([AccessibilityElement], [ElementFacts], [Int?]) {
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
