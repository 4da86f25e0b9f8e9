import A11yXML
import A11yEngines
import A11yModel

/// Reads an Android hierarchy dump, either dialect (import-formats.md §1.1), into
/// `AndroidElement`s in document order, with where each came from:
/// - UI Automator `uiautomator dump`: `<hierarchy rotation>` of `<node>` elements, every
///   attribute written (a null value as `""`).
/// - Appium UiAutomator2 page source: `<hierarchy ... width height>` of elements named after
///   their class, attributes with a null value left out.
/// Unknown attributes are skipped; known ones with a malformed value are errors naming the
/// attribute, its element path, line and column.
struct AndroidHierarchyReader {
    let bytes: UnsafeRawBufferPointer
    let limits: DecodeLimits
    package private(set) var elements: [AndroidElement] = []
    private(set) var sources: SourceMapBuilder
    /// `width` / `height` on Appium's `<hierarchy>`: the display's usable size in pixels.
    private(set) var displayWidth: Int?
    private(set) var displayHeight: Int?
    /// A class of Android TV's UI libraries, or a window of a TV package, was met (`AndroidDisplay`).
    private(set) var tvSignal = false
    /// A class or package of Android Automotive (a car's touch screen) was met.
    private(set) var carSignal = false
    /// Window roots (children of `<hierarchy>`) of SystemUI or an input method, which are
    /// never the active window (`AndroidDisplay.inactiveWindows`), by element index.
    private(set) var inactiveWindows: [Int] = []
    /// `rotation` on `<hierarchy>`: the display's rotation from its natural orientation (0-3),
    /// nil when not written or not a number.
    private(set) var rotation: Int?
    private var counter = XMLLineCounter()
    /// Each distinct class met (dumps repeat a few dozen): its name, where its bytes are in
    /// the dump, its kind and class flags.
    private var classes: [KnownClass] = []
    /// Indices into `classes` by `XMLReader.key(of:in:)` of the name's bytes (-1: free slot),
    /// the next slots tried when one is taken; a class that finds none is found through `classIndex`.
    private var classSlots = [Int32](repeating: -1, count: 256)
    private var classIndex: [String: Int32] = [:]
    /// Resource ids and content descriptions repeat (each row of a list has the same ones).
    private var repeated = RepeatedValues()

    private struct KnownClass {
        var name: String
        var bytes: Range<Int>
        var kind: NodeKind
        var flags: AndroidElement.Flags
        /// TalkBack's role for the class (`TalkBackSpeech.role`), not clickable and clickable.
        var role: TalkBackSpeech.Role
        var clickableRole: TalkBackSpeech.Role
    }

    init(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) {
        self.bytes = bytes
        self.limits = limits
        // Dumps run at 250 to 450 bytes an element.
        let expected = min(bytes.count / 256 + 1, limits.maxNodes)
        elements.reserveCapacity(expected)
        sources = SourceMapBuilder(expected: expected)
    }

    mutating func read() throws(InputError) {
        var reader = XMLReader(dump: bytes, limits: limits)
        /// Open elements: each one's index (the root `<hierarchy>` is element 0) and the
        /// children it has so far.
        var open: [OpenElement] = []
        while true {
            switch try reader.nextEvent() {
            case .startElement:
                try startElement(reader, open: &open)
            case .endElement:
                open.removeLast()
            case .text:
                continue
            case .endOfDocument:
                return
            }
        }
    }

    private struct OpenElement {
        var index: Int32
        var children: Int32
    }

