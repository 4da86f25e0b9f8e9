extension Rule {
    /// 2.5.3 Label in Name: a speech-input user says what they see. Voice Control and Full
    /// Keyboard Access accept a control by the names in `userInputLabels` (UIKit
    /// `accessibilityUserInputLabels`), else by its label; a control whose visible text is in
    /// none of them cannot be activated by saying that text.
    /// Off by default while it is new (`--enable label-in-name`, or `options.rules.enable`):
    /// turned on, it would fail pipelines that passed yesterday on labels nobody has reviewed.
    ///
    /// Cost: O(n) in controls, linear in each label and visible text (word runs matched by Knuth-Morris-Pratt).
    static let labelInName = Rule(
        id: "label-in-name", wcag: ["2.5.3"], level: .A, impact: .serious,
        description: "The names speech input accepts for a control contain its visible text.",
        help: "Start the accessibility label (or one of the accessibilityUserInputLabels) with the text the control shows.",
        enabledByDefault: false,
        check: { ctx in
            ctx.controls.compactMap { e in
                guard !ctx.lacksLabel(elementAt: e) else { return nil }
                let element = ctx.elements[e]
                guard let label = element.label else { return nil }
                // What the control shows as its name: its own text, else the texts it was
                // composed from, less the one shown as its value (a price, the typed text).
                let value = element.value.map { SpokenWords([$0]) }
                let parts = element.nodes.compactMap { ctx.nodes[$0].visibleText }.map { ($0, SpokenWords([$0])) }.filter { $0.1 != value }
                let texts = parts.map(\.0)
                let shown = SpokenWords(joining: parts.map(\.1))
                guard !shown.isEmpty else { return nil }
                let inputLabels = ctx.nodes[element.node].userInputLabels
                let accepted = inputLabels.isEmpty ? [label] : inputLabels
                guard !accepted.contains(where: { SpokenWords([$0]).contains(shown) }) else { return nil }
                let names = inputLabels.isEmpty ? "label \"\(label)\"" : "user input labels \"" + inputLabels.joined(separator: "\", \"") + "\""
                let visible = texts.joined(separator: " ")
                return ctx.finding(elementAt: e, message: "Visible text \"\(visible)\" is not in the \(names).",
                                   data: [("visibleText", .string(visible)), ("accepted", .strings(accepted))])
            }
        })
}

/// The words a listener hears and a speaker says in some texts: runs of letters, digits and
/// combining marks, lowercased. Spacing and punctuation between words are not spoken, so
/// "Dune, Science fiction" (labels joined by composition) holds the shown "Dune" "Science fiction".
struct SpokenWords: Equatable {
    private let texts: [String]
    /// The words as bytes, each followed by a space, after a leading one (" add to cart "),
    /// so a run of words is a plain byte search; nil for text that needs `words`.
    private let byteKey: [UInt8]?

    init(_ texts: [String]) {
        self.texts = texts
        byteKey = Self.byteKey(texts)
    }

    /// The words of several texts, one after the other.
    init(joining parts: [SpokenWords]) {
        texts = parts.flatMap(\.texts)
        if parts.allSatisfy({ $0.byteKey != nil }) {
            var key: [UInt8] = [0x20]
            for part in parts { key += part.byteKey!.dropFirst() }
            byteKey = key
        } else {
            byteKey = nil
        }
    }

    var isEmpty: Bool { byteKey.map { $0.count == 1 } ?? words.isEmpty }

    /// Whether `part`'s words appear here as consecutive words (canonically equivalent
    /// spellings of a word match).
    func contains(_ part: SpokenWords) -> Bool {
        if let key = byteKey, let partKey = part.byteKey { return Self.run(partKey, isIn: key) }
        return Self.run(part.words, isIn: words)
    }

    static func == (a: SpokenWords, b: SpokenWords) -> Bool {
        if let key = a.byteKey, let other = b.byteKey { return key == other }
        return a.words == b.words
    }

