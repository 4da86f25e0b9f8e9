/// What VoiceOver says for an element, and the hint it reads after a pause, as
/// AccessibilitySnapshot describes it (`NSObject.accessibilityDescription(context:)` in
/// UIAccessibility+SnapshotAdditions.swift; words from Assets/en.lproj/Localizable.strings):
/// "Selected: label: value. Dimmed. Button. Heading. 2 of 3."
enum SpokenOutput {
    /// Where the element sits: in a series (a `tabSet`: "2 of 3.") or in a container with the
    /// `tabBar` trait (the parser's `.tab` context: "Tab.", never "Button.", and "2 of 3.").
    enum Context: Equatable {
        case series(AccessibilityElement.Position)
        case tab(AccessibilityElement.Position)

        var position: AccessibilityElement.Position {
            switch self { case .series(let p), .tab(let p): p }
        }
    }

    static let adjustableHint = "Swipe up or down with one finger to adjust the value."
    static let switchHint = "Double tap to toggle setting."
    static let textEntryHint = "Double tap to edit."

    /// Traits that add words or hints: without any of them, no selection and no context, the
    /// utterance is the description itself.
    private static let speakingTraits: Traits = [
        .selected, .notEnabled, .button, .backButton, .toggleButton, .tab, .textEntry, .header, .link,
        .adjustable, .image, .searchField,
    ]

    /// The utterance and the hint read after it. `label`, `value` and `hint` are the element's
    /// own (a switch's value is its raw "0" / "1" / "2"). The utterance is written into `buffer`
    /// (reused between elements) and copied out once.
    static func speech(label: String?, value: String?, hint: String?, traits: Traits, context: Context?,
                       buffer: inout TextBuffer, maxBytes: Int = AuditBudget.default.maxTextBytes)
        -> (spoken: String, hint: String?) {
        let label = label.nonEmpty, value = value.nonEmpty, ownHint = hint.nonEmpty
        // Common case: a plain text or view says its label (or value) and keeps its hint.
        if context == nil && traits.isDisjoint(with: speakingTraits) {
            switch (label, value) {
            case let (label?, nil): return (label, ownHint)
            case let (nil, value?): return (value, ownHint)
            case let (label?, value?): return (join(label, ": ", value, maxBytes), ownHint)
            case (nil, nil): return (ownHint ?? "", nil)
            }
        }
        // A switch: the parser's private switch-button trait, which is UIKit's public `toggleButton`.
        let isSwitch = traits.contains(.toggleButton)
        let isTab: Bool
        if case .tab? = context { isTab = true } else { isTab = false }

        buffer.clear()
        // A back button whose label is "Back" does not say it twice ("Back Button." alone).
        if let label, !(traits.contains(.backButton) && label.lowercased() == "back") { buffer.append(label) }
        // A switch's value is said as its state word, not as "label: value".
        if let value, !isSwitch {
            if !buffer.isEmpty { buffer.append(": ") }
            buffer.append(value)
        }
        if traits.contains(.selected) {
            if buffer.isEmpty {
                buffer.append("Selected.")
            } else {
                let description = buffer.string()
                buffer.clear(); buffer.append("Selected: "); buffer.append(description)
            }
        }
        var spokenHint = ownHint
        // Nothing to describe: the hint is said in its place and is not read again.
        if buffer.isEmpty, let hint = spokenHint { buffer.append(hint); spokenHint = nil }

        // Trait words after the description: "<description>. Word. Word." (no period doubled).
        var first = buffer.isEmpty, words = 0
        func word(_ w: String) {
            if first { first = false } else {
                if words == 0 && !endsWithPeriod(buffer) { buffer.append(UInt8(ascii: ".")) }
                buffer.append(UInt8(ascii: " "))
            }
            buffer.append(w)
            words += 1
        }
        if traits.contains(.notEnabled) { word("Dimmed.") }
        // Keyboard keys, switches, tab-bar items, back buttons and anything in a tab bar have their own word.
        if traits.contains(.button) && traits.isDisjoint(with: [.keyboardKey, .toggleButton, .tab, .backButton]) && !isTab {
            word("Button.")
        }
        if traits.contains(.backButton) { word("Back Button.") }
        if isSwitch {
            // "Switch Button." only with the button trait too (a passed-through switch trait alone is silent).
            if traits.contains(.button) { word("Switch Button.") }
            switch value {
            case "1": word("On.")
            case "0": word("Off.")
            case "2": word("Mixed.")
            case let other?: word(other)
            case nil: break
            }
        }
        if traits.contains(.tab) || isTab { word("Tab.") }
        if traits.contains(.textEntry) { word(traits.contains(.secureTextEntry) ? "Secure Text Field." : "Text Field.") }
        if traits.contains(.header) { word("Heading.") }
        if traits.contains(.link) { word("Link.") }
        if traits.contains(.adjustable) { word("Adjustable.") }
        if traits.contains(.image) { word("Image.") }
        if traits.contains(.searchField) { word("Search Field.") }
        if let context {
            // "%@ %@ of %@.": a space even after an empty description, as the reference formats it.
            buffer.append(UInt8(ascii: " "))
            buffer.append(context.position.index); buffer.append(" of "); buffer.append(context.position.count)
            buffer.append(UInt8(ascii: "."))
        }

        let enabled = !traits.contains(.notEnabled)
        if isSwitch && enabled { spokenHint = appending(switchHint, to: spokenHint) }
        // Text entry replaces the hint (this format has no editing state or text areas).
        if traits.contains(.textEntry) && enabled { spokenHint = textEntryHint }
        // The adjust hint follows the element's own; not when dimmed, for switches, or when the
        // element has only a hint (which was then said in place of the description).
        let hintOnly = ownHint != nil && label == nil && value == nil
        if traits.contains(.adjustable) && enabled && !isSwitch && !hintOnly {
            spokenHint = appending(adjustableHint, to: spokenHint)
        }
        return (buffer.string().truncated(toBytes: maxBytes), spokenHint?.truncated(toBytes: maxBytes))
    }

    /// "<hint>. <standard>" (the hint's own trailing period dropped), or the standard hint alone.
    private static func appending(_ standard: String, to hint: String?) -> String {
        guard var hint = hint.nonEmpty else { return standard }
        if hint.hasSuffix(".") { hint.removeLast() }
        return hint + ". " + standard
    }

    private static func join(_ a: String, _ separator: String, _ b: String, _ maxBytes: Int) -> String {
        (a + separator + b).truncated(toBytes: maxBytes)
    }

    /// `hasSuffix(".")` of the text so far: a last byte other than "." cannot end in a
    /// "." character; when it is ".", the String check decides (a "." can join a grapheme).
    private static func endsWithPeriod(_ buffer: TextBuffer) -> Bool {
        guard buffer.last == UInt8(ascii: ".") else { return false }
        return buffer.string().hasSuffix(".")
    }
}
