import A11yJSON
import A11yModel

/// Turns WebDriverAgent's JSON page source into our `Document` with `platform: ios`: what
/// `GET /source?format=json` answers (the tree under `value`, beside `sessionId`) and what
/// Appium XCUITest's `mobile: source` with `format: json` returns (the tree itself). WDA builds
/// it in `XCUIApplication+FBHelpers.m` (`dictionaryForElement:`): per element a dictionary of
///
/// - `type`: the XCTest element type without its `XCUIElementType` prefix (`Button`);
/// - `name`, `label`, `value`, `placeholderValue`, `traits`: WDA's attribute values, the same
///   as the XML page source's attributes of those names (null when there is none);
/// - `rect`: `{x, y, width, height}` in points (`CGRectIntegral` of the frame), always written;
/// - `isEnabled`, `isVisible`, `isAccessible`: `"1"` or `"0"` (strings, not booleans), the
///   XML source's `enabled`, `visible`, `accessible`; absent when `excluded_attributes` left them out;
/// - `children`: the child elements, absent when there are none.
///
/// Others (`frame` and `nativeFrame` as text, `rawIdentifier`, `isFocused`, `customActions`,
/// `minValue`, `maxValue`) are not read. The elements mean what they mean in the XML page
/// source (`IOSElement`, `IOSScreen`), so both sources of one screen audit the same; the root
/// is the application (the XML source wraps it in `<AppiumAUT>`). Pointers are JSON Pointers
/// into the file (`/children/0/children/2`, under `/value` for WDA's reply).
public enum IOSJSONSource {
    /// The source's screen; `interrupt` is asked as elements are read (`InterruptPoll.importing`).
    public static func document(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                                interrupt: AuditInterrupt = .never) throws(InputError) -> Document {
        var reader = IOSJSONReader(bytes, limits: limits, interrupt: interrupt)
        try reader.read(treeAt: InputFormat.wdaTreePointer(bytes) ?? "")
        let elements = reader.elements
        var document = Document()
        document.platform = .ios
        document.nodes.reserveCapacity(elements.count)
        var parents: [Int32] = []
        parents.reserveCapacity(elements.count)
        var types: [String: IOSType] = [:]
        var screen = IOSScreen()
        var open: [Int] = []
        for (index, said) in elements.enumerated() {
            let parent = said.parent >= 0 ? Int(said.parent) : nil
            // Elements are in document order: leave those whose subtrees ended.
            while let last = open.last, last != said.parent {
                open.removeLast()
                screen.leave()
            }
            var node = Node(parent: parent, indexInParent: Int(said.indexInParent), depth: open.count)
            let type = types[said.type] ?? IOSType("XCUIElementType" + said.type)
            types[said.type] = type
            node.enabled = said.enabled ?? true
            IOSElement.apply(type: type, frame: said.rect, label: said.label, placeholder: said.placeholder,
                             accessible: said.accessible, traits: said.traits.map(IOSTypes.traits),
                             value: { said.value }, name: { said.name }, to: &node)
            screen.enter(&node, visible: said.visible, accessibleSaid: said.accessible != nil, role: type.screen)
            document.nodes.append(node)
            parents.append(said.parent)
            open.append(index)
        }
        document.fillChildren(parents: parents)
        document.sourceMap = SourceMap(json: reader.source, valueOfNode: Array(0..<Int32(elements.count)), sourceIDs: [], roleGuesses: [])
        return document
    }
}

/// What one element of a WDA JSON source says (nil: not written, or null).
struct IOSJSONElement {
    var parent: Int32
    var indexInParent: Int32
    var type = ""
    var rect: Rect?
    var name: String?, label: String?, value: String?, placeholder: String?, traits: String?
    var enabled: Bool?, visible: Bool?, accessible: Bool?
}

