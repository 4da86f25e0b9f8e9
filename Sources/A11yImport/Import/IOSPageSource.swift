import A11yXML
import A11yModel

/// Turns an Appium XCUITest / WebDriverAgent page source (import-formats.md §2) into our
/// `Document` with `platform: ios`. `<AppiumAUT>` (or a bare `XCUIElementTypeApplication`
/// root) is the root; every element below it is one node, in the same order.
///
/// - The kind comes from the `type` attribute (the element name stands in when it is
///   missing), without its `XCUIElementType` prefix, by `IOSTypes`.
/// - `x`, `y`, `width`, `height` are points already (WDA writes `CGRectIntegral(frame)`); no
///   density applies.
/// - `label` is the label, `value` the value (a switch's "0" / "1" is our toggle value),
///   `placeholderValue` the hint of a field. `name` is WDA's identifier-or-label
///   (`wdNameWithSnapshot`), so it becomes the identifier only when it differs from `label`.
/// - `enabled="false"` is disabled. On screen or not (`OnScreen`): a frame outside the
///   window, or outside a scrolling ancestor's frame, hides the node and its subtree; WDA's
///   `visible="false"`, often wrong on elements that are on screen, hides one on screen only
///   when the source does not say `accessible` (then it is all there is to go by).
/// - `accessible` (WDA's "VoiceOver stops here", when present) decides whether a node is an
///   element; without it, as in the `useJSONSource` dialect, leaf kinds (text, image,
///   controls) are elements and other kinds are read through, as GTXiLib's XCUITest proxy
///   treats childless elements.
/// - `traits` (WDA 9.10 and later: names joined by ", ") replace the kind's traits.
/// - Reading order is VoiceOver's geometric one, as for our JSON trees.
public enum IOSPageSource {
    /// The page source's screen; `interrupt` is asked as the nodes are read (`InterruptPoll.importing`).
    public static func document(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                                interrupt: AuditInterrupt = .never) throws(InputError) -> Document {
        var reader = XMLReader(dump: bytes, limits: limits)
        var sources = SourceMapBuilder(expected: min(bytes.count / 200 + 1, limits.maxNodes))
        var counter = XMLLineCounter()
        var document = Document()
        document.platform = .ios
        var open: [Int] = []
        var childCount: [Int] = []
        var parents: [Int32] = []
        var types = TypeTable()
        var screen = IOSScreen()
        let poll = InterruptPoll.importing(interrupt)
        while true {
            switch try reader.nextEvent() {
            case .startElement:
                try poll.step()
                let index = document.nodes.count
                let location = counter.advance(to: reader.eventOffset, in: bytes)
                if open.isEmpty && !(reader.equals(reader.name, "AppiumAUT") || reader.string(reader.name).hasPrefix("XCUIElementType")) {
                    throw InputError(.invalidValue, "unknown root element <\(reader.string(reader.name))> (an XCUITest page source starts with <AppiumAUT>)",
                                     at: "", line: location.line, column: location.column)
                }
                guard index < limits.maxNodes else {
                    throw InputError(.limit, "more than \(limits.maxNodes) nodes", at: "", line: location.line, column: location.column)
                }
                guard open.count <= limits.maxNodeDepth else {
                    throw InputError(.limit, "nodes nested deeper than \(limits.maxNodeDepth) levels", at: sources.path(of: open[open.count - 1]),
                                     line: location.line, column: location.column)
                }
                let parent = open.last
                sources.add(name: UnsafeRawBufferPointer(rebasing: bytes[reader.name]), parent: parent ?? -1,
                            line: location.line, column: location.column)
                // Described in place: a node copied into the document would retain each of its fields.
                document.nodes.append(Node(parent: parent, indexInParent: childCount.last ?? 0, depth: open.count))
                if !childCount.isEmpty { childCount[childCount.count - 1] += 1 }
                let said = try read(&reader, into: &document.nodes[index], row: index, isRoot: open.isEmpty, types: &types, sources: sources, bytes: bytes)
                screen.enter(&document.nodes[index], visible: said.visible, accessibleSaid: said.accessibleSaid, role: said.screen)
                parents.append(Int32(parent ?? -1))
                open.append(index)
                childCount.append(0)
            case .endElement:
                open.removeLast()
                screen.leave()
                childCount.removeLast()
            case .text:
                continue
            case .endOfDocument:
                document.sourceMap = sources.build()
                document.fillChildren(parents: parents)
                return document
            }
        }
    }

