/// The invisible characters that steer the Unicode bidirectional algorithm: the Arabic letter
/// mark (U+061C), the left-to-right and right-to-left marks (U+200E, U+200F), the embeddings,
/// pop and overrides (U+202A-E) and the isolates (U+2066-9). An override makes the text after
/// it display in an order other than the one it is stored in, so what a reader sees is not
/// what the text says. Terminal text shows them as escapes; HTML isolates text holding them.
enum BidiControls {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension Unicode.Scalar {
    /// A C0 control, DEL, a C1 control or a bidi control: what the Markdown and GitHub writers
    /// replace with U+FFFD once they have written the line breaks and tabs their format allows.
    var isControlOrBidi: Bool { value < 0x20 || (0x7F...0x9F).contains(value) || BidiControls.contains(self) }
}
