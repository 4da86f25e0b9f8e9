import A11yModel
/// Turns an Android hierarchy dump (UI Automator or Appium UiAutomator2, import-formats.md §1)
/// into our `Document`, with `platform: android`, so the engines and rules run on it as on
/// a JSON tree. Each XML element is one node, in the same order; `<hierarchy>` is the root.
///
/// What TalkBack does decides each node's role, on TalkBack's tree of nodes important for
/// accessibility (`AndroidRoles`, after google/talkback's `AccessibilityNodeInfoUtils`):
/// - A node is *accessibility focusable* when it is visible and screen-reader-focusable,
///   clickable, long-clickable or focusable, or when it speaks and is a top-level item of a
///   scrolling container (a list or scroll view, or a `scrollable` node; not a Spinner).
/// - A focusable node is a stop when it has no children or speaks (text, description, hint,
///   checkable, or a non-focusable child that speaks), also when it holds other stops: TalkBack
///   focuses it and then each of them (the node is marked `holdsElements`, so the reading walk
///   goes on into it). Its label is its `content-desc` when that is not blank (it overrides the
///   whole subtree); otherwise its own `text` and the text of every descendant that is not
///   itself focusable, joined with ", "; what TalkBack says for those children (their states
///   and role words too) is kept for `TalkBackSpeech` when it differs from the label.
/// - Any other node with text or a checked state is a stop of its own when no focusable
///   ancestor speaks for it. Everything else is read through.
/// - Order is TalkBack's traversal: pre-order with the children of a container laid out out of
///   order reordered (`ReorderedChildrenIterator`); nodes get decreasing `sortPriority` by it.
public enum AndroidImporter {
    /// The dump's screen. `interrupt` is asked between the reading, the roles and the
    /// layout, and every `WorkMeter.pollUnits` nodes laid out.
    public static func document(_ bytes: UnsafeRawBufferPointer, density: Double? = nil,
                                limits: DecodeLimits = .default, interrupt: AuditInterrupt = .never) throws(InputError) -> Document {
        if let density, !AndroidDensity.isAcceptable(density) {
            throw InputError(.invalidValue, "density must be a positive number of at most 100, not \(density)", at: "")
        }
        var reader = AndroidHierarchyReader(bytes, limits: limits)
        try reader.read()
        try interrupt.check()
        let elements = reader.elements
        let sources = reader.sources.build()
        let display = self.display(screen(reader, elements), given: density)
        let roles = AndroidRoles(elements)
        var meter = WorkMeter(interrupt)
        var document = try build(elements, roles: roles, scale: display.density, display: (reader.displayWidth, reader.displayHeight),
                                 sources: sources, meter: &meter)
        var facts = display
        facts.inactiveWindows = reader.inactiveWindows
        document.androidDisplay = facts
        return document
    }

    /// Whether the node says nothing of its own besides its label (no text of its own, state
    /// or role word): then when its children say their label parts, its speech from the
    /// label alone is the same, and no rare row is made (most clickable rows of plain texts).
    private static func saysLabelAlone(_ i: Int, _ elements: [AndroidElement]) -> Bool {
        guard elements[i].text.isEmpty, !elements[i].flags.contains(.checkable) else { return false }
        let kind = elements[i].kind
        guard kind == .view || kind == .text || kind == .list || kind == .cell else { return false }
        return elements[i].talkBackRole.word == nil
    }

    /// The views a window draws behind the status and navigation bars (`PhoneWindow`'s decor view).
    static let statusBarID = "android:id/statusBarBackground", navigationBarID = "android:id/navigationBarBackground"

    /// The thickest inset of an app window taken for a system bar: 64 dp at density 4.
    static let maximumBarPixels = 256

    /// The density to read the dump at (given, else inferred) and whether it is a touch screen.
    static func display(_ screen: AndroidScreen, given density: Double?) -> AndroidDisplay {
        let inferred = AndroidDensity.inferred(screen)
        var display = density.map { AndroidDisplay(density: $0, densitySource: .given) }
            ?? AndroidDisplay(density: inferred.density, densitySource: inferred.source)
        if screen.isTV {
            display.touchScreen = false
            display.notTouchReason = AndroidDisplay.tvReason
        }
        return display
    }

