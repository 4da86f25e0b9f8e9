import A11yModel

extension Rule {
    /// Best practice (ATF redundant description, Apple HIG): the trait already says the role,
    /// state lives in traits or value, and how to operate belongs in the hint. About the
    /// labels of controls and images: plain text nobody taps (a heading saying "click logout
    /// below.") is content, not judged (`RuleContext.isPlainText`).
    ///
    /// Cost: O(n) in elements, linear in each label (phrases found once per distinct label).
    static let labelRoleWords = Rule(
        id: "label-role-words", wcag: [], level: nil, impact: .minor,
        description: "Labels do not repeat the role, state or gesture (\"button\", \"selected\", \"tap to\").",
        help: "Drop the word from the label: VoiceOver already says \"Button\" / \"Selected\" from the traits; put instructions in the hint.",
        check: { ctx in
            if ctx.document.platform == .android { return AndroidRedundantDescription.findings(ctx) }
            // Labels repeat a lot (list rows, tabs): phrases found per distinct label.
            var phrasesByLabel: [String: [Int]] = [:]
            let elements = ctx.elements
            return elements.indices.compactMap { e in
                guard let label = elements[e].label, LabelRoleWords.mayContainPhrase(label),
                      !ctx.isPlainText(elementAt: e) else { return nil }
                let phrases = phrasesByLabel[label] ?? {
                    let found = LabelRoleWords.phrases(in: label)
                    phrasesByLabel[label] = found
                    return found
                }()
                let found = phrases.map { LabelRoleWords.table[$0] }.filter { entry in
                    entry.trait.map { elements[e].traits.contains($0) } ?? true
                }.map { $0.phrase.joined(separator: " ") }
                guard !found.isEmpty else { return nil }
                return ctx.finding(elementAt: e,
                                   message: "Label \"\(label)\" contains \(found.map { "\"\($0)\"" }.joined(separator: ", ")), which VoiceOver already conveys.",
                                   data: [("label", .string(label)), ("words", .strings(found))])
            }
        })
}

/// `label-role-words` on Android trees: the words above in the spoken label, and ATF's
/// `RedundantDescriptionCheck` words in the element's own `contentDescription` whatever its
/// role (google/Accessibility-Test-Framework-for-Android, English strings of
/// `resources/strings.xml`: item types "button", "checkbox", "check box"; states "checked",
/// "unchecked", "selected", "unselected"; actions "click", "swipe", "tap"; whole words, any case).
enum AndroidRedundantDescription {
    static let words: [[String]] = [
        ["button"], ["checkbox"], ["check", "box"], ["checked"], ["unchecked"], ["selected"], ["unselected"],
        ["click"], ["swipe"], ["tap"],
    ]

    static func findings(_ ctx: RuleContext) -> [Finding] {
        let elements = ctx.elements
        return elements.indices.compactMap { e in
            var found: [String] = []
            if let label = elements[e].label, LabelRoleWords.mayContainPhrase(label), !ctx.isPlainText(elementAt: e) {
                found = LabelRoleWords.phrases(in: label).map { LabelRoleWords.table[$0] }
                    .filter { entry in entry.trait.map { elements[e].traits.contains($0) } ?? true }
                    .map { $0.phrase.joined(separator: " ") }
            }
            if let description = ctx.node(elements[e].node).contentDescription {
                let descriptionWords = LabelWords.words(description)
                for phrase in words where LabelWords.contains(descriptionWords, phrase: phrase) {
                    let word = phrase.joined(separator: " ")
                    if !found.contains(word) { found.append(word) }
                }
            }
            guard !found.isEmpty else { return nil }
            let label = elements[e].label ?? ctx.node(elements[e].node).contentDescription ?? ""
            return ctx.finding(elementAt: e,
                               message: "Label \"\(label)\" contains \(found.map { "\"\($0)\"" }.joined(separator: ", ")), which TalkBack already conveys.",
                               data: [("label", .string(label)), ("words", .strings(found))])
        }
    }
}

enum LabelRoleWords {
    /// A role word is redundant only when the matching trait is set (a "Tab" label on a
    /// button is not); state and gesture words always are.
    static let table: [(phrase: [String], trait: Traits?)] = [
        (["button"], .button), (["link"], .link), (["image"], .image), (["picture"], .image),
        (["heading"], .header), (["tab"], .tab),
        (["selected"], nil), (["unselected"], nil), (["checked"], nil), (["unchecked"], nil),
        (["tap", "to"], nil), (["double", "tap"], nil), (["click"], nil), (["swipe", "to"], nil),
    ]

