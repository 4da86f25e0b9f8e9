import A11yEngines
/// For each element of an Android dump: our node kind, whether TalkBack stops on it, and where
/// it comes in TalkBack's traversal (see `AndroidImporter` for the rules and their sources).
/// Walks are over the flat pre-order arrays, forwards for what flows down (visibility,
/// ancestors) and backwards for what flows up (descendants), so nothing recurses.
///
/// TalkBack sees the tree of nodes important for accessibility: a node that is not important
/// is absent and its children hang from its nearest important ancestor (`a11yParent`). The
/// rules below read that tree, as google/talkback's
/// `utils/src/main/java/com/google/android/accessibility/utils/AccessibilityNodeInfoUtils.java`
/// does on `AccessibilityNodeInfo`s.
struct AndroidRoles {
    enum Role { case stop, readThrough }
    private(set) var role: [Role] = []
    /// Accessibility focusable (`isAccessibilityFocusable`): actionable, or a speaking top-level
    /// item of a scrolling container.
    private(set) var focusable: [Bool] = []
    /// A stop that holds other stops: TalkBack focuses the node and then each of them.
    private(set) var holdsStops: [Bool] = []
    /// Each element's place in TalkBack's traversal, from 0 (the root); see `place(of:)`.
    /// Empty when no container was reordered: the traversal is then document order.
    private(set) var rank: [Int] = []
    private var visible: [Bool] = []
    /// In TalkBack's tree: important for accessibility (see `isInTree`).
    private(set) var inTree: [Bool] = []
    /// Nearest important ancestor (0, the root, when none): the node's parent in TalkBack's tree.
    private(set) var a11yParent: [Int] = []
    /// Element `i`'s place in TalkBack's traversal.
    func place(of i: Int) -> Int { rank.isEmpty ? i : rank[i] }
    /// One past the last index of each element's subtree.
    private var subtreeEnd: [Int] = []
    /// TalkBack's children of node `i`, in traversal order: `childList[childStart[i]..<childStart[i + 1]]`.
    private(set) var childStart: [Int] = [0]
    private(set) var childList: [Int] = []

