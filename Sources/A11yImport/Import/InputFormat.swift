import A11yXML
import A11yJSON
import A11yModel

/// The formats a request body or input file may be in. `auto` recognises the format from
/// the content: a document whose first significant byte (after a UTF-8 byte order mark and
/// whitespace) is `<` is XML: an XCUITest page source when its first element is
/// `<AppiumAUT>` or an `XCUIElementType...`, else an Android dump (whose reader names an
/// unknown root). A JSON object with a top-level `document` or `nodes` object (before any
/// `root` or `screens`) is a Figma REST response; one with a top-level `type` text and `rect`
/// or `rawIdentifier` (or such an object as its `value`: WDA's reply) is a WebDriverAgent JSON
/// page source. Anything else is read as our JSON tree format, which then names what is wrong
/// with it, unless it is a format we know but do not read (`foreignFormat`: a Chrome
/// accessibility tree, say), which is then named.
public enum InputFormat: Sendable, CaseIterable {
    case auto, json, android, ios, figma
    /// WebDriverAgent's JSON page source (`GET /source?format=json`, Appium's `mobile: source`).
    case iosJSON

    /// The syntax an input was declared in (a Content-Type), whose dialect the content tells.
    public enum Syntax: Sendable { case json, xml }

    /// The format `bytes` are read in: the one `given` (nil or `auto`: recognised from the
    /// content), else by the syntax `declared`: JSON is our tree or a Figma response, XML the
    /// dump the content is. The one place an input's format is decided.
    public static func of(_ bytes: UnsafeRawBufferPointer, given: InputFormat?, declared: Syntax? = nil) -> InputFormat {
        switch (given, declared) {
        case (let given?, _) where given != .auto: return given
        case (nil, .json?): return Self.json(bytes)
        case (nil, .xml?): return recognised(bytes, xml: true)
        default: return recognised(bytes, xml: false)
        }
    }

    /// The format the content is; with `xml`, a body declared as XML: never json.
    private static func recognised(_ bytes: UnsafeRawBufferPointer, xml: Bool) -> InputFormat {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, XMLCharacters.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count && bytes[i] == 0x3C else { return xml ? .android : Self.json(bytes) }
        return Self.isXCUITest(bytes, from: i) ? .ios : .android
    }

    /// The format of a document that is not XML (a body declared as JSON, or one whose first
    /// significant byte is not `<`): a Figma REST response, a WebDriverAgent JSON source, else
    /// our JSON tree format (which names what is wrong with anything else). The one place JSON
    /// formats are told apart.
    public static func json(_ bytes: UnsafeRawBufferPointer) -> InputFormat {
        isFigma(bytes) ? .figma : wdaTreePointer(bytes) != nil ? .iosJSON : .json
    }

    /// Where a WebDriverAgent JSON source's tree is: "" when the document is the tree (Appium's
    /// `mobile: source`), "/value" when it is WDA's reply (`{"value": tree, "sessionId": ...}`);
    /// nil when it is neither. A tree is an object with a top-level `type` text and `rect` or
    /// `rawIdentifier` (WDA writes both on every element; our tree format's `type` is inside
    /// `root`, and neither Figma's nor our top level has `rect` or `rawIdentifier`).
    public static func wdaTreePointer(_ bytes: UnsafeRawBufferPointer) -> String? {
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            guard try reader.peek() == .object else { return nil }
            var type = false, wda = false
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "root", "screens", "document", "nodes": return nil
                case "type": type = try reader.peek() == .string
                case "rect", "rawIdentifier": wda = true
                case "value" where try reader.peek() == .object:
                    if try isWDAElement(&reader) { return "/value" }
                    continue
                default: break
                }
                if type && wda { return "" }
                try reader.skipValue()
            }
        } catch {
            return nil
        }
        return nil
    }

    /// Whether the object the reader is at has a `type` text and `rect` or `rawIdentifier`
    /// (the reader is left inside it).
    private static func isWDAElement(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Bool {
        var type = false, wda = false
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "type": type = try reader.peek() == .string
            case "rect", "rawIdentifier": wda = true
            default: break
            }
            if type && wda { return true }
            try reader.skipValue()
        }
        return false
    }

    /// The files a folder search takes as inputs of this format: dumps are `.xml`, JSON
    /// formats `.json`; under `auto`, both.
    public var fileSuffixes: [String] {
        switch self {
        case .android, .ios: [".xml"]
        case .json, .figma, .iosJSON: [".json"]
        case .auto: [".json", ".xml"]
        }
    }

    /// Whether a JSON object is a Figma REST response: among its top-level keys, `document`
    /// or `nodes` holding an object comes before our tree format's `root` or `screens` (values
    /// skipped, so only the top level is looked at; a document that is not JSON is not Figma).
    /// A `nodes` array is not Figma's (`/nodes` answers an object keyed by node id): Chrome's
    /// accessibility tree has one (`foreignFormat` names it).
    static func isFigma(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            guard try reader.peek() == .object else { return false }
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "document", "nodes": return try reader.peek() == .object
                case "root", "screens": return false
                default: try reader.skipValue()
                }
            }
        } catch {
            return false
        }
        return false
    }

    /// Whether the first element's name (after the declaration, comments and PIs, which are
    /// skipped without checking) is `AppiumAUT` or starts with `XCUIElementType`.
    private static func isXCUITest(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        var i = start
        while i + 1 < bytes.count {
            guard bytes[i] == 0x3C else { i += 1; continue }
            let next = bytes[i + 1]
            if next == 0x3F || next == 0x21 { i += 2; continue }  // <? or <!
            var end = i + 1
            while end < bytes.count, XMLCharacters.isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self)
            return name == "AppiumAUT" || name.hasPrefix("XCUIElementType")
        }
        return false
    }
}