/// Reads a WDA JSON source on our JSON reader into `IOSJSONElement`s in document order,
/// without recursion (an explicit stack), at most `DecodeLimits.maxNodes` elements and
/// `maxNodeDepth` deep. A dictionary's keys come in any order (WDA's come from an
/// `NSDictionary`), so an element's children may be read before its own keys: the elements
/// are given meaning afterwards, in order, by `IOSJSONSource`.
struct IOSJSONReader {
    private var reader: JSONReader
    private let limits: DecodeLimits
    private let poll: InterruptPoll
    private(set) var elements: [IOSJSONElement] = []
    /// Pointers of the elements (an element's index is its value here).
    private(set) var source = JSONSource()
    /// Where the reader is, for errors: the element being read, and the key whose value is
    /// being read or whether it is in the element's `children`.
    private var current = 0
    private var key: JSONReader.Key?
    private var inChildren = false

    init(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits, interrupt: AuditInterrupt) {
        reader = JSONReader(bytes, maxDepth: limits.maxJSONDepth, maxStringBytes: limits.maxStringBytes)
        self.limits = limits
        poll = InterruptPoll.importing(interrupt)
    }

    /// Reads the document whose tree is at `pointer`: "" (the tree itself) or "/value" (WDA's reply).
    mutating func read(treeAt pointer: String) throws(InputError) {
        if pointer.isEmpty {
            try readTree(pointer: "")
        } else {
            try expect(.object, "a WebDriverAgent reply must be a JSON object")
            try beginObject()
            while let key = try nextKey() {
                guard Self.field(key) == .value else { try skipValue(); continue }
                // One tree a screen: a second `value` would be a second root.
                guard elements.isEmpty else { throw InputError(.invalidValue, "\"value\" appears twice", at: "/value") }
                try readTree(pointer: "/value")
            }
        }
        try finish()
    }

    /// Reads the element at `pointer` and its subtree.
    private mutating func readTree(pointer: String) throws(InputError) {
        /// An open element: whether its `children` array is being read, and how many were.
        struct Open { var element: Int; var inChildren = false; var count: Int32 = 0 }
        var stack = [Open(element: try beginElement(parent: -1, pointer: pointer, index: 0))]
        while let open = stack.last {
            current = open.element
            inChildren = open.inChildren
            key = nil
            if open.inChildren {
                if try nextElement() {
                    guard stack.count <= limits.maxNodeDepth else {
                        throw InputError(.limit, "elements nested deeper than \(limits.maxNodeDepth) levels", at: source.pointer(of: open.element))
                    }
                    let child = try beginElement(parent: open.element, pointer: nil, index: open.count)
                    stack[stack.count - 1].count += 1
                    stack.append(Open(element: child))
                } else {
                    stack[stack.count - 1].inChildren = false
                }
                continue
            }
            guard let name = try nextKey() else {
                try requireTypeAndRect(of: open.element)
                stack.removeLast()
                continue
            }
            key = name
            if Self.field(name) == .children {
                if try peek() == .null { try readNull(); continue }
                try expect(.array, "children must be an array of elements")
                try beginArray()
                stack[stack.count - 1].inChildren = true
            } else {
                try readField(name, of: open.element)
            }
        }
    }

    private mutating func beginElement(parent: Int, pointer: String?, index: Int32) throws(InputError) -> Int {
        let value = pointer.map { source.addTop($0) } ?? source.addChild(of: parent, at: Int(index))
        current = value
        key = nil
        inChildren = false
        guard elements.count < limits.maxNodes else {
            throw InputError(.limit, "more than \(limits.maxNodes) elements", at: source.pointer(of: value))
        }
        try poll.step()
        if try peek() != .object {
            throw InputError(.type, pointer == "" ? "a WebDriverAgent JSON source must be a JSON object (an element: type, rect, children, ...)"
                                                  : "an element must be an object", at: source.pointer(of: value))
        }
        source.offset.append(Int32(clamping: reader.offset))
        try beginObject()
        elements.append(IOSJSONElement(parent: Int32(parent), indexInParent: index))
        return value
    }