    init(_ elements: [AndroidElement]) {
        let count = elements.count
        // Worked out in local arrays and stored at the end (speed: an array stored in `self`
        // is checked for a second owner at every write).
        var role = [Role](repeating: .readThrough, count: count)
        var focusable = [Bool](repeating: false, count: count)
        var holdsStops = [Bool](repeating: false, count: count)
        var visible = [Bool](repeating: false, count: count)
        var inTree = [Bool](repeating: true, count: count)
        var a11yParent = [Int](repeating: 0, count: count)
        var subtreeEnd = Array(1...max(count, 1))
        childStart = [Int](repeating: 0, count: count + 1)
        defer {
            self.role = role; self.focusable = focusable; self.holdsStops = holdsStops; self.visible = visible
            self.inTree = inTree; self.a11yParent = a11yParent; self.subtreeEnd = subtreeEnd
        }
        guard count > 1 else { return }

        // Children in TalkBack's tree, counted at each node's slot + 1 (made offsets later).
        var start = [Int](repeating: 0, count: count + 1)
        for i in 1..<count {
            let f = elements[i].flags, p = Int(elements[i].parent)
            visible[i] = f.contains(.visible) && (p == 0 || visible[p])
            inTree[i] = Self.isInTree(elements[i])
            a11yParent[i] = p == 0 || inTree[p] ? p : a11yParent[p]
            if inTree[i] { start[a11yParent[i] + 1] += 1 }
        }
        // Upwards: subtree ends, then `isSpeakingNode` (text, content description or hint;
        // checkable; or a non-actionable speaking child) and `isAccessibilityFocusable`.
        var speaking = [Bool](repeating: false, count: count)
        for i in stride(from: count - 1, through: 1, by: -1) {
            let p = Int(elements[i].parent)
            subtreeEnd[p] = max(subtreeEnd[p], subtreeEnd[i])
            let f = elements[i].flags
            guard visible[i], inTree[i] else { continue }
            if Self.hasText(elements[i]) || f.contains(.checkable) { speaking[i] = true }
            let parent = a11yParent[i]
            let scrollItem = Self.isScrollItem(parent, elements)
            // `isFocusableOrClickable`: visible and screen-reader-focusable, clickable,
            // long-clickable or focusable (`isActionableForAccessibility`).
            let actionable = !f.isDisjoint(with: [.screenReaderFocusable, .clickable, .longClickable, .focusable])
            focusable[i] = actionable || (scrollItem && speaking[i])
            // `hasNonActionableSpeakingChildren`: not through actionable children, nor through
            // speaking top-level scroll items unless the parent itself is (long-)clickable.
            guard parent > 0, !actionable, speaking[i] else { continue }
            if scrollItem && elements[parent].flags.isDisjoint(with: [.clickable, .longClickable]) { continue }
            speaking[parent] = true
        }
        // Downwards: `shouldFocusNode`. A focusable node is a stop when it has no children or
        // something to speak; any other node when it has text or a state and no focusable
        // ancestor (`hasMatchingAncestor` with `shouldFocusNode(_, _, checkChildren: false)`).
        var focusableAncestor = [Bool](repeating: false, count: count)
        // The nearest stop above each node (0 when none).
        var stopAbove = [Int](repeating: 0, count: count)
        for i in 1..<count {
            let a = a11yParent[i]
            focusableAncestor[i] = a > 0 && (focusableAncestor[a] || focusable[a])
            stopAbove[i] = a > 0 && role[a] == .stop ? a : stopAbove[a]
            guard visible[i], inTree[i] else { continue }
            let isStop = focusable[i]
                ? start[i + 1] == 0 || speaking[i]
                : !focusableAncestor[i] && (Self.hasText(elements[i]) || elements[i].flags.contains(.checkable))
            if isStop {
                role[i] = .stop
                // Only the nearest stop above walks into this one (the others walk into it through that stop).
                if stopAbove[i] > 0 { holdsStops[stopAbove[i]] = true }
            }
        }
        // The traversal reads these (the `defer` stores the same arrays again: no copy).
        self.role = role; self.inTree = inTree; self.visible = visible; self.a11yParent = a11yParent
        orderTraversal(elements, childCounts: start)
    }

    /// Whether TalkBack's tree holds the node: as the dump says (Appium's `a11y-important`),
    /// else by the framework's automatic importance (`View.isImportantForAccessibility`: a
    /// TextView, a view with a content description, an actionable, checkable, scrolling or
    /// heading view, a field, a seek or progress bar; UI Automator writes every view, so a
    /// plain layout wrapper is left out as the framework leaves it out).
    static func isInTree(_ e: borrowing AndroidElement) -> Bool {
        let f = e.flags
        if f.contains(.importanceStated) { return f.contains(.important) }
        if !f.isDisjoint(with: [.clickable, .longClickable, .focusable, .screenReaderFocusable, .checkable,
                                .scrollable, .heading, .speaksText, .hasHint]) { return true }
        switch e.kind {
        case .view, .image, .cell: return false
        default: return true
        }
    }

    /// `hasText`: a text, content description or hint that is not empty (a whitespace text counts).
    static func hasText(_ e: borrowing AndroidElement) -> Bool {
        !e.flags.isDisjoint(with: [.speaksText, .hasHint])
    }

    /// `isScrollItem`: children of `parent` are top-level scroll items when it is scrollable or
    /// a list, grid or scroll view by class, and not a drop-down list (Spinner).
    private static func isScrollItem(_ parent: Int, _ elements: [AndroidElement]) -> Bool {
        guard parent > 0 else { return false }
        let f = elements[parent].flags
        return !f.contains(.spinner) && !f.isDisjoint(with: [.scrollable, .scrollingContainer])
    }

