/// What VoiceOver says for an element, modelled on AccessibilitySnapshot's descriptions:
/// "Selected: label: value. Dimmed. Button. 2 of 3."
enum SpokenOutput {
    /// Trait words in the order VoiceOver speaks them.
    private static let traitWords: [(Traits, String)] = [
        (.notEnabled, "Dimmed."), (.button, "Button."), (.backButton, "Back Button."), (.tab, "Tab."),
        (.textEntry, "Text Field."), (.header, "Heading."), (.link, "Link."), (.adjustable, "Adjustable."),
        (.image, "Image."), (.searchField, "Search Field."),
    ]

    static let adjustableHint = "Swipe up or down with one finger to adjust the value."

    /// `value` is the value as read (toggle values already "On" / "Off").
    static func utterance(label: String?, value: String?, hint: String?, traits: Traits,
                          position: AccessibilityElement.Position?) -> String {
        var description: String
        switch (label, value) {
        case let (label?, value?): description = "\(label): \(value)"
        case let (label?, nil): description = label
        case let (nil, value?): description = value
        case (nil, nil): description = ""
        }
        if traits.contains(.selected) { description = description.isEmpty ? "Selected" : "Selected: \(description)" }

        var words: [String] = []
        for (trait, word) in traitWords where traits.contains(trait) {
            // Keyboard keys, tabs and back buttons have their own word instead of "Button."
            if trait == .button && !traits.isDisjoint(with: [.keyboardKey, .tab, .backButton]) { continue }
            words.append(word)
        }
        if let position { words.append("\(position.index) of \(position.count).") }
        if description.isEmpty, let hint { description = hint }

        guard !words.isEmpty else { return description }
        if description.isEmpty { return words.joined(separator: " ") }
        if !description.hasSuffix(".") { description += "." }
        return ([description] + words).joined(separator: " ")
    }
}