    /// Indices of the table entries whose phrase occurs in `label`, in table order.
    static func phrases(in label: String) -> [Int] {
        let words = LabelWords.words(label)
        return table.indices.filter { LabelWords.contains(words, phrase: table[$0].phrase) }
    }

    /// First words of the phrases, for `mayContainPhrase`.
    static let firstWords: [[UInt8]] = table.map { Array($0.phrase[0].utf8) }

    /// False only when no phrase can match `label`. All-ASCII labels (nearly all) are split
    /// into letter-or-digit runs, exactly the words `LabelWords.words` makes, and each run is
    /// compared with the phrases' first words. Other labels need a first word somewhere in
    /// their bytes, ignoring ASCII case: words are compared after `lowercased()`, and the only
    /// non-ASCII scalar that lowercases to a plain ASCII letter is KELVIN SIGN (U+212A, to "k";
    /// U+0130 gives "i" plus a combining dot, which stays part of the character), so labels
    /// holding it always take the full check.
    static func mayContainPhrase(_ label: String) -> Bool {
        label.withBorrowedUTF8 { utf8 in
            if let ascii = asciiHasFirstWord(utf8) { return ascii }
            return containsFirstWord(utf8) || containsKelvinSign(utf8)
        }
    }

    /// Whether a letter-or-digit run of `utf8` is a phrase's first word; nil when non-ASCII
    /// text comes first (any run found before it would match the byte scan too).
    private static func asciiHasFirstWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Tables read once per label: each read of a `static let` checks its initialisation.
        let byLetter = firstWordsByLetter, letters = firstLetters
        var start = 0
        for i in 0...utf8.count {
            let byte = i < utf8.count ? utf8[i] : UInt8(ascii: " ")
            guard byte < 0x80 else { return nil }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            if isLetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { continue }
            // Only the words starting with the run's letter can match (digits start none);
            // most runs start with a letter no first word starts with.
            let lower = (start < i ? utf8[start] : 0) | 0x20
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower), letters & (1 << (lower - UInt8(ascii: "a"))) != 0 {
                let run = UnsafeBufferPointer(rebasing: utf8[start..<i])
                for word in byLetter[Int(lower - UInt8(ascii: "a"))]
                where word.count == run.count && startsWithIgnoringASCIICase(run, at: 0, word) {
                    return true
                }
            }
            start = i + 1
        }
        return false
    }

    /// Whether a phrase's first word occurs anywhere in `text`, ignoring ASCII case: one pass
    /// that tries only the words starting with the letter at hand.
    private static func containsFirstWord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let byLetter = firstWordsByLetter, letters = firstLetters
        for start in text.indices {
            let lower = text[start] | 0x20
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower), letters & (1 << (lower - UInt8(ascii: "a"))) != 0
            else { continue }
            for word in byLetter[Int(lower - UInt8(ascii: "a"))]
            where text.count - start >= word.count && startsWithIgnoringASCIICase(text, at: start, word) {
                return true
            }
        }
        return false
    }

    /// U+212A as UTF-8 (E2 84 AA): in valid UTF-8 those bytes are that scalar and nothing else,
    /// so no scalar view has to be walked.
    private static func containsKelvinSign(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 2 < text.count {
            if text[i] == 0xE2, text[i + 1] == 0x84, text[i + 2] == 0xAA { return true }
            i += 1
        }
        return false
    }

    /// Bit `n` set when some first word starts with the `n`th letter of a...z.
    private static let firstLetters: UInt32 = firstWords.reduce(0) { $0 | 1 << ($1[0] - UInt8(ascii: "a")) }

    /// `firstWords` grouped by their first letter, a...z.
    private static let firstWordsByLetter: [[[UInt8]]] = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { letter in
        firstWords.filter { $0.first == letter }
    }

    /// `needle` (lowercase ASCII letters) at `start` of `text`, which has room for it.
    private static func startsWithIgnoringASCIICase(_ text: UnsafeBufferPointer<UInt8>, at start: Int, _ needle: [UInt8]) -> Bool {
        var i = 0
        // Setting bit 5 lowercases ASCII letters; needle bytes are letters, so other bytes never match by accident.
        while i < needle.count, text[start + i] | 0x20 == needle[i] { i += 1 }
        return i == needle.count
    }
}
