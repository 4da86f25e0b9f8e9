import A11yXML

/// The formats a request body or input file may be in. `auto` recognises the format from
/// the content: a document whose first significant byte (after a UTF-8 byte order mark and
/// whitespace) is `<` is XML: an XCUITest page source when its first element is
/// `<AppiumAUT>` or an `XCUIElementType...`, else an Android dump (whose reader names an
/// unknown root). A JSON object with a top-level `document` or `nodes` key (before any `root`
/// or `screens`) is a Figma REST response. Anything else is read as our JSON tree format,
/// which then names what is wrong with it.
public enum InputFormat: String, Sendable, CaseIterable {
    case auto, json, android, ios, figma

    /// The format `bytes` are in, when this is `auto`; else this format. With `xml`, a body
    /// declared as XML: never json.
    public func resolved(for bytes: UnsafeRawBufferPointer, xml: Bool = false) -> InputFormat {
        guard self == .auto else { return self }
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, XMLCharacters.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count && bytes[i] == 0x3C else { return xml ? .android : Self.isFigma(bytes) ? .figma : .json }
        return Self.isXCUITest(bytes, from: i) ? .ios : .android
    }

    /// Whether a JSON object is a Figma REST response: among its top-level keys, `document`
    /// or `nodes` comes before our tree format's `root` or `screens` (values skipped, so
    /// only the top level is looked at; a document that is not JSON is not Figma).
    public static func isFigma(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            guard try reader.peek() == .object else { return false }
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "document", "nodes": return true
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