    private mutating func startElement(_ reader: XMLReader, open: inout [OpenElement]) throws(InputError) {
        let index = elements.count
        // The root is the first element: the document has been checked, its ASCII prefix is known.
        if open.isEmpty { counter = XMLLineCounter(asciiBelow: reader.asciiEnd) }
        let location = counter.advance(to: reader.eventOffset, in: bytes)
        if open.isEmpty {
            guard reader.equals(reader.name, "hierarchy") else {
                throw InputError(.invalidValue, "unknown root element <\(reader.string(reader.name))> (an Android dump starts with <hierarchy>)",
                                 at: "", line: location.line, column: location.column)
            }
        }
        guard index < limits.maxNodes else {
            throw InputError(.limit, "more than \(limits.maxNodes) nodes", at: "", line: location.line, column: location.column)
        }
        let parent = open.last?.index ?? -1
        // Depth below the root element (<hierarchy> is 0, as `root` is in a JSON tree).
        guard open.count <= limits.maxNodeDepth else {
            throw InputError(.limit, "nodes nested deeper than \(limits.maxNodeDepth) levels", at: sources.path(of: Int(parent)),
                             line: location.line, column: location.column)
        }
        sources.add(name: UnsafeRawBufferPointer(rebasing: bytes[reader.name]), parent: Int(parent), line: location.line, column: location.column)
        var element = AndroidElement()
        element.parent = parent
        element.depth = Int32(open.count)
        if !open.isEmpty {
            element.indexInParent = open[open.count - 1].children
            open[open.count - 1].children += 1
        }
        var classValue: XMLAttribute?
        // The reader is lent, not inout: the attribute list is not retained and released per attribute.
        for attribute in reader.attributes {
            try read(attribute, of: &element, index: index, isRoot: open.isEmpty, classValue: &classValue, reader)
        }
        if !open.isEmpty {
            if let classValue, !classValue.value.isEmpty {
                classify(&element, bytes: classValue.value, decoded: classValue.needsDecoding ? reader.value(of: classValue) : nil)
            } else if !reader.equals(reader.name, "node") {
                // Appium's element name is the class (import-formats.md §1.1 B).
                classify(&element, bytes: reader.name, decoded: nil)
            } else {
                classify(&element, bytes: 0..<0, decoded: nil)
            }
        }
        // Moved, not copied: its five strings are not retained and released again.
        elements.append(consume element)
        open.append(OpenElement(index: Int32(index), children: 0))
    }

