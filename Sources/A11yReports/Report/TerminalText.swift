/// Text from a request (labels, ids, identifiers, file names, messages quoting them) made safe
/// to print on a terminal. A terminal acts on some characters instead of showing them: ESC
/// starts sequences that clear the screen, set the window title or move the cursor; CR and LF
/// let a value forge lines of its own; C1 controls are escapes on some terminals; bidi
/// controls reorder what follows so the line reads differently from what it holds (the
/// "Trojan Source" trick). Each such character is shown as `\u{XX}`: its code point in
/// uppercase hex, at least two digits, in Swift's own notation. Everything else, including
/// accents, CJK, emoji and their joiners, passes unchanged; a backslash stays a backslash (the
/// notation is for reading, not a reversible encoding).
///
/// Escape values, not whole lines: the caller's own newlines and the colour codes of
/// `TextReport` must reach the terminal as they are.
///
/// It lives beside `TextReport`, the report made to be read on a terminal, which escapes every
/// value it shows with it. The front ends use it too, for their messages quoting request
/// values and for a document printed to a terminal (`escapeDocument`, the CLI's choice), but it
/// holds no front-end spelling: which characters a terminal acts on is a fact about
/// terminals, and each document's escape is its format's own.
public enum TerminalText {
    public static func escape(_ text: String) -> String {
        // Nearly every value is harmless: return it as it is without building a copy.
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// How a machine-readable document names a character it does not write raw.
    public enum Notation: Sendable {
        /// `\u202E` (JSON and SARIF: all such characters are in the BMP, one escape each).
        case json
        /// `&#x202E;` (XML and HTML; a valid reference for every character this escapes).
        case markup
    }

    /// A JSON, XML or HTML document about to be shown on a terminal: every character
    /// `isEscaped` covers, other than the tab and line feed the document's own layout uses, is
    /// written as the format's escape. The document means the same (JSON writers already
    /// escape C0 inside strings; markup writers keep only tab, LF and CR, so only CR changes
    /// there), yet none of DEL, C1, bidi or separator controls reach the terminal raw.
    /// Documents written to files or pipes are left as they are.
    public static func escapeDocument(_ bytes: [UInt8], _ notation: Notation) -> [UInt8] {
        // Every escaped character but DEL is a C0 byte or starts with 0xC2, 0xD8 or 0xE2-0xEF.
        guard bytes.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F || $0 >= 0xC2 }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar), scalar != "\t", scalar != "\n" else {
                out.append(contentsOf: String(scalar).utf8)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            switch notation {
            case .json: out += Array(("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
            case .markup: out += Array(("&#x" + hex + ";").utf8)
            }
        }
        return out
    }

    /// The characters a terminal would act on or that hide or reorder text.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F:  // C0 (NUL, BEL, BS, TAB, LF, CR, ESC, ...) and DEL
            true
        case 0x80...0x9F:  // C1: CSI (0x9B) and OSC (0x9D) act like ESC [ and ESC ] on some terminals
            true
        case 0x2028, 0x2029:  // line and paragraph separators: some terminals break the line
            true
        case 0x206A...0x206F:  // deprecated format controls: switch shaping and digit forms
            true
        case 0xFFF9...0xFFFB:  // interlinear annotation: hides the text between its anchors
            true
        default:
            // Bidi marks, embeddings, overrides and isolates: reorder the rest of the line.
            BidiControls.contains(scalar)
        }
    }
}
