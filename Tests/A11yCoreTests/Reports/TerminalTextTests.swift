import Foundation
import Testing
@testable import A11yCore
import A11yJSON
@testable import A11yReports

@Suite struct TerminalTextTests {
    /// The documented set, written out as ranges: what a terminal acts on, reorders or hides.
    static let escapedRanges: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x7F, 0x80...0x9F,
        0x061C...0x061C, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
        0x2028...0x2029, 0x206A...0x206F, 0xFFF9...0xFFFB,
    ]

    @Test func everyScalarIsEscapedExactlyWhenItIsInTheDocumentedSet() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates are no scalars
            let expected = Self.escapedRanges.contains { $0.contains(value) }
            if TerminalText.isEscaped(scalar) != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "wrongly classified: \(wrong.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func edgesOfEachRange() {
        func escape(_ value: UInt32) -> String { TerminalText.escape(String(Unicode.Scalar(value)!)) }
        // Inside: shown as \u{HEX}, at least two uppercase digits.
        #expect(escape(0x00) == #"\u{00}"#)
        #expect(escape(0x09) == #"\u{09}"#)
        #expect(escape(0x0A) == #"\u{0A}"#)
        #expect(escape(0x1B) == #"\u{1B}"#)
        #expect(escape(0x1F) == #"\u{1F}"#)
        #expect(escape(0x7F) == #"\u{7F}"#)
        #expect(escape(0x80) == #"\u{80}"#)
        #expect(escape(0x9B) == #"\u{9B}"#)
        #expect(escape(0x9F) == #"\u{9F}"#)
        #expect(escape(0x061C) == #"\u{61C}"#)
        #expect(escape(0x200E) == #"\u{200E}"#)
        #expect(escape(0x202E) == #"\u{202E}"#)
        #expect(escape(0x2069) == #"\u{2069}"#)
        #expect(escape(0x2028) == #"\u{2028}"#)
        #expect(escape(0xFFFB) == #"\u{FFFB}"#)
        // Just outside: unchanged.
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0x061B, 0x061D, 0x200D, 0x2010, 0x2027, 0x202F,
                              0x2065, 0x2070, 0xFFF8, 0xFFFC, 0xFFFD] {
            #expect(escape(value) == String(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    @Test func ordinaryUnicodePassesUnchanged() {
        let samples = [
            "café, naïve, Ærø", "e\u{301}",  // precomposed and combining accents
            "漢字かなカナ한글", "مرحبا", "שלום",  // CJK, Arabic and Hebrew (right-to-left without controls)
            "👨‍👩‍👧 🏳️‍🌈 👍🏽 🏴󠁧󠁢󠁳󠁣󠁴󠁿",  // ZWJ sequences, skin tone, a tag-sequence flag
            "C:\\Users\\a [x](y) <b> \"q\" 'r' % $ ~", "",
        ]
        for text in samples { #expect(TerminalText.escape(text) == text) }
    }

    @Test func hostileSequencesBecomeVisibleAndInert() {
        let clear = "a\u{1B}[2J\u{1B}]0;owned\u{07}b"
        #expect(TerminalText.escape(clear) == #"a\u{1B}[2J\u{1B}]0;owned\u{07}b"#)
        let forged = "ok\r\nerror: forged\u{0}"
        #expect(TerminalText.escape(forged) == #"ok\u{0D}\u{0A}error: forged\u{00}"#)
        let trojan = "admin\u{202E}\u{2066}txt.exe\u{2069}\u{202C}"
        #expect(TerminalText.escape(trojan) == #"admin\u{202E}\u{2066}txt.exe\u{2069}\u{202C}"#)
        // Nothing a terminal would act on survives, whatever the input.
        for text in [clear, forged, trojan, "\u{9B}31m\u{85}\u{7F}\u{2028}"] {
            #expect(!TerminalText.escape(text).unicodeScalars.contains(where: TerminalText.isEscaped))
        }
    }
}

@Suite struct TerminalDocumentTests {
    @Test func jsonOnATerminalMeansTheSameWithoutRawControls() throws {
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.key("label"); json.string("a\u{1B}[2J\u{7F}\u{9B}\u{202E}é漢👨‍👩‍👧\r\n\t\"")
        json.endObject()
        let raw = json.bytes
        let shown = TerminalText.escapeDocument(raw, .json)
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains(#"\u007F\u009B\u202Eé漢👨‍👩‍👧"#))
        #expect(!text.unicodeScalars.contains { $0 != "\n" && TerminalText.isEscaped($0) })
        // The same JSON value as written.
        let before = try JSONSerialization.jsonObject(with: Data(raw)) as? [String: String]
        let after = try JSONSerialization.jsonObject(with: Data(shown)) as? [String: String]
        #expect(before != nil && before == after)
        // Nothing to escape: the very bytes come back.
        let plain = Array("{\n  \"a\": \"café\"\n}".utf8)
        #expect(TerminalText.escapeDocument(plain, .json) == plain)
    }

    @Test func markupOnATerminalUsesCharacterReferences() {
        let xml = Array("<a t=\"x\u{202E}y\">line\r\n\u{85}\u{2066}z\t</a>\n".utf8)
        let shown = String(decoding: TerminalText.escapeDocument(xml, .markup), as: UTF8.self)
        #expect(shown == "<a t=\"x&#x202E;y\">line&#xD;\n&#x85;&#x2066;z\t</a>\n")
    }
}