/// Formats people send that we recognise but do not read, so that the refusal names what the
/// input is ("looks like a Chrome DevTools accessibility tree") rather than what our own
/// format misses in it (`root`). Looked at only once a JSON input failed to read as our tree
/// or as Figma: an input that reads is never taken for something else. Each shape is told by
/// keys at the top of the document that neither our tree format nor Figma's has.
extension InputFormat {
    /// The error for a JSON document in a known format we do not read, or nil.
    public static func foreignFormat(_ bytes: UnsafeRawBufferPointer) -> InputError? {
        guard let (name, pointer) = foreignShape(bytes) else { return nil }
        return InputError(.unsupportedFormat, "looks like \(name), which is not supported; inputs are our JSON tree format, "
                              + "an Android (UI Automator, Appium) or iOS (XCUITest) XML dump, a WebDriverAgent JSON source, or a Figma REST response "
                              + "(docs/importing.md)", at: pointer)
    }

    /// What the document looks like, and where that shows; nil when it is none of the known shapes.
    static func foreignShape(_ bytes: UnsafeRawBufferPointer) -> (name: String, pointer: String)? {
        let chrome = "a Chrome DevTools accessibility tree (CDP getFullAXTree)"
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            switch try reader.peek() {
            case .array:
                // A bare list of CDP AXNodes: objects with a `nodeId`.
                try reader.beginArray()
                guard try reader.nextElement(), try reader.peek() == .object else { return nil }
                return try keys(&reader).contains("nodeId") ? (chrome, "/0") : nil
            case .object:
                var keys: Set<String> = []
                var shape: (name: String, pointer: String)?
                try reader.beginObject()
                while let key = try reader.nextKey() {
                    keys.insert(key)
                    switch key {
                    // getFullAXTree's result; Figma's `nodes` is an object.
                    case "nodes" where try reader.peek() == .array: shape = shape ?? (chrome, "/nodes")
                    // The whole CDP reply: {"id": 1, "result": {"nodes": [...]}}.
                    case "result" where try reader.peek() == .object:
                        if try Self.keys(&reader).contains("nodes") { shape = shape ?? (chrome, "/result/nodes") }
                        continue
                    // Puppeteer's and Playwright's `accessibility.snapshot()`: a node at the top.
                    case "role" where try reader.peek() == .string:
                        let role = try reader.readString()
                        if role == "RootWebArea" || role == "WebArea" {
                            shape = shape ?? ("a Puppeteer or Playwright accessibility snapshot (accessibility.snapshot())", "/role")
                        }
                        continue
                    default: break
                    }
                    try reader.skipValue()
                }
                if let shape { return shape }
                if keys.contains("runs") && keys.contains("version") { return ("a SARIF log (a report, not a UI tree)", "/runs") }
                if keys.contains("testEngine") || (keys.contains("violations") && keys.contains("passes")) {
                    return ("axe-core results (a report, not a UI tree)", keys.contains("violations") ? "/violations" : "/testEngine")
                }
                if keys.contains("elements") && keys.contains("findings") || keys.contains("screens") && keys.contains("summary") {
                    return ("an a11y-audit report (the output of an audit, not an input)", keys.contains("summary") ? "/summary" : "/findings")
                }
                if keys.contains("activity_name") { return ("a RICO view hierarchy", "/activity_name") }
                if keys.contains("ancestors") && keys.contains("class") && keys.contains("bounds") {
                    return ("a RICO semantic annotation", "/ancestors")
                }
                return nil
            default:
                return nil
            }
        } catch {
            return nil
        }
    }

    /// The keys of the object the reader is at (values skipped), leaving the reader after it.
    private static func keys(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Set<String> {
        var keys: Set<String> = []
        try reader.beginObject()
        while let key = try reader.nextKey() {
            keys.insert(key)
            try reader.skipValue()
        }
        return keys
    }
}
