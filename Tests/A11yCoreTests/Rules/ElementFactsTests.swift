import Testing
@testable import A11yCore

/// `ElementFacts` tests every label once for the label rules; its flags must be those tests'
/// answers on the element itself, or a rule would skip an element it should report.
@Suite struct ElementFactsTests {
    static let tree = RuleFixture.screen(
        ##"{"type": "button", "label": "Play button", "hint": "Plays"}"##,
        ##"{"type": "button", "label": "QUOTE_TEXTVIEW", "frame": {"x": 0, "y": 50, "width": 100, "height": 44}}"##,
        ##"{"type": "button", "label": "Save.", "frame": {"x": 0, "y": 100, "width": 100, "height": 44}}"##,
        ##"{"type": "text", "text": "Plain words", "frame": {"x": 0, "y": 150, "width": 100, "height": 44}}"##,
        ##"{"type": "image", "frame": {"x": 0, "y": 200, "width": 100, "height": 44}}"##
    )

    @Test func flagsAndTraitsMatchTheElements() throws {
        let analysis = try RuleFixture.analyze(Self.tree)
        let facts = ElementFacts.of(analysis), elements = analysis.elements
        #expect(facts.map(\.traits) == elements.map(\.traits))
        #expect(facts.map { $0.text.contains(.hasHint) } == elements.map { $0.hint != nil })
        #expect(facts.map { $0.text.contains(.mayNameRole) } == elements.map { $0.label.map(LabelRoleWords.mayContainPhrase) ?? false })
        #expect(facts.map { $0.text.contains(.codeLike) } == elements.map { $0.label.map(CodeLikeLabel.matches) ?? false })
        #expect(facts.map { $0.text.contains(.endsWithPeriod) } == elements.map { $0.label?.hasSuffix(".") ?? false })
        // Each flag is set on exactly one element, so the comparisons above can fail.
        for flag: ElementFacts.TextFlags in [.hasHint, .mayNameRole, .codeLike, .endsWithPeriod] {
            #expect(facts.filter { $0.text.contains(flag) }.count == 1)
        }
    }
}
