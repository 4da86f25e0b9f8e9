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

    /// The characters a terminal would act on or that hide or reorder text.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F:  // C0 (NUL, BEL, BS, TAB, LF, CR, ESC, ...) and DEL
            true
        case 0x80...0x9F:  // C1: CSI (0x9B) and OSC (0x9D) act like ESC [ and ESC ] on some terminals
            true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            // Bidi marks, embeddings, overrides and isolates: reorder the rest of the line.
            true
        case 0x2028, 0x2029:  // line and paragraph separators: some terminals break the line
            true
        case 0x206A...0x206F:  // deprecated format controls: switch shaping and digit forms
            true
        case 0xFFF9...0xFFFB:  // interlinear annotation: hides the text between its anchors
            true
        default:
            false
        }
    }
}
