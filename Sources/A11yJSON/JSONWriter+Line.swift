extension JSONWriter {
    /// `text` as a JSON string appended to `line`, escaped as the writer escapes it: for
    /// JSON built a few members at a time outside a writer (an access-log line per request).
    public static func appendString(_ text: String, to line: inout [UInt8]) {
        var text = text
        let clean = text.withUTF8 { utf8 in
            // Text with nothing to escape (every access-log path and request id) is copied in one append.
            guard !utf8.contains(where: needsEscape) else { return false }
            line.append(Byte.quote)
            line.append(contentsOf: utf8)
            line.append(Byte.quote)
            return true
        }
        guard !clean else { return }
        var writer = JSONWriter(capacity: text.utf8.count * 6 + 2)
        writer.string(text)
        line += writer.bytes
    }
}
