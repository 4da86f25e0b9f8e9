/// For each element of an Android dump: our node kind, and whether TalkBack stops on it
/// (see `AndroidImporter` for the rules and their sources). Walks are over the flat
/// pre-order arrays, forwards for what flows down (visibility, ancestors) and backwards for
/// what flows up (descendants), so nothing recurses.
struct AndroidRoles {
    enum Role { case stop, readThrough }
    private(set) var kind: [NodeKind]
    private(set) var role: [Role]
    /// Focusable for accessibility (ATF `isAccessibilityFocusable`).
    private(set) var focusable: [Bool]
    private var visible: [Bool]
    /// One past the last index of each element's subtree.
    private var subtreeEnd: [Int]

    init(_ elements: [AndroidElement]) {
        let count = elements.count
        kind = [NodeKind](repeating: .view, count: count)
        role = [Role](repeating: .readThrough, count: count)
        focusable = [Bool](repeating: false, count: count)
        visible = [Bool](repeating: false, count: count)
        subtreeEnd = Array(1...max(count, 1))
        guard count > 1 else { return }

        for i in 1..<count {
            let f = elements[i].flags, p = Int(elements[i].parent)
            visible[i] = f.contains(.visible) && (p == 0 || visible[p])
            kind[i] = elements[i].kind
            let actionable = !f.isDisjoint(with: [.screenReaderFocusable, .clickable, .longClickable, .focusable])
            focusable[i] = visible[i] && f.contains(.important) && actionable
        }
        // Upwards: subtree ends, children of scrolling containers, focusable / important
        // descendants, and whether a subtree speaks.
        var hasFocusableDescendant = [Bool](repeating: false, count: count)
        var hasImportantDescendant = [Bool](repeating: false, count: count)
        var subtreeSpeaks = [Bool](repeating: false, count: count)
        for i in stride(from: count - 1, through: 1, by: -1) {
            let p = Int(elements[i].parent)
            subtreeEnd[p] = max(subtreeEnd[p], subtreeEnd[i])
            guard visible[i] else { continue }
            // A child of a scrolling container that speaks (itself or through its subtree, known
            // by now) is focused on its own (ATF `isAccessibilityFocusable`).
            if !focusable[i], p > 0, elements[i].flags.contains(.important), subtreeSpeaks[i] || elements[i].speaks {
                let parent = elements[p].flags
                if !parent.isDisjoint(with: [.scrollable, .scrollingContainer]) && !parent.contains(.spinner) {
                    focusable[i] = true
                }
            }
            if focusable[i] || hasFocusableDescendant[i] { hasFocusableDescendant[p] = true }
            if elements[i].flags.contains(.important) { hasImportantDescendant[p] = true }
            // What a focusable parent would collect: not through focusable children.
            if !focusable[i] && (subtreeSpeaks[i] || elements[i].speaks) { subtreeSpeaks[p] = true }
        }
        // Downwards: stops. A focusable node with focusable descendants is read as its parts
        // (see `AndroidImporter`), so it does not speak for the nodes below it.
        var spokenFor = [Bool](repeating: false, count: count)
        for i in 1..<count {
            let f = elements[i].flags, p = Int(elements[i].parent)
            let parentSpeaksForChildren = p > 0 && (spokenFor[p] || (focusable[p] && role[p] == .stop))
            spokenFor[i] = parentSpeaksForChildren
            guard visible[i], !parentSpeaksForChildren else { continue }
            if focusable[i] {
                let speaks = elements[i].speaks || subtreeSpeaks[i]
                if !hasFocusableDescendant[i] && (speaks || !hasImportantDescendant[i]) { role[i] = .stop }
            } else if f.contains(.important) && (elements[i].speaks || f.contains(.hasHint)) {
                role[i] = .stop
            }
        }
    }

    /// The label TalkBack composes for stop `i`: its content description, else its own text
    /// (not for fields, whose text is their value) and the text of the descendants it speaks
    /// for, in document order, joined with ", ".
    func label(of i: Int, _ elements: [AndroidElement]) -> String {
        if elements[i].flags.contains(.descriptionNotBlank) { return elements[i].contentDescription }
        // The parts are never empty, so an empty label means no part yet.
        var label = ""
        func add(_ part: String) {
            if !label.isEmpty { label += ", " }
            label += part
        }
        let k = kind[i]
        if k != .textField && k != .secureTextField && k != .slider && k != .progressBar && elements[i].flags.contains(.textNotBlank) {
            add(elements[i].text)
        }
        var j = i + 1
        while j < subtreeEnd[i] {
            if !visible[j] || focusable[j] { j = subtreeEnd[j]; continue }
            let f = elements[j].flags
            if f.contains(.important) {
                if f.contains(.descriptionNotBlank) {
                    add(elements[j].contentDescription)
                    j = subtreeEnd[j]
                    continue
                }
                if f.contains(.textNotBlank) { add(elements[j].text) }
            }
            j += 1
        }
        return label
    }
}
