/// `message.text` of a SARIF result. SARIF 2.1.0 §3.11.6 lets a plain-text message embed
/// links written `[text](target)`, which viewers render as links; a message quoting a label
/// such as `[docs](javascript:alert(1))` would become one. The spec has literal brackets
/// escaped with a backslash (`\[`, `\]`), and a literal backslash doubled (`\\`) so that one
/// in the text cannot escape the bracket after it. No `message.markdown` is written for
/// results, so the plain text is the only form to escape.
enum SarifMessage {
    /// Request text inside a `markdown` string (GitHub Flavored Markdown): every ASCII
    /// punctuation character is backslash-escaped (CommonMark allows that escape for each of
    /// them), so the text cannot open a link, an image, an autolink (`https\:\/\/…`), inline
    /// HTML, emphasis, a heading or a list; it reads as written.
    static func markdown(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar.isASCII, (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
                || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value) {
                out += "\\"
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    static func text(_ message: String) -> String {
        guard message.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "\\") }) else {
            return message
        }
        var out = ""
        out.reserveCapacity(message.utf8.count + 8)
        for scalar in message.unicodeScalars {
            if scalar == "[" || scalar == "]" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