    /// The words one by one (for text that is not plainly composed).
    var words: [String] {
        var words: [String] = []
        for text in texts {
            var word = String.UnicodeScalarView()
            for scalar in text.normalizedForComparison.unicodeScalars {
                if Self.isWordScalar(scalar) {
                    word.append(scalar)
                } else if !word.isEmpty {
                    words.append(String(word))
                    word = String.UnicodeScalarView()
                }
            }
            if !word.isEmpty { words.append(String(word)) }
        }
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isWordByte(UInt8(scalar.value)) }
        // Dashes, quotes, spaces and currency signs: never part of a word.
        if (0x2000...0x206F).contains(scalar.value) || (0x20A0...0x20CF).contains(scalar.value) { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return properties.isAlphabetic
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The key of texts made of ASCII, Latin-1, punctuation and currency signs (nearly all
    /// labels): such text is in NFC, so equal words have equal bytes, and it is lowercased here
    /// byte by byte. Nil for other text (then `words` compares).
    private static func byteKey(_ texts: [String]) -> [UInt8]? {
        var key: [UInt8] = [0x20]
        key.reserveCapacity(texts.reduce(2) { $0 + $1.utf8.count + 1 })
        for var text in texts {
            let known = text.withUTF8 { utf8 -> Bool in
                var space = true, i = 0
                while i < utf8.count {
                    let lead = utf8[i]
                    if lead < 0x80 {
                        if isWordByte(lead) {
                            key.append(String.asciiLowercased(lead)); space = false
                        } else if !space {
                            key.append(0x20); space = true
                        }
                        i += 1
                        continue
                    }
                    if lead == 0xC2 || lead == 0xC3, i + 1 < utf8.count {
                        // Latin-1: letters (lowercased), ª µ º and the superscript digits and
                        // fractions are word characters; the signs and spaces between are not.
                        let value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
                        let isWord = (0xC0...0xFF).contains(value) ? value != 0xD7 && value != 0xF7
                            : [0xAA, 0xB2, 0xB3, 0xB5, 0xB9, 0xBA, 0xBC, 0xBD, 0xBE].contains(value)
                        if isWord {
                            let lower = String.lowercaseLatin1(value)!
                            key.append(0xC0 | UInt8(lower >> 6)); key.append(0x80 | UInt8(lower & 0x3F)); space = false
                        } else if !space {
                            key.append(0x20); space = true
                        }
                        i += 2
                        continue
                    }
                    // Dashes, quotes, spaces (U+2000...U+206F) and currency signs (U+20A0...U+20CF).
                    guard lead == 0xE2, i + 2 < utf8.count, utf8[i + 1] == 0x80 || utf8[i + 1] == 0x81 || utf8[i + 1] == 0x82
                    else { return false }
                    let value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
                    guard (0x2000...0x206F).contains(value) || (0x20A0...0x20CF).contains(value) else { return false }
                    if !space { key.append(0x20); space = true }
                    i += 3
                }
                if !space { key.append(0x20) }
                return true
            }
            guard known else { return nil }
        }
        return key
    }

    /// Whether `part` appears in `whole` as consecutive items.
    private static func run<Item: Equatable>(_ part: [Item], isIn whole: [Item]) -> Bool {
        // Knuth-Morris-Pratt: linear in both. Comparing at every start costs |part| × |whole|
        // on repetitive text ("aaa…ab" in "aaa…a": a billion comparisons for two 32 KiB texts).
        guard !part.isEmpty else { return true }
        guard part.count <= whole.count else { return false }
        // fallback[i]: length of the longest proper prefix of part[...i] that also ends it.
        var fallback = [Int](repeating: 0, count: part.count)
        var matched = 0
        for i in part.indices.dropFirst() {
            while matched > 0 && part[i] != part[matched] { matched = fallback[matched - 1] }
            if part[i] == part[matched] { matched += 1 }
            fallback[i] = matched
        }
        matched = 0
        for item in whole {
            while matched > 0 && item != part[matched] { matched = fallback[matched - 1] }
            if item == part[matched] { matched += 1 }
            if matched == part.count { return true }
        }
        return false
    }
}
