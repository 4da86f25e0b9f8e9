import A11yText
/// Escaping shared by the XML (JUnit) and HTML writers.
enum MarkupText {
    /// Text safe inside element content and double- or single-quoted attributes.
    /// Characters XML 1.0 forbids (C0 controls other than tab, LF, CR; U+FFFE/U+FFFF) become
    /// U+FFFD so a hostile label cannot make the document unparsable.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Text for HTML element content. Text holding a bidi control (an override such as U+202E
    /// reorders everything after it up to the end of the paragraph) is wrapped in `<bdi>`, which
    /// isolates it: a label can reorder itself but not the caption, list item or sentence
    /// around it. Other text is only escaped, so ordinary pages are unchanged.
    static func isolated(_ text: String) -> String {
        let escaped = escape(text)
        return text.unicodeScalars.contains(where: BidiControls.contains) ? "<bdi>" + escaped + "</bdi>" : escaped
    }

    /// A number for attributes and SVG coordinates: integers without a fraction, others
    /// rounded to two decimals, never exponent notation.
    static func number(_ value: Double) -> String { NumberText.string(value, .markup) ?? "0" }
}
