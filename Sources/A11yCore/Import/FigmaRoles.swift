/// Figma has no accessibility semantics (no role or label field in the REST node schema,
/// import-formats.md §3.2): roles are guessed from the words of a layer's name, or of an
/// instance's component name, by this table, first matching row wins. Words are split at
/// anything but letters and digits and at lower-to-upper case changes (`(button)SignIn` reads
/// `button sign in`), compared without case. Every guess is reported with the name it came
/// from (`roleGuessedFrom` on findings).
///
/// | words | kind |
/// |---|---|
/// | button, btn, cta | button |
/// | link, hyperlink | link |
/// | toggle, switch, checkbox, radio | toggle |
/// | slider | slider |
/// | password | secureTextField |
/// | input, textfield, textbox, field, search, searchbar | textField |
/// | tab | tab |
/// | icon, image, img, logo, avatar, picture, photo, illustration | image |
///
/// TEXT layers are always text, whatever their name; control kinds go only to container
/// layers outside other guessed controls, image guesses only to layers with no text inside
/// (`FigmaImporter`).
enum FigmaRoles {
    static let table: [(words: [String], kind: NodeKind)] = [
        (["button", "btn", "cta"], .button),
        (["link", "hyperlink"], .link),
        (["toggle", "switch", "checkbox", "radio"], .toggle),
        (["slider"], .slider),
        (["password"], .secureTextField),
        (["input", "textfield", "textbox", "field", "search", "searchbar"], .textField),
        (["tab"], .tab),
        (["icon", "image", "img", "logo", "avatar", "picture", "photo", "illustration"], .image),
    ]

    /// The kind `name`'s words call for, if any.
    static func guess(_ name: String) -> NodeKind? {
        let words = Self.words(name)
        guard !words.isEmpty else { return nil }
        for row in table where row.words.contains(where: words.contains) { return row.kind }
        return nil
    }

    /// Lower-cased words of a name (at most the first 32; names are the designer's free text).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for c in name.unicodeScalars.prefix(256) {
            let isLetterOrDigit = c.properties.isAlphabetic || ("0"..."9").contains(c)
            let isUpper = c.properties.isUppercase
            if !isLetterOrDigit || (isUpper && previousLower) {
                if !current.isEmpty { words.append(current); current = "" }
            }
            if isLetterOrDigit { current += String(c).lowercased() }
            previousLower = isLetterOrDigit && !isUpper
            if words.count >= 32 { break }
        }
        if !current.isEmpty && words.count < 32 { words.append(current) }
        return words
    }
}