    /// Pre-order over TalkBack's tree with each node's children in the order
    /// `ReorderedChildrenIterator` gives (utils/.../traversal/ReorderedChildrenIterator.java,
    /// bounds from `NodeCachedBoundsCalculator`): the rank of every element. Children lists
    /// are left in `childList` (reordered), each node's from `childStart[i]` to `childStart[i + 1]`.
    private mutating func orderTraversal(_ elements: [AndroidElement], childCounts: consuming [Int]) {
        let count = elements.count
        // Children lists in TalkBack's tree (important nodes only), in document order.
        var start = childCounts
        // Only a node whose bounds come from its children can move, and only among siblings:
        // a visible node TalkBack does not focus, with children, under a parent with several.
        var mayReorder = false
        for i in 1..<count where inTree[i] && visible[i] && role[i] != .stop && start[i + 1] > 0
            && start[a11yParent[i] + 1] > 1 && elements[a11yParent[i]].className != "android.webkit.WebView" {
            mayReorder = true
            break
        }
        for i in 0..<count { start[i + 1] += start[i] }
        var list = [Int](repeating: 0, count: start[count])
        var fill = start
        for i in 1..<count where inTree[i] {
            let p = a11yParent[i]
            list[fill[p]] = i; fill[p] += 1
        }
        // `NodeCachedBoundsCalculator.fetchBound`: a node TalkBack focuses has its own bounds;
        // any other the box of its children's bounds clipped to its own; invisible ones none.
        var bounds = [BoundsBox](repeating: .empty, count: mayReorder ? count : 0)
        // `usesChildrenBounds`: the computed bounds differ from the node's own.
        var childBased = [Bool](repeating: false, count: mayReorder ? count : 0)
        var anyChildBased = false
        for i in stride(from: count - 1, through: 1, by: -1) where mayReorder && visible[i] && inTree[i] {
            let own = BoundsBox(elements[i])
            if role[i] == .stop || start[i] == start[i + 1] { bounds[i] = own; continue }
            var union = BoundsBox.empty, found = false
            for k in start[i]..<start[i + 1] where !bounds[list[k]].isEmpty {
                union = found ? union.union(bounds[list[k]]) : bounds[list[k]]
                found = true
            }
            bounds[i] = found ? union.clamped(to: own) : own
            if bounds[i] != own && !bounds[i].isEmpty { childBased[i] = true; anyChildBased = true }
        }
        var reordered = false
        for i in 0..<count where anyChildBased && start[i + 1] - start[i] > 1 {
            let range = start[i]..<start[i + 1]
            var candidate = false
            for k in range where childBased[list[k]] { candidate = true; break }
            guard candidate, elements[i].className != "android.webkit.WebView" else { continue }
            var kids = Array(list[range])
            Self.reorder(&kids, bounds: bounds, own: { BoundsBox(elements[$0]) }, usesChildrenBounds: { childBased[$0] })
            if !kids.elementsEqual(list[range]) { reordered = true; list.replaceSubrange(range, with: kids) }
        }
        childStart = start
        // Without a reordered container the traversal is document order.
        guard reordered else {
            childList = list
            return
        }
        // Explicit stack: dumps may be deep. Nodes outside TalkBack's tree keep rank 0.
        rank = [Int](repeating: 0, count: count)
        var next = 0
        var stack = [0]
        while let i = stack.popLast() {
            rank[i] = next; next += 1
            stack.append(contentsOf: list[start[i]..<start[i + 1]].reversed())
        }
        childList = list
    }

    /// `ReorderedChildrenIterator.reorder`: from the second last child back to the first, a
    /// child whose bounds come from its children moves right past each next sibling that its
    /// adjusted bounds place after it while its own bounds placed it before.
    static func reorder(_ kids: inout [Int], bounds: [BoundsBox], own: (Int) -> BoundsBox,
                        usesChildrenBounds: (Int) -> Bool) {
        var index = kids.count - 2
        while index >= 0 {
            let current = kids[index]
            if usesChildrenBounds(current) {
                var next = index + 1
                while next < kids.count,
                      BoundsBox.compare(bounds[current], bounds[kids[next]]) > 0,
                      BoundsBox.compare(own(current), own(kids[next])) < 0 {
                    kids[next - 1] = kids[next]
                    kids[next] = current
                    next += 1
                }
            }
            index -= 1
        }
    }