    /// What the dump shows of its screen: Appium's display size, else the extent of the bounds
    /// (whichever is larger in each dimension: Appium's size may leave out the system bars), the
    /// system bars' thickness, and whether it is a TV (a TV signal on a landscape screen, or a
    /// TV's resolution in its natural orientation).
    static func screen(_ reader: AndroidHierarchyReader, _ elements: [AndroidElement]) -> AndroidScreen {
        var right: Int32 = 0, bottom: Int32 = 0
        var statusBar: Int?, navigationBar: Int?
        // By index, read in place: a copy of an element would retain and release its strings.
        for i in elements.indices where elements[i].flags.contains(.hasBounds) {
            right = max(right, elements[i].right); bottom = max(bottom, elements[i].bottom)
            // The bars are views of the app's window with these framework resource ids (told
            // apart by length first: most nodes have an id of their own, none of these lengths).
            let length = elements[i].resourceID.utf8.count
            guard length == statusBarID.utf8.count || length == navigationBarID.utf8.count,
                  elements[i].flags.contains(.visible) else { continue }
            let thickness = Int(min(elements[i].right - elements[i].left, elements[i].bottom - elements[i].top))
            guard thickness > 0 else { continue }
            if elements[i].resourceID == statusBarID { statusBar = statusBar ?? thickness }
            if elements[i].resourceID == navigationBarID { navigationBar = navigationBar ?? thickness }
        }
        // Without the bars' views, a full-width app window that stops short of the display
        // Appium reports is laid out between the bars: its insets are their heights.
        if statusBar == nil && navigationBar == nil, let width = reader.displayWidth, let height = reader.displayHeight,
           let window = elements.dropFirst().first(where: { $0.depth == 1 && $0.flags.contains(.hasBounds) }),
           window.left == 0, Int(window.right) == width, Int(window.bottom) < height, Int(window.bottom) > Int(window.top) {
            let top = Int(window.top), gap = height - Int(window.bottom)
            if top > 0 && top <= maximumBarPixels { statusBar = top }
            if gap <= maximumBarPixels { navigationBar = gap }
        }
        var screen = AndroidScreen(width: max(reader.displayWidth ?? 0, Int(right)), height: max(reader.displayHeight ?? 0, Int(bottom)),
                                   statusBar: statusBar, navigationBar: navigationBar)
        screen.isTV = screen.width > screen.height
            && (reader.tvSignal || (reader.rotation == 0 && !reader.carSignal
                                    && AndroidDisplay.isTVResolution(width: screen.width, height: screen.height)))
        return screen
    }