    /// Reads one element's attributes into `node`; returns its `visible` attribute (nil when
    /// absent), whether it wrote `accessible`, and what its type is to the screen.
    private static func read(_ reader: inout XMLReader, into node: inout Node, row: Int, isRoot: Bool,
                             types: inout TypeTable, sources: SourceMapBuilder, bytes: UnsafeRawBufferPointer)
        throws(InputError) -> (visible: Bool?, accessibleSaid: Bool, screen: OnScreen.Role) {
        if isRoot && reader.equals(reader.name, "AppiumAUT") {
            node.typeName = "AppiumAUT"
            node.isAccessibilityElement = false
            return (nil, false, .none)
        }
        var visible: Bool?
        var typeAttribute: XMLAttribute?, nameAttribute: XMLAttribute?, valueAttribute: XMLAttribute?
        var label: String?, placeholder: String?
        var accessible: Bool?, traits: Traits?
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0, hasFrame = false
        for attribute in reader.attributes {
            func number() throws(InputError) -> Double {
                if let whole = wholeNumber(attribute, reader) { return whole }
                let text = reader.value(of: attribute)
                guard let v = Double(text), v.isFinite else {
                    throw invalid(attribute, "is \"\(text)\", expected a number of points", row, sources, reader, bytes)
                }
                return v
            }
            func flag() throws(InputError) -> Bool {
                if reader.equals(attribute.value, "true") { return true }
                if reader.equals(attribute.value, "false") { return false }
                throw invalid(attribute, "is \"\(reader.value(of: attribute))\", expected true or false", row, sources, reader, bytes)
            }
            let n = attribute.name
            if reader.equals(n, "type") { typeAttribute = attribute }
            else if reader.equals(n, "name") { nameAttribute = attribute }
            else if reader.equals(n, "label") { label = reader.value(of: attribute) }
            else if reader.equals(n, "value") { valueAttribute = attribute }
            else if reader.equals(n, "placeholderValue") { placeholder = reader.value(of: attribute) }
            else if reader.equals(n, "enabled") { node.enabled = try flag() }
            else if reader.equals(n, "visible") { visible = try flag() }
            else if reader.equals(n, "accessible") { accessible = try flag() }
            else if reader.equals(n, "x") { x = try number(); hasFrame = true }
            else if reader.equals(n, "y") { y = try number(); hasFrame = true }
            else if reader.equals(n, "width") { width = max(0, try number()); hasFrame = true }
            else if reader.equals(n, "height") { height = max(0, try number()); hasFrame = true }
            else if reader.equals(n, "traits") { traits = IOSTypes.traits(reader.value(of: attribute)) }
        }
        // The type names the kind; the element name stands in for a missing attribute.
        let type = typeAttribute.map { types.entry(bytes: $0.value, decoded: $0.needsDecoding ? reader.value(of: $0) : nil, in: bytes) }
            ?? types.entry(bytes: reader.name, decoded: nil, in: bytes)
        IOSElement.apply(type: type, frame: hasFrame ? Rect(x: x, y: y, width: width, height: height) : nil, label: label,
                         placeholder: placeholder, accessible: accessible, traits: traits,
                         value: { valueAttribute.map { reader.value(of: $0) } },
                         name: { nameAttribute.flatMap { $0.value.isEmpty ? nil : reader.value(of: $0) } },
                         to: &node)
        return (visible, accessible != nil, type.screen)
    }

