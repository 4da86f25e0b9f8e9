import Testing
@testable import A11yCore

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
        "x\u{037E}", "\u{0130}\u{0049}", "ﬁnal ﬀ", "Ꭰ Cherokee", "Price 9,99 €", "\t\u{0085}Tab\u{2028}",
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