    /// The label TalkBack composes for stop `i`: its content description, else its own text
    /// (not for fields, whose text is their value) and the text of the descendants it speaks
    /// for, in document order, joined with ", ".
    func label(of i: Int, _ elements: [AndroidElement]) -> String {
        if elements[i].flags.contains(.descriptionNotBlank) { return elements[i].contentDescription }
        // Sized first, then written once: most labels have one part, taken as it is (no copy);
        // a label of several parts grown part by part would move to larger storage up to twice.
        var parts = 0, bytes = 0, first = ""
        forEachLabelPart(of: i, elements) { part in
            if parts == 0 { first = part }
            parts += 1
            bytes += part.utf8.count
        }
        guard parts > 1 else { return first }
        // The parts' bytes copied into one String of the exact size (no appends).
        return String(unsafeUninitializedCapacity: bytes + 2 * (parts - 1)) { buffer in
            var at = 0
            forEachLabelPart(of: i, elements) { part in
                if at > 0 { buffer[at] = 0x2C; buffer[at + 1] = 0x20; at += 2 }
                var part = part
                part.withUTF8 { utf8 in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: utf8)
                    at += utf8.count
                }
            }
            return at
        }
    }

    /// The parts of stop `i`'s label (never empty), in order: its own text unless it is a field,
    /// then the content description or text of each descendant it speaks for.
    private func forEachLabelPart(of i: Int, _ elements: [AndroidElement], _ body: (String) -> Void) {
        let k = elements[i].kind
        if k != .textField && k != .secureTextField && k != .slider && k != .progressBar && elements[i].flags.contains(.textNotBlank) {
            body(elements[i].text)
        }
        var j = i + 1
        while j < subtreeEnd[i] {
            if !visible[j] || focusable[j] { j = subtreeEnd[j]; continue }
            let f = elements[j].flags
            if inTree[j] {
                if f.contains(.descriptionNotBlank) {
                    body(elements[j].contentDescription)
                    j = subtreeEnd[j]
                    continue
                }
                if f.contains(.textNotBlank) { body(elements[j].text) }
            }
            j += 1
        }
    }
}

/// A node's bounds in pixels as TalkBack's traversal compares them (`android.graphics.Rect`).
struct BoundsBox: Equatable {
    var left: Int32, top: Int32, right: Int32, bottom: Int32
    static let empty = BoundsBox(left: 0, top: 0, right: 0, bottom: 0)
    var isEmpty: Bool { self == .empty }

    init(left: Int32, top: Int32, right: Int32, bottom: Int32) {
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
    }

    init(_ e: AndroidElement) { self.init(left: e.left, top: e.top, right: e.right, bottom: e.bottom) }

    func union(_ o: BoundsBox) -> BoundsBox {
        BoundsBox(left: min(left, o.left), top: min(top, o.top), right: max(right, o.right), bottom: max(bottom, o.bottom))
    }

    /// The children's box limited to the node's own (`fetchBound`).
    func clamped(to own: BoundsBox) -> BoundsBox {
        BoundsBox(left: max(left, own.left), top: max(top, own.top), right: min(right, own.right), bottom: min(bottom, own.bottom))
    }

    /// `ReorderedChildrenIterator.compare` (left to right): above, below, then left edge, top,
    /// taller first, wider first; a tie or missing bounds read as "before" (-1).
    static func compare(_ a: BoundsBox, _ b: BoundsBox) -> Int {
        if a.isEmpty || b.isEmpty { return -1 }
        if Int(a.bottom) - Int(b.top) <= 0 { return -1 }
        if Int(a.top) - Int(b.bottom) >= 0 { return 1 }
        if a.left != b.left { return Int(a.left) - Int(b.left) }
        if a.top != b.top { return Int(a.top) - Int(b.top) }
        let ha = Int(a.bottom) - Int(a.top), hb = Int(b.bottom) - Int(b.top)
        if ha != hb { return -(ha - hb) }
        let wa = Int(a.right) - Int(a.left), wb = Int(b.right) - Int(b.left)
        if wa != wb { return -(wa - wb) }
        return -1
    }
}

