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
            let e = elements[i], p = Int(e.parent)
            visible[i] = e.flags.contains(.visible) && (p == 0 || visible[p])
            var k = AndroidClasses.kind(of: e.className, password: e.flags.contains(.password))
            if e.flags.contains(.checkable) && (k == .view || k == .text) { k = .toggle }
            kind[i] = k
            let f = e.flags
            let actionable = f.contains(.screenReaderFocusable) || f.contains(.clickable)
                || f.contains(.longClickable) || f.contains(.focusable)
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
            if !focusable[i], p > 0, elements[i].flags.contains(.important), subtreeSpeaks[i] || Self.speaks(elements[i]) {
                let parent = elements[p]
                if (parent.flags.contains(.scrollable) || AndroidClasses.isScrollingContainer(parent.className))
                    && parent.className != "android.widget.Spinner" {
                    focusable[i] = true
                }
            }
            if focusable[i] || hasFocusableDescendant[i] { hasFocusableDescendant[p] = true }
            if elements[i].flags.contains(.important) { hasImportantDescendant[p] = true }
            // What a focusable parent would collect: not through focusable children.
            if !focusable[i] && (subtreeSpeaks[i] || Self.speaks(elements[i])) { subtreeSpeaks[p] = true }
        }
        // Downwards: stops. A focusable node with focusable descendants is read as its parts
        // (see `AndroidImporter`), so it does not speak for the nodes below it.
        var spokenFor = [Bool](repeating: false, count: count)
        for i in 1..<count {
            let e = elements[i], p = Int(e.parent)
            let parentSpeaksForChildren = p > 0 && (spokenFor[p] || (focusable[p] && role[p] == .stop))
            spokenFor[i] = parentSpeaksForChildren
            guard visible[i], !parentSpeaksForChildren else { continue }
            if focusable[i] {
                let speaks = Self.speaks(e) || subtreeSpeaks[i]
                if !hasFocusableDescendant[i] && (speaks || !hasImportantDescendant[i]) { role[i] = .stop }
            } else if e.flags.contains(.important) && (Self.speaks(e) || !e.hint.isEmpty) {
                role[i] = .stop
            }
        }
    }

    /// Text or a content description that is not blank.
    static func speaks(_ e: AndroidElement) -> Bool {
        !isBlank(e.contentDescription) || !isBlank(e.text)
    }

    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The label TalkBack composes for stop `i`: its content description, else its own text
    /// (not for fields, whose text is their value) and the text of the descendants it speaks
    /// for, in document order, joined with ", ".
    func label(of i: Int, _ elements: [AndroidElement]) -> String {
        let own = elements[i]
        if !Self.isBlank(own.contentDescription) { return own.contentDescription }
        var parts: [String] = []
        let k = kind[i]
        if k != .textField && k != .secureTextField && k != .slider && k != .progressBar && !Self.isBlank(own.text) {
            parts.append(own.text)
        }
        var j = i + 1
        while j < subtreeEnd[i] {
            let d = elements[j]
            if !visible[j] || focusable[j] { j = subtreeEnd[j]; continue }
            if d.flags.contains(.important) {
                if !Self.isBlank(d.contentDescription) {
                    parts.append(d.contentDescription)
                    j = subtreeEnd[j]
                    continue
                }
                if !Self.isBlank(d.text) { parts.append(d.text) }
            }
            j += 1
        }
        return parts.joined(separator: ", ")
    }
}