    /// A value of ASCII digits only (WDA writes frames as whole points) as a Double, without
    /// making a String; nil for anything else, which `Double(_:)` then reads.
    /// Speed: most page sources write every frame this way.
    private static func wholeNumber(_ attribute: XMLAttribute, _ reader: XMLReader) -> Double? {
        let range = attribute.value
        guard !range.isEmpty, range.count <= 15, !attribute.needsDecoding else { return nil }
        var value = 0
        for i in range {
            let digit = reader.buffer[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return Double(value)
    }

    /// Each distinct type met (a page source repeats a few dozen), found by the bytes it was
    /// written with.
    /// Speed: a type met before costs no String, no prefix strip and no String switch.
    struct TypeTable {
        private var entries: [(type: IOSType, bytes: Range<Int>)] = []
        /// Indices into `entries` by `XMLReader.key(of:in:)` of the bytes (-1: free slot), the
        /// next slots tried when one is taken; types that find none are made anew.
        private var slots = [Int32](repeating: -1, count: 256)

        /// The type written as `range` of `bytes`, or as `decoded` when those hold references.
        mutating func entry(bytes range: Range<Int>, decoded: String?, in bytes: UnsafeRawBufferPointer) -> IOSType {
            var free = -1
            if decoded == nil {
                let first = Int(XMLReader.key(of: range, in: bytes) >> 56)
                for probe in 0..<8 {
                    let index = Int(slots[(first + probe) & 255])
                    if index < 0 { free = (first + probe) & 255; break }
                    if XMLReader.bytesEqual(entries[index].bytes, range, in: bytes) { return entries[index].type }
                }
            }
            let type = IOSType(decoded ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            if free >= 0 {
                slots[free] = Int32(entries.count)
                entries.append((type, range))
            }
            return type
        }
    }

    private static func invalid(_ attribute: XMLAttribute, _ problem: String, _ row: Int, _ sources: SourceMapBuilder,
                                _ reader: XMLReader, _ bytes: UnsafeRawBufferPointer) -> InputError {
        let location = XMLLocation.of(attribute.name.lowerBound, in: bytes)
        let name = reader.string(attribute.name)
        return InputError(.invalidValue, "attribute \(name) \(problem)", at: sources.path(of: row) + "/@" + name,
                          line: location.line, column: location.column)
    }
}

/// An XCTest element type as a page source names it (`XCUIElementTypeButton`): our kind, the
/// traits it carries besides the kind's, and what it is to the screen.
struct IOSType {
    var name: String
    var kind: NodeKind
    var extraTraits: Traits
    var screen: OnScreen.Role

    init(_ name: String) {
        let short = name.hasPrefix("XCUIElementType") ? String(name.dropFirst("XCUIElementType".count)) : name
        self.name = name
        kind = IOSTypes.kind(of: short)
        extraTraits = IOSTypes.extraTraits(of: short)
        screen = OnScreen.role(of: short)
    }
}

/// What one page-source element's WebDriverAgent attributes mean, whichever of WDA's dialects
/// wrote them (the XML page source's attributes, `IOSPageSource`; the JSON source's keys,
/// `IOSJSONSource`), so both read a screen the same way.
enum IOSElement {
    /// Fills `node` from one element's attributes (nil: not written).
    /// `value` and `name` are asked for only when they count (nil or empty: none).
    /// - The type gives the kind and, unless `traits` (WDA 9.10+) are written, the traits.
    /// - `label` is the label, `placeholder` the hint of a field. A StaticText's value repeats
    ///   its label (WDA `wdValue`), so it is dropped; other values equal to the label too, but
    ///   not a field's, which is what was typed.
    /// - `name` is WDA's identifier-or-label (`wdNameWithSnapshot`): the identifier only when
    ///   it differs from the label.
    /// - `accessible` (WDA's "VoiceOver stops here") decides whether the node is an element;
    ///   without it leaf kinds are, as GTXiLib's XCUITest proxy treats childless elements.
    static func apply(type: IOSType, frame: Rect?, label: String?, placeholder: String?, accessible: Bool?, traits: Traits?,
                      value: () -> String?, name: () -> String?, to node: inout Node) {
        let kind = type.kind
        node.kind = kind
        node.typeName = type.name
        if let frame { node.frame = frame }
        node.traits = traits ?? type.extraTraits.union(kind.defaultTraits)
        // XCTest names an element a Link by its link trait: a `traits` list without it (web
        // content's often reads "None") does not take the link away.
        if kind == .link { node.traits = node.traits?.union(.link) ?? .link }
        node.isAccessibilityElement = accessible ?? kind.isLeafByDefault
        if let label, !label.isEmpty { node.label = label }
        if kind != .text, let value = value(), !value.isEmpty, value != label || kind == .textField || kind == .secureTextField {
            node.value = value
        }
        if let placeholder, !placeholder.isEmpty { node.hint = placeholder }
        if let name = name(), !name.isEmpty, name != label { node.identifier = name }
    }
}

/// What of a page source is on screen, and the web traits around each element, as its
/// elements are met in document order (each after its parent): `enter` an element once its
/// attributes are applied, `leave` it after its children.
struct IOSScreen {
    /// The screen: the application's frame (else the first window's).
    private var window: Rect?
    /// Per entered element: the part of the screen its children can be seen in (narrowed by
    /// scroll views).
    private var clips: [Rect?] = []
    /// Per entered element: its `visible` attribute (nil when absent).
    private var parentSaidVisible: [Bool?] = []
    /// Per entered element: inside a web view, and the link and heading traits of the
    /// non-element links and headings around it (`WebContent`).
    private var web: [(inWebView: Bool, traits: Traits)] = []

    /// Hides `node` when it is off screen (`OnScreen`), gives it the web traits around it,
    /// and enters it: what follows until `leave` is inside it.
    mutating func enter(_ node: inout Node, visible: Bool?, accessibleSaid: Bool, role: OnScreen.Role) {
        var clip = clips.last ?? nil
        if window == nil, role == .window, let frame = node.frame, frame.width > 0, frame.height > 0 {
            window = frame
            clip = frame
        }
        // `visible="false"` is believed where WDA told the node from a parent it saw as visible.
        let believed = visible != false || (parentSaidVisible.last ?? nil) == true && node.kind.isLeafByDefault
        node.hidden = !OnScreen.shown(frame: node.frame, visible: believed ? visible : nil, accessibleSaid: accessibleSaid, clip: clip)
        parentSaidVisible.append(visible)
        if let c = clip, let frame = node.frame, role == .scrolls || role == .webView {
            clip = OnScreen.overlap(c, frame)
        }
        clips.append(clip)
        let outer = web.last ?? (false, [])
        let inWebView = outer.inWebView || role == .webView
        let isElement = node.isAccessibilityElement ?? false
        if outer.inWebView && isElement && !outer.traits.isEmpty { node.traits = (node.traits ?? []).union(outer.traits) }
        web.append((inWebView, isElement ? [] : outer.traits.union((node.traits ?? []).intersection(WebContent.kept))))
    }

    /// Leaves the element entered last.
    mutating func leave() {
        clips.removeLast()
        parentSaidVisible.removeLast()
        web.removeLast()
    }
}

/// Web content (inside an `XCUIElementTypeWebView`): WebKit makes a link or a heading one
/// element, but a page source may make the text inside it the element and the link or
/// heading a container (`accessible="false"`). The text is then what VoiceOver stops at and
/// says "link" / "heading" on, so an element inside a web view takes the link and header
/// traits of the non-element links and headings around it (and `link-purpose` judges it).
enum WebContent {
    static let kept: Traits = [.link, .header]
}

/// Whether a page-source element is on screen. WDA's `visible` attribute is XCTest's private
/// `isVisible` accessibility attribute (appium/WebDriverAgent `XCUIElement+FBIsVisible.m`,
/// `fb_isVisible`: when the attribute cannot be fetched it logs "Cannot determine visiblity"
/// and answers NO), known to be false on elements that are on screen. The frame is what XCTest
/// measured, and the clip is the window narrowed by the frames of scrolling ancestors (a row
/// scrolled under a navigation bar lies in the window but outside its scroll view):
/// - a frame with an area outside the clip (no shared area), or an empty one outside it: off
///   screen, whatever `visible` says;
/// - inside the clip: on screen, unless `visible="false"` and the source does not write
///   `accessible` (WDA's own "VoiceOver stops here"; without it, as in the smaller
///   `useJSONSource` dialect, `visible` is all there is to go by) and the false is believable:
///   said of a leaf kind (text, image, control) whose parent WDA saw as visible (a cell's
///   chevron). A false said of a container, or under a parent also said to be invisible, is
///   what WDA answers when it cannot tell (`fb_isVisible` defaults to NO, and a container is
///   visible when a descendant is), as on whole Safari pages, so the frame decides there;
/// - without a frame or a window: `visible` decides (absent: shown).
enum OnScreen {
    static func shown(frame: Rect?, visible: Bool?, accessibleSaid: Bool, clip: Rect?) -> Bool {
        guard let frame, let clip else { return visible ?? true }
        guard clip.width > 0, clip.height > 0 else { return false }
        let inside = frame.width > 0 && frame.height > 0
            ? frame.minX < clip.maxX && clip.minX < frame.maxX && frame.minY < clip.maxY && clip.minY < frame.maxY
            : frame.minX <= clip.maxX && clip.minX <= frame.maxX && frame.minY <= clip.maxY && clip.minY <= frame.maxY
        guard inside else { return false }
        return accessibleSaid || (visible ?? true)
    }

    /// The rectangle two rectangles share (empty, at the first's corner, when none).
    static func overlap(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: a.minX, y: a.minY, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What a type is to the screen: the window (the application's or a window's frame), a
    /// view whose frame clips what scrolls inside it, a web view (which also clips), or none.
    enum Role { case none, window, scrolls, webView }

    /// The role of a type (without its `XCUIElementType` prefix); found once per type (`TypeTable`).
    static func role(of type: String) -> Role {
        switch type {
        case "Application", "Window": .window
        case "ScrollView", "Table", "CollectionView", "TextView": .scrolls
        case "WebView": .webView
        default: .none
        }
    }
}

/// XCTest element types (`XCUIElementType` names without the prefix, WDA `FBElementTypeTransformer`)
/// as our kinds; anything not listed is a view.
enum IOSTypes {
    static func kind(of type: String) -> NodeKind {
        switch type {
        case "StaticText": .text
        case "Button", "MenuItem", "MenuBarItem", "Key", "PopUpButton": .button
        case "Image", "Icon": .image
        case "Link": .link
        case "Switch", "Toggle", "CheckBox", "RadioButton": .toggle
        case "Slider", "Stepper", "PickerWheel", "Incrementor": .slider
        case "TextField", "SearchField", "TextView", "ComboBox": .textField
        case "SecureTextField": .secureTextField
        case "Cell": .cell
        case "Table", "CollectionView", "Outline": .list
        case "ProgressIndicator": .progressBar
        case "ActivityIndicator": .spinner
        case "Tab": .tab
        default: .view
        }
    }

    /// Traits a type carries besides its kind's defaults.
    static func extraTraits(of type: String) -> Traits {
        switch type {
        case "SearchField": .searchField
        case "Key": .keyboardKey
        case "TabBar": .tabBar
        default: []
        }
    }

    /// WDA's `traits` attribute: names joined by ", " (WDA `FBAccessibilityTraits`); unknown
    /// names (None, SupportsZoom) carry no trait of ours.
    static func traits(_ text: String) -> Traits {
        var traits: Traits = []
        for part in text.split(separator: ",") {
            let name = part.trimmingSpaces()
            let wire = name.prefix(1).lowercased() + name.dropFirst()
            if let entry = Traits.names.first(where: { $0.name == wire }) { traits.insert(entry.trait) }
        }
        return traits
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
