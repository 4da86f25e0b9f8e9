import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// VoiceOver reading order of semantics.md "Which nodes a screen reader visits".
@Suite struct ReadingOrderTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    /// Labels in navigation order for texts under a plain root.
    private func order(_ children: [String], settings: String = "") throws -> [String?] {
        let json = "{\(settings)\"root\": {\"type\": \"view\", \(f(0, 0, 1000, 1000)), \"children\": [\(children.joined(separator: ","))]}}"
        return try Tree.analyze(json).labels
    }

    private func text(_ label: String, _ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 20, extra: String = "") -> String {
        "{\"type\": \"text\", \"text\": \"\(label)\", \(f(x, y, w, h))\(extra)}"
    }

    @Test func topToBottomThenLeading() throws {
        #expect(try order([text("C", 0, 200), text("B", 200, 0), text("A", 0, 0)]) == ["A", "B", "C"])
    }

    @Test func identicalFramesKeepViewOrder() throws {
        #expect(try order([text("First", 10, 10), text("Second", 10, 10), text("Third", 10, 10)]) == ["First", "Second", "Third"])
        #expect(try order([text("Second", 10, 10), text("First", 10, 10)]) == ["Second", "First"])
    }

    @Test func lineToleranceIsUnderEightPoints() throws {
        // Gap 7.9: one line, so by minX.
        #expect(try order([text("Right", 200, 100), text("Left", 0, 107.9)]) == ["Left", "Right"])
        // Gap 8.0: two lines, and centres 8 pt apart.
        #expect(try order([text("Right", 200, 100), text("Left", 0, 108)]) == ["Right", "Left"])
    }

    @Test func noMidLineRule() throws {
        // Tops 10 pt apart, centres 1 pt apart: two lines all the same (the parser compares tops only).
        #expect(try order([text("Right", 200, 100, 100, 40), text("Left", 0, 110, 100, 18)]) == ["Right", "Left"])
    }

    @Test func rightToLeftReadsByMinXDescending() throws {
        let children = [text("Leading", 0, 100, 100), text("Trailing", 200, 104, 100), text("Below", 250, 200, 50)]
        #expect(try order(children, settings: "\"layoutDirection\": \"rtl\", ") == ["Trailing", "Leading", "Below"])
        #expect(try order(children) == ["Leading", "Trailing", "Below"])
    }

    @Test func rightToLeftComparesOriginsNotTrailingEdges() throws {
        // The wide item ends further right but starts further left: by origin it comes second.
        let children = [text("Narrow", 300, 100, 50), text("Wide", 100, 100, 300)]
        #expect(try order(children, settings: "\"layoutDirection\": \"rtl\", ") == ["Narrow", "Wide"])
    }

    @Test func padUsesThirteenPoints() throws {
        let twelve = [text("Right", 200, 100), text("Left", 0, 112)]
        #expect(try order(twelve, settings: "\"idiom\": \"pad\", ") == ["Left", "Right"])
        #expect(try order(twelve, settings: "\"idiom\": \"phone\", ") == ["Right", "Left"])
        let thirteen = [text("Right", 200, 100), text("Left", 0, 113)]
        #expect(try order(thirteen, settings: "\"idiom\": \"pad\", ") == ["Right", "Left"])
        let almost = [text("Right", 200, 100), text("Left", 0, 112.9)]
        #expect(try order(almost, settings: "\"idiom\": \"pad\", ") == ["Left", "Right"])
    }

    @Test func sortPriorityOverridesGeometry() throws {
        let children = [text("Top", 0, 0), text("Bottom", 0, 500, extra: ", \"sortPriority\": 2"),
                        text("Middle", 0, 250, extra: ", \"sortPriority\": 1"), text("Last", 0, 100, extra: ", \"sortPriority\": -1")]
        #expect(try order(children) == ["Bottom", "Middle", "Top", "Last"])
    }

    @Test func sortPriorityTiesFallBackToGeometry() throws {
        let children = [text("B", 0, 100, extra: ", \"sortPriority\": 1"), text("A", 0, 0, extra: ", \"sortPriority\": 1")]
        #expect(try order(children) == ["A", "B"])
    }

    @Test func containGroupFallsWhereItsFirstChildFallsAndStaysTogether() throws {
        let group = """
        {"type": "stack", "grouping": "contain", \(f(0, 0, 390, 600)), "children": [
          \(text("G2", 0, 400)), \(text("G1", 0, 300))
        ]}
        """
        // The group's frame starts at 0, but it falls at G1 (y 300); "Inside" (y 350) comes after the whole group.
        #expect(try order([text("Inside", 0, 350), group, text("Above", 0, 100)]) == ["Above", "G1", "G2", "Inside"])
    }

    @Test func plainContainersDoNotGroup() throws {
        let plain = """
        {"type": "stack", \(f(0, 0, 390, 600)), "children": [\(text("P2", 0, 400)), \(text("P1", 0, 300))]}
        """
        #expect(try order([text("Inside", 0, 350), plain, text("Above", 0, 100)]) == ["Above", "P1", "Inside", "P2"])
    }

    @Test func sortPriorityAppliesToContainGroups() throws {
        let group = """
        {"type": "stack", "grouping": "contain", "sortPriority": 1, \(f(0, 0, 390, 600)), "children": [
          \(text("G1", 0, 300)), \(text("G2", 0, 400))
        ]}
        """
        #expect(try order([text("Top", 0, 0), group]) == ["G1", "G2", "Top"])
    }

    @Test func nestedContainGroupsSortInside() throws {
        let inner = """
        {"type": "stack", "grouping": "contain", \(f(200, 0, 190, 200)), "children": [\(text("I2", 200, 100)), \(text("I1", 200, 0))]}
        """
        let outer = """
        {"type": "stack", "grouping": "contain", \(f(0, 0, 390, 200)), "children": [\(inner), \(text("O1", 0, 0)), \(text("O2", 0, 150))]}
        """
        #expect(try order([outer]) == ["O1", "I1", "I2", "O2"])
    }

    @Test func sortPriorityOfAPlainContainerAppliesToItsChildren() throws {
        // tree-format.md: "higher is read first among siblings of one container"; the stack and "Top" are siblings.
        let stack = """
        {"type": "stack", "sortPriority": 1, \(f(0, 400, 390, 200)), "children": [\(text("S2", 0, 500)), \(text("S1", 0, 400))]}
        """
        #expect(try order([text("Top", 0, 0), stack]) == ["S1", "S2", "Top"])
    }
}
