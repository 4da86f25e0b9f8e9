import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// duplicate-label keys on normalised text: canonically equivalent spellings (precomposed vs
/// combining marks, singleton decompositions) are the same label, whichever comes first.
@Suite struct DuplicateLabelEquivalenceTests {
    @Test func canonicallyEquivalentSpellingsAreDuplicates() throws {
        let screen = InlineTree.screen(#"{"type": "button", "label": "Caf\u00e9"}"#, #"{"type": "button", "label": "cafe\u0301"}"#,
                                        #"{"type": "button", "label": "\u212b x"}"#, #"{"type": "button", "label": "\u00c5 X"}"#,
                                        #"{"type": "button", "label": "Caf\u00e9 \u201cx\u201d"}"#, #"{"type": "button", "label": "CAF\u00c9 \u201cX\u201d"}"#,
                                        #"{"type": "button", "label": "Cafe\u0301 \u201cx\u201d"}"#, #"{"type": "button", "label": "Cafe \u201cx\u201d"}"#)
        #expect(try RuleFixture.pointers(.duplicateLabel, screen) == ["/root/children/1", "/root/children/3", "/root/children/5", "/root/children/6"])
    }

    /// An ASCII label matches a non-ASCII spelling that is canonically equivalent (U+037E is
    /// ";", U+212A is "K").
    @Test func asciiLabelsMatchEquivalentNonASCIISpellings() throws {
        let screen = InlineTree.screen(#"{"type": "button", "label": "Wait;"}"#, #"{"type": "button", "label": "wait\u037e"}"#,
                                        #"{"type": "button", "label": "\u212a x"}"#, #"{"type": "button", "label": " k X"}"#,
                                        #"{"type": "button", "label": "Wait:"}"#)
        #expect(try RuleFixture.pointers(.duplicateLabel, screen) == ["/root/children/1", "/root/children/3"])
    }
}