    /// One attribute. `class` is only noted (in `classValue`): `classify` makes its String once per class.
    /// Inlined into the attribute loop (speed: 17 calls a node in a UI Automator dump).
    @inline(__always)
    private mutating func read(_ attribute: XMLAttribute, of element: inout AndroidElement, index: Int,
                               isRoot: Bool, classValue: inout XMLAttribute?, _ reader: XMLReader) throws(InputError) {
        let name = attribute.name
        func flag(_ flag: AndroidElement.Flags) throws(InputError) {
            if reader.equals(attribute.value, "true") { element.flags.insert(flag); return }
            if reader.equals(attribute.value, "false") { element.flags.remove(flag); return }
            throw invalid(attribute, "is \"\(reader.value(of: attribute))\", expected true or false", index, reader)
        }
        switch name.count {
        case 3:
            if reader.equals(name, "NAF") { try flag(.notAccessibilityFriendly) }
        case 4:
            if reader.equals(name, "text") {
                element.text = reader.value(of: attribute)
                if !isBlank(attribute.value) { element.flags.insert(.textNotBlank) }
                if !attribute.value.isEmpty { element.flags.insert(.speaksText) }
            } else if reader.equals(name, "hint") {
                element.hint = reader.value(of: attribute)
                if !element.hint.isEmpty { element.flags.insert(.hasHint) }
            }
        case 5:
            if reader.equals(name, "class") {
                // Appium writes class="hierarchy" on the root; it is no widget.
                if !isRoot { classValue = attribute }
            } else if reader.equals(name, "width"), isRoot {
                displayWidth = try integer(attribute, index, reader)
            }
        case 6:
            if reader.equals(name, "bounds") { try bounds(attribute, of: &element, index, reader) }
            else if reader.equals(name, "height"), isRoot { displayHeight = try integer(attribute, index, reader) }
        case 7:
            if reader.equals(name, "checked") { try flag(.checked) }
            else if reader.equals(name, "enabled") { try flag(.enabled) }
            else if reader.equals(name, "focused") { try flag(.focused) }
            else if reader.equals(name, "heading") { try flag(.heading) }
            else if element.depth == 1, reader.equals(name, "package") {
                // A window's root names its app's package (the same on every node of it).
                let package = reader.value(of: attribute)
                if AndroidDisplay.isTVPackage(package) { tvSignal = true }
                if AndroidDisplay.isCarPackage(package) { carSignal = true }
                if AndroidDisplay.isNeverActive(package: package) { inactiveWindows.append(index) }
            }
        case 8:
            if isRoot, reader.equals(name, "rotation") { rotation = Int(reader.value(of: attribute)) }
            else if reader.equals(name, "password") { try flag(.password) }
            else if reader.equals(name, "selected") { try flag(.selected) }
        case 9:
            if reader.equals(name, "clickable") { try flag(.clickable) }
            else if reader.equals(name, "checkable") { try flag(.checkable) }
            else if reader.equals(name, "focusable") { try flag(.focusable) }
            else if reader.equals(name, "displayed") { try flag(.visible) }
        case 10:
            if reader.equals(name, "scrollable") { try flag(.scrollable) }
        case 11:
            if reader.equals(name, "resource-id") {
                element.resourceID = attribute.needsDecoding ? reader.value(of: attribute) : repeated.string(attribute.value, in: bytes)
            }
        case 12:
            if reader.equals(name, "content-desc") {
                element.contentDescription = attribute.needsDecoding ? reader.value(of: attribute) : repeated.string(attribute.value, in: bytes)
                if !isBlank(attribute.value) { element.flags.insert(.descriptionNotBlank) }
                if !attribute.value.isEmpty { element.flags.insert(.speaksText) }
            }
            else if reader.equals(name, "showing-hint") { try flag(.showingHint) }
        case 14:
            if reader.equals(name, "long-clickable") { try flag(.longClickable) }
            else if reader.equals(name, "a11y-important") { try flag(.important); element.flags.insert(.importanceStated) }
        case 15:
            if reader.equals(name, "visible-to-user") { try flag(.visible) }
        case 17:
            if reader.equals(name, "context-clickable") { try flag(.contextClickable) }
        case 23:
            if reader.equals(name, "screen-reader-focusable") { try flag(.screenReaderFocusable) }
        default:
            break
        }
    }

    /// The element's class name (the raw `bytes` of the dump, or `decoded` when they hold
    /// references), kind and class flags, from the class table once per distinct class.
    /// Speed: a class met before is found by its bytes, without making a String or hashing one.
    private mutating func classify(_ element: inout AndroidElement, bytes range: Range<Int>, decoded: String?) {
        var found = -1, free = -1
        if decoded == nil {
            let first = Int(XMLReader.key(of: range, in: bytes) >> 56)
            for probe in 0..<8 {
                let index = Int(classSlots[(first + probe) & 255])
                if index < 0 { free = (first + probe) & 255; break }
                if XMLReader.bytesEqual(classes[index].bytes, range, in: bytes) { found = index; break }
            }
        }
        if found < 0 {
            let name = decoded ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            if let index = classIndex[name] {
                found = Int(index)
            } else {
                var flags: AndroidElement.Flags = []
                if name == "android.widget.Spinner" { flags.insert(.spinner) }
                if AndroidClasses.isScrollingContainer(name) { flags.insert(.scrollingContainer) }
                if AndroidDisplay.isTVClass(name) { tvSignal = true }
                if AndroidDisplay.isCarClass(name) { carSignal = true }
                found = classes.count
                classIndex[name] = Int32(found)
                if free >= 0 { classSlots[free] = Int32(found) }
                let kind = AndroidClasses.kind(of: name, password: false)
                classes.append(KnownClass(name: name, bytes: decoded == nil ? range : 0..<0, kind: kind, flags: flags,
                                          role: TalkBackSpeech.role(className: name, kind: kind, clickable: false),
                                          clickableRole: TalkBackSpeech.role(className: name, kind: kind, clickable: true)))
            }
        }
        // Read in place, not copied out of the table (no retain and release of the name).
        element.className = classes[found].name
        element.talkBackRole = element.flags.isDisjoint(with: [.clickable, .longClickable]) ? classes[found].role : classes[found].clickableRole
        var kind = classes[found].kind
        if kind == .textField && element.flags.contains(.password) { kind = .secureTextField }
        if element.flags.contains(.checkable) && (kind == .view || kind == .text) { kind = .toggle }
        element.kind = kind
        element.flags.formUnion(classes[found].flags)
    }