extension AndroidRoles {
    /// What TalkBack says for the children stop `i` speaks for, in its words and traversal
    /// order (`TreeNodesDescription.treeNodesDescription`: each visible child that is not
    /// accessibility focusable, with its checked status, role description, own children and
    /// hint); nil when the stop has a content description (which speaks for the subtree) or
    /// no such child says anything.
    func spokenChildren(of i: Int, _ elements: [AndroidElement]) -> String? {
        guard elements[i].contentDescription.isEmpty, childStart[i] < childStart[i + 1] else { return nil }
        var parts: [String?] = []
        for k in childStart[i]..<childStart[i + 1] {
            let c = childList[k]
            guard visible[c], !focusable[c] else { continue }
            parts.append(description(of: c, elements))
        }
        let joined = TalkBackSpeech.joined(parts)
        return joined.isEmpty ? nil : joined
    }

    /// Whether what TalkBack says for the children of `i` is exactly their part of the label:
    /// each child spoken for is a text with no role word, state, hint or children of its own
    /// whose text is not a lone symbol, or a silent image, in document order. Saves composing
    /// the children's words for most stops.
    func childrenSayTheirLabelParts(_ i: Int, _ elements: [AndroidElement]) -> Bool {
        var previous = i
        for k in childStart[i]..<childStart[i + 1] {
            let c = childList[k]
            if c < previous { return false }
            previous = c
            guard visible[c], !focusable[c] else { continue }
            // Read in place: a copy of the element would retain and release its strings.
            let f = elements[c].flags
            if elements[c].kind == .image && f.isDisjoint(with: [.speaksText, .hasHint]) { continue }
            guard elements[c].kind == .text, childStart[c] == childStart[c + 1], !f.contains(.hasHint),
                  elements[c].talkBackRole.word == nil else { return false }
            if !f.contains(.speaksText) { continue }
            let byDescription = !elements[c].contentDescription.isEmpty
            // A blank text is said ("Space") but left out of the label; a lone symbol is named.
            guard f.contains(byDescription ? .descriptionNotBlank : .textNotBlank) else { return false }
            let short = (byDescription ? elements[c].contentDescription.utf8.count : elements[c].text.utf8.count) <= 3
            if short {
                let name = byDescription ? elements[c].contentDescription : elements[c].text
                if TalkBackSymbols.cleanUp(name) != name { return false }
            }
        }
        return true
    }

    /// `getAppendedTreeDescription` of a child that is spoken for.
    private func description(of c: Int, _ elements: [AndroidElement]) -> String? {
        let e = elements[c], f = e.flags
        // An ImageView with nothing to say is not important for accessibility by the
        // framework's automatic rule, so not in TalkBack's tree (`TalkBackLabelManager.needsLabel` notes it).
        if elements[c].kind == .image && !Self.hasText(e) { return nil }
        let hasChildren = childStart[c] < childStart[c + 1]
        // Most children are texts: no role word, state or hint, so their name alone.
        if elements[c].kind == .text && !hasChildren && !f.contains(.hasHint) && e.talkBackRole.word == nil {
            let name = e.contentDescription.isEmpty ? e.text : e.contentDescription
            return name.isEmpty ? nil : TalkBackSymbols.cleanUp(name)
        }
        var name: String? = e.contentDescription.isEmpty ? nil : e.contentDescription
        var value: String?, hint: String? = f.contains(.hasHint) ? e.hint : nil
        switch elements[c].kind {
        case .textField, .secureTextField:
            if f.contains(.showingHint) { if hint == nil && !e.text.isEmpty { hint = e.text } } else if !e.text.isEmpty { value = e.text }
        case .slider, .progressBar:
            if !e.text.isEmpty { value = e.text }
        default:
            if name == nil && !e.text.isEmpty { name = e.text }
        }
        let checkable = f.contains(.checkable)
        if checkable && value == nil { value = f.contains(.checked) ? "1" : "0" }
        var facts = TalkBackSpeech.Facts(role: e.talkBackRole, checkable: checkable, isPassword: elements[c].kind == .secureTextField)
        facts.clickable = f.contains(.clickable)
        let children = e.contentDescription.isEmpty && hasChildren ? spokenChildren(of: c, elements) : nil
        let text = TalkBackSpeech.treeDescription(label: name, value: value, hint: hint, facts: facts, children: children)
        return text.isEmpty ? nil : text
    }
}
