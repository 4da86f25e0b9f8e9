import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// The order of parts inside a combined element: Blueprint's `Accessibility.frameSort`
/// (BlueprintUI/Sources/Element/Accessibility.swift), which differs from VoiceOver's reading order.
@Suite struct CombineOrderTests {
    private func combined(_ children: [String], settings: String = "") throws -> [String?] {
        let json = """
        {\(settings)"root": {"type": "view", "grouping": "combine", \(Tree.frame(0, 0, 400, 400)), "children": [\(children.joined(separator: ","))]}}
        """
        return try Tree.analyze(json).labels
    }

    private func text(_ label: String, _ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 20) -> String {
        "{\"type\": \"text\", \"text\": \"\(label)\", \(Tree.frame(x, y, w, h))}"
    }

    @Test func topsEightPointsApartShareALine() throws {
        // Tops exactly 8 pt apart: one line for Blueprint ("up to and including"), so by minX.
        #expect(try combined([text("Right", 200, 100), text("Left", 0, 108)]) == ["Left, Right"])
        // The same two texts as separate stops: VoiceOver puts them on two lines.
        let plain = "{\"root\": {\"type\": \"view\", \(Tree.frame(0, 0, 400, 400)), \"children\": [\(text("Right", 200, 100)), \(text("Left", 0, 108))]}}"
        #expect(try Tree.analyze(plain).labels == ["Right", "Left"])
    }

    @Test func centresWithinOnePointShareALine() throws {
        // Tops 10 pt apart, centres 120 and 119: one line (the centre-aligned row heuristic).
        #expect(try combined([text("Right", 200, 100, 100, 40), text("Left", 0, 110, 100, 18)]) == ["Left, Right"])
        // Centres 120 and 118.5: two lines.
        #expect(try combined([text("Right", 200, 100, 100, 40), text("Left", 0, 110, 100, 17)]) == ["Right, Left"])
    }

    @Test func rightToLeftComparesTrailingEdges() throws {
        // Wide starts further left but ends further right: right to left it comes first.
        #expect(try combined([text("Narrow", 300, 100, 50), text("Wide", 100, 100, 300)],
                             settings: "\"layoutDirection\": \"rtl\", ") == ["Wide, Narrow"])
    }
}
