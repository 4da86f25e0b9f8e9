import Testing
@testable import A11yCore
@testable import A11yRules
@testable import A11yEngines
@testable import A11yModel

/// The byte-level fast paths of `normalizedForComparison` must give exactly what trimming
/// whitespace Characters and `lowercased()` give.
@Suite struct LabelNormalizationTests {
    static func reference(_ text: String) -> String {
        var s = Substring(text)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s.lowercased()
    }

    @Test(arguments: [
        "", "   ", "Delete", "  Delete ", "Café Ünïcode", "\u{00A0}Straße\u{2003}", "ΟΔΟΣ ΣΑΣ", "İstanbul",
        "\u{212A}elvin", "e\u{301}TÉ", "\r\nLine\r\n", " \u{301}Mark", "Ｆｕｌｌ　ＷＩＤＴＨ", "🙂 Smile 🙂", "Ǆemal ǅ",
        "x\u{037E}", "\u{0130}\u{0049}", "Item “SPECIAL” — ÀÉÎÕÜÞ ×÷ ÿ µ ß…", "ﬁnal ﬀ", "Ꭰ Cherokee", "Price 9,99 €", "\t\u{0085}Tab\u{2028}",
    ])
    func matchesTrimmingAndLowercased(_ text: String) {
        #expect(Array(text.normalizedForComparison.utf8) == Array(Self.reference(text).utf8))
    }

    @Test func blankExactlyWhenNothingRemains() {
        for text in ["", " \t", "\u{00A0}\u{2003}", "\r\n", " a ", "\u{301}", " \u{301}"] {
            #expect(text.isBlank == text.normalizedForComparison.isEmpty)
        }
    }
}

/// `LabelRoleWords.mayContainPhrase` is a filter in front of `phrases(in:)`: it may let a
/// label through for nothing, but never stop one that has a phrase.
@Suite struct LabelRoleWordsFilterTests {
    @Test(arguments: [
        "Play button", "BUTTON", "Tap to pay", "tap-to-pay", "Double tap", "Selected, Tab 3 of 5", "Unchecked", "Image1",
        "buttonless", "Tabs", "Tabé", "café button", "Button…", "…Click…", "CLIC\u{212A} here", "\u{0600}button", "é\u{301}link",
        "swipe to delete", "Tap here", "Checkedé", "Heading", "Picture of a cat", "Click", "ok", "", "  ",
        "“clic\u{212A}” now", "“Tap” to go", "2tab tab2", "9 Tab", "x\u{2129}\u{212B}", "TABS tab.", "Buttons Links Pictures",
    ])
    func neverHidesAPhrase(_ label: String) {
        let phrases = LabelRoleWords.phrases(in: label)
        if !phrases.isEmpty { #expect(LabelRoleWords.mayContainPhrase(label)) }
        // All-ASCII labels pass exactly when one of their words starts a phrase.
        let firstWords = Set(LabelRoleWords.table.map { $0.phrase[0] })
        if label.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(LabelRoleWords.mayContainPhrase(label) == LabelWords.words(label).contains(where: firstWords.contains))
        }
    }
}

/// The per-scalar shortcuts of `normalizedForComparison` against the stdlib, value by value.
@Suite struct LowercaseShortcutTests {
    static func stdlibLowercase(_ value: UInt32) -> [UInt32] {
        Unicode.Scalar(value)!.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }

    @Test func latin1MatchesTheStdlibForAll128Values() {
        for value in UInt32(0x80)...0xFF {
            #expect(String.lowercaseLatin1(value).map { [$0] } == Self.stdlibLowercase(value), "U+\(String(value, radix: 16))")
        }
        #expect(String.lowercaseLatin1(0x7F) == nil && String.lowercaseLatin1(0x100) == nil)
    }

    @Test func generalPunctuationIsItsOwnLowercase() {
        for value in UInt32(0x2000)...0x206F {
            #expect(String.isGeneralPunctuation(value))
            if let scalar = Unicode.Scalar(value) {
                #expect(Self.stdlibLowercase(value) == [value], "U+\(String(value, radix: 16))")
                #expect(!scalar.properties.changesWhenLowercased)
            }
        }
        #expect(!String.isGeneralPunctuation(0x1FFF) && !String.isGeneralPunctuation(0x2070))
    }

    /// The signs that `isPlainlyComposed` lets through: uncased, not whitespace, no combining
    /// class, and a Character of their own between letters, beside themselves and after CR LF.
    @Test func singleCharacterSigns() {
        var count = 0
        for value in UInt32(0x2000)...0x2FFF where String.isSingleCharacterSign(value) {
            let scalar = Unicode.Scalar(value)!
            let s = String(scalar), name = "U+\(String(value, radix: 16))"
            #expect(!scalar.properties.isWhitespace, "\(name)")
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "\(name)")
            #expect(s.lowercased() == s, "\(name)")
            #expect(("a" + s + "a").count == 3 && (s + s).count == 2 && ("\r\n" + s).count == 2, "\(name)")
            count += 1
        }
        #expect(count == 24 + 47 + 33)
    }

    @Test func plainlyComposedText() {
        func plain(_ text: String) -> Bool { var t = text; return t.withUTF8(String.isPlainlyComposed) }
        #expect(plain("Item 3 \u{201C}special\u{201D} \u{20AC}12.99 caf\u{E9} \u{2F9}"))
        #expect(!plain("cafe\u{301}") && !plain("wait\u{37E}") && !plain("\u{212A}") && !plain("\u{2000}") && !plain("a\u{200D}b"))
    }
}