    private static func build(_ elements: [AndroidElement], roles: AndroidRoles, scale: Double,
                              display: (Int?, Int?), sources: SourceMap, meter: inout WorkMeter) throws(InputError) -> Document {
        let count = elements.count
        var document = Document()
        document.platform = .android
        document.pixelsPerUnit = scale
        document.sourceMap = sources
        document.nodes.reserveCapacity(count)
        let fields = FieldTable(capacity: max(count, 1))
        for i in 0..<count {
            try meter.step()
            // Fields are read in place: a copy of the element would retain and release its five strings.
            let flags = elements[i].flags
            fields.append(Node.Fields())
            var node = Node(table: fields, row: i, parent: elements[i].parent < 0 ? nil : Int(elements[i].parent), isSynthetic: false,
                            indexInParent: Int(elements[i].indexInParent), depth: Int(elements[i].depth))
            // TalkBack's traversal order (`AndroidRoles.place`); a node TalkBack does not see
            // (not important) is read through in place, its children placed among its parent's.
            node.sortPriority = i == 0 || roles.inTree[i] ? Double(count - roles.place(of: i)) : 0
            if i == 0 {
                fields[i].typeName = "hierarchy"
                node.isAccessibilityElement = false
                if let w = display.0, let h = display.1 {
                    node.frame = Rect(x: 0, y: 0, width: Double(w) / scale, height: Double(h) / scale)
                }
                document.nodes.append(node)
                continue
            }
            let kind = elements[i].kind
            node.kind = kind
            fields[i].typeName = elements[i].className.isEmpty ? "android.view.View" : elements[i].className
            // The facts ATF's checks read that no other field carries (NodeWire's Android rows).
            if !elements[i].className.isEmpty { fields[i].classNameIsTypeName = true }
            if !elements[i].contentDescription.isEmpty { fields[rareOf: i].contentDescription = elements[i].contentDescription }
            if flags.contains(.scrollable) { fields[rareOf: i].scrollable = true }
            // Set together and stored once (one write into the table, not three).
            var facts = AndroidFacts()
            facts.state(.clickable, flags.contains(.clickable))
            facts.state(.longClickable, flags.contains(.longClickable))
            facts.state(.important, flags.contains(.important))
            fields[i].androidFacts = facts
            node.hidden = !flags.contains(.visible)
            node.enabled = flags.contains(.enabled)
            if flags.contains(.hasBounds) {
                // In Double: right - left can exceed Int32 when left is negative.
                node.frame = Rect(x: Double(elements[i].left) / scale, y: Double(elements[i].top) / scale,
                                  width: (Double(elements[i].right) - Double(elements[i].left)) / scale, height: (Double(elements[i].bottom) - Double(elements[i].top)) / scale)
            }
            var traits = kind.defaultTraits
            let actionable = flags.contains(.clickable) || flags.contains(.longClickable)
            switch kind {
            case .view, .text, .image, .list, .cell: if actionable { traits.insert(.button) }
            default: break
            }
            if flags.contains(.heading) { traits.insert(.header) }
            if flags.contains(.selected) { traits.insert(.selected) }
            node.traits = traits
            if !elements[i].resourceID.isEmpty {
                fields[i].identifier = elements[i].resourceID
                node.note(.nonEmptyIdentifier, true)
            }
            switch roles.role[i] {
            case .stop:
                node.isAccessibilityElement = true
                let label = roles.label(of: i, elements)
                if !label.isEmpty { fields[i].label = label; node.note(.nonEmptyLabel, true) }
                if roles.holdsStops[i] { fields[i].androidFacts.state(.holdsElements, true) }
                if !(saysLabelAlone(i, elements) && roles.childrenSayTheirLabelParts(i, elements)),
                   let children = roles.spokenChildren(of: i, elements), !(children == label && saysLabelAlone(i, elements)) {
                    let own = elements[i].contentDescription.isEmpty && !elements[i].text.isEmpty
                        && kind != .textField && kind != .secureTextField && kind != .slider && kind != .progressBar
                        ? elements[i].text : nil
                    fields[rareOf: i].talkBackName = own
                    fields[rareOf: i].talkBackChildren = children
                }
            case .readThrough:
                node.isAccessibilityElement = false
            }
            var value: String?
            var hint = elements[i].hint
            switch kind {
            case .textField, .secureTextField:
                // What was typed is the value; while the hint shows, `text` is the hint.
                if flags.contains(.showingHint) {
                    if hint.isEmpty { hint = elements[i].text }
                } else if !elements[i].text.isEmpty {
                    value = elements[i].text
                }
            case .toggle:
                value = flags.contains(.checked) ? "1" : "0"
            case .slider, .progressBar:
                // Appium writes a RangeInfo's current value as the text ("50.0").
                if !elements[i].text.isEmpty { value = elements[i].text }
            default:
                if !elements[i].text.isEmpty { fields[i].text = elements[i].text; node.note(.nonEmptyText, true) }
            }
            if let value { fields[i].value = value; node.note(.nonEmptyValue, !value.isEmpty) }
            if !hint.isEmpty { fields[i].hint = hint; node.note(.nonEmptyHint, true) }
            document.nodes.append(consume node)
        }
        // Children in order: each node's children are contiguous in `childStorage`.
        document.fillChildren(parents: (0..<count).map { elements[$0].parent })
        return document
    }
}
