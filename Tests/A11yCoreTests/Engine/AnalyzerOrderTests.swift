import Testing
@testable import A11yCore
@testable import A11yEngines
import A11yCoreTestSupport

/// The analyzer finishes elements in document order and then moves them into reading order:
/// everything indexed by element must follow them.
@Suite struct AnalyzerOrderTests {
    private func text(_ id: String, _ label: String, y: Double) -> String {
        "{\"type\": \"text\", \"id\": \"\(id)\", \"text\": \"\(label)\", \(Tree.frame(0, y, 100, 20))}"
    }

    /// Document order C, blank, A; reading order A, blank, C.
    private func reversed() throws -> Analysis {
        try Tree.analyze("""
            {"root": {"type": "view", \(Tree.frame(0, 0, 400, 400)), "children": [
              \(text("c", "C", y: 200)),
              {"type": "button", "id": "blank", "label": " ", \(Tree.frame(0, 100, 100, 20))},
              \(text("a", "A", y: 0))]}}
            """)
    }

    @Test func elementOfNodeFollowsReadingOrder() throws {
        let analysis = try reversed()
        // A label of spaces is no label (not read as spaces).
        #expect(analysis.labels == ["A", nil, "C"])
        #expect(analysis.elementOfNode[analysis.node("a")] == 0)
        #expect(analysis.elementOfNode[analysis.node("blank")] == 1)
        #expect(analysis.elementOfNode[analysis.node("c")] == 2)
    }

    @Test func recordedFactsMatchTheirElements() throws {
        let analysis = try reversed()
        var byHand = analysis
        byHand.elements = analysis.elements  // drops the recorded facts
        let recorded = ElementFacts.of(analysis), computed = ElementFacts.of(byHand)
        #expect(recorded.map(\.node) == computed.map(\.node))
        #expect(recorded.map(\.hasBlankLabel) == [false, true, false])
        #expect(recorded.map(\.isInteractive) == computed.map(\.isInteractive))
    }

    @Test func positionsAreCountedInReadingOrder() throws {
        let tab = { (id: String, x: Double) in
            "{\"type\": \"tab\", \"id\": \"\(id)\", \"label\": \"\(id)\", \(Tree.frame(x, 0, 50, 40))}"
        }
        let analysis = try Tree.analyze("""
            {"root": {"type": "view", \(Tree.frame(0, 0, 400, 400)), "children": [
              {"type": "view", "traits": ["tabBar"], \(Tree.frame(0, 0, 400, 40)), "children": [\(tab("Second", 200)), \(tab("First", 0))]}]}}
            """)
        #expect(analysis.spoken == ["First. Tab. 1 of 2.", "Second. Tab. 2 of 2."])
        #expect(analysis.elementOfNode[analysis.node("First")] == 0)
    }
}
