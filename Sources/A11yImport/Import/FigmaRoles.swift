import A11yModel
/// Figma has no accessibility semantics (no role or label field in the REST node schema,
/// import-formats.md §3.2): roles are guessed from the words of a layer's name, or of an
/// instance's component name, by this table. Words are split at anything but letters and
/// digits and at lower-to-upper case changes (`(button)SignIn` reads `button sign in`),
/// compared without case; which word decides is `guess(_:)`'s (the head word of the first
/// `/`-part naming a role). Every guess is reported with the name it came from
/// (`roleGuessedFrom` on findings).
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

    /// The kind `name` calls for, if any. A name is read as Figma component paths are written,
    /// category first ("Icons/Search", "Button/Primary/Large"): the first `/`-separated part
    /// that names a role decides; in a part before the last a plural names its category
    /// ("Icons", "Buttons"), in the last it is a group of them and names none. Within a part
    /// the head word decides, as in English the last noun does: the last role word not
    /// followed by a container noun ("Search Icon" is an icon, "Icon Button" a button); a
    /// button word after a toggle, tab or link word keeps that more specific role ("Radio
    /// Button" is a toggle), and a field word after "password" is a secure field.
    static func guess(_ name: String) -> NodeKind? {
        let parts = name.prefix(256).split(separator: "/", omittingEmptySubsequences: true)
        for (p, part) in parts.enumerated() {
            if let kind = guess(part: String(part), category: p < parts.count - 1) { return kind }
        }
        return nil
    }

    private static func guess(part: String, category: Bool) -> NodeKind? {
        var words = Self.words(part)
        // "Search Bar" is the search field itself (as "searchbar"), not a bar holding one.
        if let k = words.firstIndex(of: "search"), k + 1 < words.count, words[k + 1] == "bar" {
            words.replaceSubrange(k...(k + 1), with: ["searchbar"])
        }
        var kinds: [NodeKind] = []
        for (k, word) in words.enumerated() where !words[(k + 1)...].contains(where: containerNouns.contains) {
            let singular = category && word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
            if let kind = kind(of: singular) { kinds.append(kind) }
        }
        guard var head = kinds.last else { return nil }
        let modifiers = kinds.dropLast()
        if head == .button, let specific = modifiers.last(where: { [.toggle, .tab, .link].contains($0) }) { head = specific }
        if head == .textField, modifiers.contains(.secureTextField) { head = .secureTextField }
        return head
    }

    /// The table's kind for one word.
    private static func kind(of word: String) -> NodeKind? {
        table.first { $0.words.contains(word) }?.kind
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