    private mutating func readField(_ name: JSONReader.Key, of i: Int) throws(InputError) {
        func text() throws(InputError) -> String? {
            if try peek() == .null { try readNull(); return nil }
            try expect(.string, "must be a string or null")
            return try readString()
        }
        switch Self.field(name) {
        case .type:
            try expect(.string, "must be a string: the element type without its XCUIElementType prefix (Button, StaticText, ...)")
            elements[i].type = try readString()
            // WDA writes the short name; a full one (as the XML source's `type`) means the same.
            if elements[i].type.hasPrefix("XCUIElementType") { elements[i].type.removeFirst("XCUIElementType".count) }
        case .rect: elements[i].rect = try rect()
        case .label: elements[i].label = try text()
        case .name: elements[i].name = try text()
        case .value: elements[i].value = try text()
        case .placeholderValue: elements[i].placeholder = try text()
        case .traits: elements[i].traits = try text()
        case .isEnabled: elements[i].enabled = try flag()
        case .isVisible: elements[i].visible = try flag()
        case .isAccessible: elements[i].accessible = try flag()
        case .children, nil: try skipValue()
        }
    }

    /// The keys read; every other key is skipped.
    enum Field { case type, rect, label, name, value, placeholderValue, traits, isEnabled, isVisible, isAccessible, children }

    /// The field a key names, or nil.
    /// Speed: by the key's length first, so each key is compared with at most three names
    /// (WDA writes about fourteen keys an element, four of them skipped).
    static func field(_ key: JSONReader.Key) -> Field? {
        guard case .bytes(let bytes) = key else {
            guard case .text(let text) = key else { return nil }
            return Array(text.utf8).withUnsafeBytes { field(.bytes($0)) }
        }
        func named(_ name: StaticString) -> Bool {
            JSONReader.sameBytes(bytes.baseAddress!, name.utf8Start, count: bytes.count)
        }
        switch bytes.count {
        case 4: return named("type") ? .type : named("rect") ? .rect : named("name") ? .name : nil
        case 5: return named("label") ? .label : named("value") ? .value : nil
        case 6: return named("traits") ? .traits : nil
        case 8: return named("children") ? .children : nil
        case 9: return named("isVisible") ? .isVisible : named("isEnabled") ? .isEnabled : nil
        case 12: return named("isAccessible") ? .isAccessible : nil
        case 16: return named("placeholderValue") ? .placeholderValue : nil
        default: return nil
        }
    }

    /// WDA writes every element's `type` and `rect`; without them it is not WDA's source (the
    /// `/wda/accessibleSource` tree, for one, has no frames).
    private func requireTypeAndRect(of i: Int) throws(InputError) {
        if elements[i].type.isEmpty {
            throw InputError(.missing, "an element needs \"type\" (a WebDriverAgent JSON source from GET /source?format=json)",
                             at: source.pointer(of: i))
        }
        if elements[i].rect == nil {
            throw InputError(.missing, "an element needs \"rect\" {x, y, width, height} (WebDriverAgent's GET /source?format=json "
                                 + "writes it on every element; /wda/accessibleSource has none)", at: source.pointer(of: i))
        }
    }

    /// WDA's `"1"` / `"0"`; JSON's `true` / `false` are taken too.
    private mutating func flag() throws(InputError) -> Bool? {
        switch try peek() {
        case .null: try readNull(); return nil
        case .bool: return try readBool()
        case .string:
            let text = try readString()
            if text == "1" { return true }
            if text == "0" { return false }
            throw InputError(.invalidValue, "is \"\(text)\", expected \"1\" or \"0\"", at: pointer())
        default:
            throw InputError(.type, "must be \"1\" or \"0\"", at: pointer())
        }
    }

