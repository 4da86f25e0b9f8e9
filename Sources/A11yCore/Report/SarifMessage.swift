/// `message.text` of a SARIF result. SARIF 2.1.0 §3.11.6 lets a plain-text message embed
/// links written `[text](target)`, which viewers render as links; a message quoting a label
/// such as `[docs](javascript:alert(1))` would become one. The spec has literal brackets
/// escaped with a backslash (`\[`, `\]`), and a literal backslash doubled (`\\`) so that one
/// in the text cannot escape the bracket after it. No `message.markdown` is written for
/// results, so the plain text is the only form to escape.
enum SarifMessage {
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
