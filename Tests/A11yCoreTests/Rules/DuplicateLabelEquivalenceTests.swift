import Testing
@testable import A11yCore

/// duplicate-label keys on normalised text: canonically equivalent spellings (precomposed vs
/// combining marks, singleton decompositions) are the same label, whichever comes first.
@Suite struct DuplicateLabelEquivalenceTests {
    @Test func canonicallyEquivalentSpellingsAreDuplicates() throws {
        let screen = RuleFixture.screen(#"{"type": "button", "label": "Caf\u00e9"}"#, #"{"type": "button", "label": "cafe\u0301"}"#,
                                        #"{"type": "button", "label": "\u212b x"}"#, #"{"type": "button", "label": "\u00c5 X"}"#,
                                        #"{"type": "button", "label": "Caf\u00e9 \u201cx\u201d"}"#, #"{"type": "button", "label": "CAF\u00c9 \u201cX\u201d"}"#,
                                        #"{"type": "button", "label": "Cafe\u0301 \u201cx\u201d"}"#, #"{"type": "button", "label": "Cafe \u201cx\u201d"}"#)
        #expect(try RuleFixture.pointers(.duplicateLabel, screen) == ["/root/children/1", "/root/children/3", "/root/children/5", "/root/children/6"])
    }

    /// `LabelKey` compares two ASCII keys by bytes: an ASCII label must still match a
    /// non-ASCII spelling that is canonically equivalent (U+037E is ";", U+212A is "K").
    @Test func asciiLabelsMatchEquivalentNonASCIISpellings() throws {
        let screen = RuleFixture.screen(#"{"type": "button", "label": "Wait;"}"#, #"{"type": "button", "label": "wait\u037e"}"#,
                                        #"{"type": "button", "label": "\u212a x"}"#, #"{"type": "button", "label": " k X"}"#,
                                        #"{"type": "button", "label": "Wait:"}"#)
        #expect(try RuleFixture.pointers(.duplicateLabel, screen) == ["/root/children/1", "/root/children/3"])
        #expect(LabelKey(normalizing: "a;") == LabelKey(normalizing: "A\u{37E}"))
        #expect(LabelKey(normalizing: "a;") != LabelKey(normalizing: "a:"))
    }

    /// The scalars `LabelKey` compares by bytes: each a starter, no two canonically equivalent,
    /// and exactly these pass `bytesDecideEquality`.
    @Test func scalarsComparedByBytesAreDistinctStarters() {
        let inside = (0...0xFF).map { Unicode.Scalar(UInt32($0))! } + (0x2002...0x206F).map { Unicode.Scalar(UInt32($0))! }
        let texts = inside.map { String($0) }
        for (i, scalar) in inside.enumerated() {
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "\(scalar.value)")
            for j in (i + 1)..<texts.count where texts[i] == texts[j] { Issue.record("U+\(scalar.value) equals U+\(inside[j].value)") }
        }
        func decides(_ text: String) -> Bool { var t = text; return t.withUTF8 { LabelKey.bytesDecideEquality($0) } }
        #expect(texts.allSatisfy(decides))
        for outside: UInt32 in [0x100, 0x301, 0x37E, 0x1FFF, 0x2000, 0x2001, 0x2070, 0x212A, 0x1F642] {
            #expect(!decides("a" + String(Unicode.Scalar(outside)!)), "\(outside)")
        }
    }
}
