/// What VoiceOver says for an element, modelled on AccessibilitySnapshot's descriptions:
/// "Selected: label: value. Dimmed. Button. 2 of 3."
enum SpokenOutput {
    /// Trait words in the order VoiceOver speaks them.
    private static let traitWords: [(Traits, StaticString)] = [
        (.notEnabled, "Dimmed."), (.button, "Button."), (.backButton, "Back Button."), (.tab, "Tab."),
        (.textEntry, "Text Field."), (.header, "Heading."), (.link, "Link."), (.adjustable, "Adjustable."),
        (.image, "Image."), (.searchField, "Search Field."),
    ]
    /// Every trait that has a word, to skip the word list for plain texts.
    private static let spokenTraits: Traits = traitWords.reduce(into: []) { $0.formUnion($1.0) }

    static let adjustableHint = "Swipe up or down with one finger to adjust the value."

    /// `value` is the value as read (toggle values already "On" / "Off"). The utterance is
    /// written into `buffer` (reused between elements) and copied out once.
    static func utterance(label: String?, value: String?, hint: String?, traits: Traits,
                          position: AccessibilityElement.Position?, buffer: inout TextBuffer,
                          maxBytes: Int = AuditBudget.default.maxTextBytes) -> String {
        let selected = traits.contains(.selected)
        var wordTraits = traits.intersection(spokenTraits)
        // Keyboard keys, tabs and back buttons have their own word instead of "Button."
        if !traits.isDisjoint(with: [.keyboardKey, .tab, .backButton]) { wordTraits.remove(.button) }
        let hasWords = position != nil || !wordTraits.isEmpty
        // Description: "label: value", "label", "value" or "", with "Selected" in front.
        let descriptionIsEmpty: Bool
        switch (label, value) {
        case (_?, _?): descriptionIsEmpty = false
        case let (label?, nil): descriptionIsEmpty = label.isEmpty
        case let (nil, value?): descriptionIsEmpty = value.isEmpty
        case (nil, nil): descriptionIsEmpty = true
        }
        // Common case: the utterance is the label or value itself, so share that string.
        if !selected && !hasWords {
            if !descriptionIsEmpty, value == nil, let label { return label }
            if !descriptionIsEmpty, label == nil, let value { return value }
            if descriptionIsEmpty, let hint { return hint }
        }
        buffer.clear()
        if selected { buffer.append(descriptionIsEmpty ? "Selected" : "Selected: ") }
        switch (label, value) {
        case let (label?, value?): buffer.append(label); buffer.append(": "); buffer.append(value)
        case let (label?, nil): buffer.append(label)
        case let (nil, value?): buffer.append(value)
        case (nil, nil): break
        }
        if buffer.isEmpty, let hint { buffer.append(hint) }
        guard hasWords else { return buffer.string().truncated(toBytes: maxBytes) }

        var first = buffer.isEmpty
        if !first && !endsWithPeriod(buffer) { buffer.append(UInt8(ascii: ".")) }
        for (trait, word) in traitWords where wordTraits.contains(trait) {
            if !first { buffer.append(UInt8(ascii: " ")) }
            buffer.append(word)
            first = false
        }
        if let position {
            if !first { buffer.append(UInt8(ascii: " ")) }
            buffer.append(position.index); buffer.append(" of "); buffer.append(position.count); buffer.append(UInt8(ascii: "."))
            first = false
        }
        return buffer.string().truncated(toBytes: maxBytes)
    }

    /// `hasSuffix(".")` of the text so far: a last byte other than "." cannot end in a
    /// "." character; when it is ".", the String check decides (a "." can join a grapheme).
    private static func endsWithPeriod(_ buffer: TextBuffer) -> Bool {
        guard buffer.last == UInt8(ascii: ".") else { return false }
        return buffer.string().hasSuffix(".")
    }
}
