import A11yModel
/// What VoiceOver says for an element, and the hint it reads after a pause, as
/// AccessibilitySnapshot describes it (`NSObject.accessibilityDescription(context:)` in
/// UIAccessibility+SnapshotAdditions.swift; words from Assets/en.lproj/Localizable.strings):
/// "Selected: label: value. Dimmed. Button. Heading. 2 of 3."
enum SpokenOutput {
    /// Where the element sits, as the parser's `AccessibilityHierarchyParser.Context` says it:
    /// in a series (a `tabSet`: "2 of 3."), in a container with the `tabBar` trait (`.tab`:
    /// "Tab.", never "Button.", and "2 of 3."), first or last in a list or landmark (see
    /// `ContainerContexts`). A data table cell's context carries text: it is a parameter of its
    /// own (`DataTableCellContext`), so this one stays a plain value every element passes cheaply.
    enum Context: Equatable {
        case series(AccessibilityElement.Position)
        case tab(AccessibilityElement.Position)
        case listStart, listEnd, landmarkStart, landmarkEnd

        var position: AccessibilityElement.Position? {
            switch self {
            case .series(let p), .tab(let p): p
            case .listStart, .listEnd, .landmarkStart, .landmarkEnd: nil
            }
        }

        /// The words after everything else, for the list and landmark contexts.
        var closingWords: String? {
            switch self {
            case .listStart: "List Start."
            case .listEnd: "List End."
            case .landmarkStart: "Landmark."
            case .landmarkEnd: "End."
            case .series, .tab: nil
            }
        }
    }

    /// The parser's `.dataTableCell`: row and column from 0 (nil: not defined), spans, whether
    /// the cell is the first of its row VoiceOver reads, and its headers' words ("B1: Value. ").
    struct DataTableCellContext: Equatable {
        var row: Int?, column: Int?
        var rowSpan: Int, columnSpan: Int
        var isFirstInRow: Bool
        var headers: String
    }

    /// The text-entry states UIKit tells with private traits (`isEditing`, `textArea`).
    struct TextEntryState: OptionSet {
        let rawValue: UInt8
        static let isEditing = TextEntryState(rawValue: 1 << 0)
        static let textArea = TextEntryState(rawValue: 1 << 1)
    }

    static let adjustableHint = "Swipe up or down with one finger to adjust the value."
    static let switchHint = "Double tap to toggle setting."
    static let textEntryHint = "Double tap to edit."
    static let textEntryIsEditingHint = "Use the rotor to access Misspelled Words"
    static let textAreaHint = "Double tap to edit., Use the rotor to access Misspelled Words"

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
                       cell: DataTableCellContext? = nil, textEntry: TextEntryState = [],
                       buffer: inout TextBuffer, maxBytes: Int = AuditBudget.default.maxTextBytes)
        -> (spoken: String, hint: String?) {
        let label = label.nonEmpty, value = value.nonEmpty, ownHint = hint.nonEmpty
        // Common case: a plain text or view says its label (or value) and keeps its hint.
        if context == nil && cell == nil && traits.isDisjoint(with: speakingTraits) {
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
        if let cell {
            // A cell: its headers, its description, its spans, row and column, then its value.
            describeCell(cell, value: isSwitch ? nil : value, in: &buffer)
        } else if let value, !isSwitch {
            // A switch's value is said as its state word, not as "label: value".
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
        if traits.contains(.textEntry) {
            word(traits.contains(.secureTextEntry) ? "Secure Text Field." : "Text Field.")
            if textEntry.contains(.isEditing) { word("Is editing.") }
        }
        if traits.contains(.header) { word("Heading.") }
        if traits.contains(.link) { word("Link.") }
        if traits.contains(.adjustable) { word("Adjustable.") }
        if traits.contains(.image) { word("Image.") }
        if traits.contains(.searchField) { word("Search Field.") }
        if let position = context?.position {
            // "%@ %@ of %@.": a space even after an empty description, as the reference formats it.
            buffer.append(UInt8(ascii: " "))
            buffer.append(position.index); buffer.append(" of "); buffer.append(position.count)
            buffer.append(UInt8(ascii: "."))
        } else if let closing = context?.closingWords {
            // "%@%@ %@": a period unless there is one, even after an empty description.
            if !endsWithPeriod(buffer) { buffer.append(UInt8(ascii: ".")) }
            buffer.append(UInt8(ascii: " "))
            buffer.append(closing)
        }

        let enabled = !traits.contains(.notEnabled)
        if isSwitch && enabled { spokenHint = appending(switchHint, to: spokenHint) }
        // Text entry replaces the hint: being edited, a text area, or a text field.
        if traits.contains(.textEntry) && enabled {
            spokenHint = textEntry.contains(.isEditing) ? textEntryIsEditingHint
                : textEntry.contains(.textArea) ? textAreaHint : textEntryHint
        }
        // The adjust hint follows the element's own; not when dimmed, for switches, or when the
        // element has only a hint (which was then said in place of the description).
        let hintOnly = ownHint != nil && label == nil && value == nil
        if traits.contains(.adjustable) && enabled && !isSwitch && !hintOnly {
            spokenHint = appending(adjustableHint, to: spokenHint)
        }
        return (buffer.string().truncated(toBytes: maxBytes), spokenHint?.truncated(toBytes: maxBytes))
    }

    /// A data table cell's description (`buffer` holds its label): "<headers><label>." then
    /// " Spans N rows." / " Spans N columns." when it spans more than one (and the row or column
    /// is defined), " Row N." for the first cell of a row, " Column N.", then " <value>".
    private static func describeCell(_ cell: DataTableCellContext, value: String?, in buffer: inout TextBuffer) {
        if !cell.headers.isEmpty {
            let label = buffer.string()
            buffer.clear(); buffer.append(cell.headers); buffer.append(label)
        }
        if !endsWithPeriod(buffer) { buffer.append(UInt8(ascii: ".")) }
        if cell.rowSpan > 1 && cell.row != nil { buffer.append(" Spans "); buffer.append(cell.rowSpan); buffer.append(" rows.") }
        if cell.columnSpan > 1 && cell.column != nil {
            buffer.append(" Spans "); buffer.append(cell.columnSpan); buffer.append(" columns.")
        }
        if cell.isFirstInRow, let row = cell.row { buffer.append(" Row "); buffer.append(row + 1); buffer.append(UInt8(ascii: ".")) }
        if let column = cell.column { buffer.append(" Column "); buffer.append(column + 1); buffer.append(UInt8(ascii: ".")) }
        if let value { buffer.append(UInt8(ascii: " ")); buffer.append(value) }
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