    /// `{x, y, width, height}`, each a number of points; negative sizes read as 0.
    private mutating func rect() throws(InputError) -> Rect {
        var x: Double?, y: Double?, width: Double?, height: Double?
        try expect(.object, "must be an object {x, y, width, height} of points")
        try beginObject()
        while let member = try nextKey() {
            func number() throws(InputError) -> Double {
                guard try peek() == .number else {
                    throw InputError(.type, "must be a number of points", at: pointer() + "/" + Self.text(member))
                }
                return try readNumber()
            }
            switch Self.rectMember(member) {
            case 0: x = try number()
            case 1: y = try number()
            case 2: width = max(0, try number())
            case 3: height = max(0, try number())
            default: try skipValue()
            }
        }
        guard let x, let y, let width, let height else {
            let missing = x == nil ? "x" : y == nil ? "y" : width == nil ? "width" : "height"
            throw InputError(.missing, "needs \"\(missing)\" (a rect is {x, y, width, height})", at: pointer())
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A `rect` member: 0 `x`, 1 `y`, 2 `width`, 3 `height`, nil for any other.
    static func rectMember(_ key: JSONReader.Key) -> Int? {
        guard case .bytes(let bytes) = key else {
            guard case .text(let text) = key else { return nil }
            return Array(text.utf8).withUnsafeBytes { rectMember(.bytes($0)) }
        }
        switch bytes.count {
        case 1: return bytes[0] == UInt8(ascii: "x") ? 0 : bytes[0] == UInt8(ascii: "y") ? 1 : nil
        case 5: return JSONReader.sameBytes(bytes.baseAddress!, ("width" as StaticString).utf8Start, count: 5) ? 2 : nil
        case 6: return JSONReader.sameBytes(bytes.baseAddress!, ("height" as StaticString).utf8Start, count: 6) ? 3 : nil
        default: return nil
        }
    }

    /// The pointer of what is being read: the current element, and the key whose value it is.
    private func pointer() -> String {
        let element = source.pointer(of: current)
        if inChildren { return element + "/children" }
        guard let key else { return element }
        return element + "/" + FigmaReader.escape(Self.text(key))
    }

    private static func text(_ key: JSONReader.Key) -> String {
        switch key {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .text(let text): text
        }
    }

    // The JSON reader's steps, their errors as `InputError`s at the current pointer.
    private mutating func beginObject() throws(InputError) { do { try reader.beginObject() } catch { throw syntax(error) } }
    private mutating func nextKey() throws(InputError) -> JSONReader.Key? { do { return try reader.nextKeyBytes() } catch { throw syntax(error) } }
    private mutating func skipValue() throws(InputError) { do { try reader.skipValue() } catch { throw syntax(error) } }
    private mutating func finish() throws(InputError) { do { try reader.finish() } catch { throw syntax(error) } }
    private mutating func peek() throws(InputError) -> JSONValueKind { do { return try reader.peek() } catch { throw syntax(error) } }
    private mutating func readNull() throws(InputError) { do { try reader.readNull() } catch { throw syntax(error) } }
    private mutating func readString() throws(InputError) -> String { do { return try reader.readString() } catch { throw syntax(error) } }
    private mutating func nextElement() throws(InputError) -> Bool { do { return try reader.nextElement() } catch { throw syntax(error) } }
    private mutating func beginArray() throws(InputError) { do { try reader.beginArray() } catch { throw syntax(error) } }
    private mutating func readBool() throws(InputError) -> Bool { do { return try reader.readBool() } catch { throw syntax(error) } }
    private mutating func readNumber() throws(InputError) -> Double { do { return try reader.readNumber() } catch { throw syntax(error) } }

    private mutating func expect(_ kind: JSONValueKind, _ message: String) throws(InputError) {
        guard try peek() == kind else { throw InputError(.type, message, at: pointer()) }
    }

    private func syntax(_ e: JSONSyntaxError) -> InputError { InputError(e, at: pointer()) }
}