    /// Whether the raw bytes of a value are all whitespace (a reference is not).
    private func isBlank(_ range: Range<Int>) -> Bool {
        for i in range where !XMLCharacters.isSpace(bytes[i]) { return false }
        return true
    }

    /// `[left,top][right,bottom]`, integers (Android's `Rect.toShortString()`).
    private func bounds(_ attribute: XMLAttribute, of element: inout AndroidElement, _ index: Int, _ reader: XMLReader) throws(InputError) {
        var i = attribute.value.lowerBound
        let end = attribute.value.upperBound
        func expect(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        func number() -> Int32? {
            let negative = expect(0x2D)
            let start = i, stop = min(end, i + 10)
            var value: Int64 = 0
            // Speed: one unsigned compare per digit (a byte below "0" wraps to a large one).
            while i < stop, case let digit = bytes[i] &- 0x30, digit < 10 {
                value = value * 10 + Int64(digit)
                i += 1
            }
            guard i > start, value <= Int64(Int32.max) else { return nil }
            return Int32(negative ? -value : value)
        }
        guard expect(0x5B), let l = number(), expect(0x2C), let t = number(), expect(0x5D),
              expect(0x5B), let r = number(), expect(0x2C), let b = number(), expect(0x5D), i == end else {
            throw invalid(attribute, "is \"\(reader.value(of: attribute))\", expected [left,top][right,bottom]", index, reader)
        }
        guard r >= l, b >= t else {
            throw invalid(attribute, "is \"\(reader.value(of: attribute))\": right or bottom before left or top", index, reader)
        }
        (element.left, element.top, element.right, element.bottom) = (l, t, r, b)
        element.flags.insert(.hasBounds)
    }

    private func integer(_ attribute: XMLAttribute, _ index: Int, _ reader: XMLReader) throws(InputError) -> Int {
        let text = reader.value(of: attribute)
        guard let value = Int(text), value >= 0, value <= Int(Int32.max) else {
            throw invalid(attribute, "is \"\(text)\", expected a whole number of pixels", index, reader)
        }
        return value
    }

    /// A malformed known attribute of element `index` (already recorded in `sources`).
    private func invalid(_ attribute: XMLAttribute, _ problem: String, _ index: Int, _ reader: XMLReader) -> InputError {
        let location = XMLLocation.of(attribute.name.lowerBound, in: bytes)
        let name = reader.string(attribute.name)
        return InputError(.invalidValue, "attribute \(name) \(problem)", at: sources.path(of: index) + "/@" + name,
                          line: location.line, column: location.column)
    }
}

/// Attribute values that repeat from element to element: one String per distinct value (at
/// most 1,024 kept), found again by its bytes.
/// Speed: a value met before costs a key and a compare, not a String's allocation and copy.
private struct RepeatedValues {
    private var strings: [String] = []
    private var ranges: [Range<Int>] = []
    /// Indices into `strings` by `XMLReader.key(of:in:)` of the bytes (-1: free slot), the next
    /// slots tried when one is taken.
    private var slots = [Int32](repeating: -1, count: 1024)

    /// The String of the bytes `range` (which hold no reference).
    mutating func string(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> String {
        if range.isEmpty { return "" }
        let first = Int(XMLReader.key(of: range, in: bytes) >> 54)
        for probe in 0..<8 {
            let slot = (first + probe) & 1023
            let index = Int(slots[slot])
            if index < 0 {
                let string = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                slots[slot] = Int32(strings.count)
                strings.append(string)
                ranges.append(range)
                return string
            }
            if XMLReader.bytesEqual(ranges[index], range, in: bytes) { return strings[index] }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
