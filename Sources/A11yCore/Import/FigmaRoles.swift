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
/// A role word followed by a container noun in the same part of the name ("Button Sheet",
/// "Tab Bar", "Input Label") is a modifier and guesses nothing (`containerNouns`).
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

    /// Words that name what a layer is when a role word comes before them in the same part
    /// of the name: the role word is then a modifier ("Button Sheet" is a sheet of buttons,
    /// "Tab Bar" the bar holding tabs, "Input Label" the label of a field, "Search Results"
    /// a list), not the layer's role.
    static let containerNouns: Set<String> = [
        "sheet", "group", "groups", "bar", "bars", "container", "wrapper", "wrap", "list", "row", "rows", "column",
        "panel", "area", "section", "label", "labels", "text", "title", "caption", "heading", "header", "footer",
        "background", "bg", "menu", "modal", "dialog", "card", "stack", "holder", "layout", "results", "history",
        "suggestions", "screen", "page", "view", "grid", "set", "collection", "placeholder", "description", "helper",
        "hint", "error", "message", "tooltip", "badge", "shadow", "border", "outline", "divider", "indicator",
        "track", "thumb", "knob", "handle", "content", "body", "copy", "frame", "box", "state", "states",
    ]

    /// The kind `name`'s words call for, if any: a row's word counts unless a container noun
    /// follows it in the same part of the name (parts are separated by "/", as in Figma's
    /// component paths "Button/Primary"; case changes and other separators split words only).
    static func guess(_ name: String) -> NodeKind? {
        var heads: [String] = []
        for part in name.prefix(256).split(separator: "/") {
            var words = Self.words(String(part))
            // "Search Bar" is the search field itself (as "searchbar"), not a bar holding one.
            if let k = words.firstIndex(of: "search"), k + 1 < words.count, words[k + 1] == "bar" {
                words.replaceSubrange(k...(k + 1), with: ["searchbar"])
            }
            for (k, word) in words.enumerated() where !words[(k + 1)...].contains(where: containerNouns.contains) {
                heads.append(word)
            }
        }
        guard !heads.isEmpty else { return nil }
        for row in table where row.words.contains(where: heads.contains) { return row.kind }
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
