import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// The decoder reuses a style whose bytes repeat an earlier one: the result and the errors
/// must be those of reading every style in full.
@Suite struct RepeatedStyleTests {
    @Test func repeatedStylesDecodeLikeTheFirst() throws {
        let json = #"""
        {"root": {"style": {"fontSize": 3, "x": [1]}, "children": [
            {"style": {"fontSize": 3, "x": [1]}},
            {"style": {"foreground": "#112233", "fontSize": 5}},
            {"style": {"foreground": "#112233", "fontSize": 5}},
            {"style": {"foreground": "#112233",  "fontSize": 5}}
        ]}}
        """#
        let nodes = try Tree.decode(json).nodes
        #expect(nodes.map { $0.style?.fontSize } == [3, 3, 5, 5, 5])
        let blue = 0x33 / 255.0
        #expect(nodes[2...].allSatisfy { $0.style?.foreground == Color(red: 0x11 / 255.0, green: 0x22 / 255.0, blue: blue) })
    }

    @Test func repeatedStyleTooDeepStillFails() throws {
        var limits = DecodeLimits()
        limits.maxJSONDepth = 4
        // The root's style is level 3; the child's identical style would be level 5.
        let error = try #require(Tree.failure(#"{"root": {"style": {"fontSize": 3}, "children": [{"style": {"fontSize": 3}}]}}"#, limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/children/0/style")
    }

    @Test func repeatedStyleWithAnErrorAfterItStillFails() throws {
        let error = try #require(Tree.failure(#"{"root": {"style": {"fontSize": 3}, "children": [{"style": {"fontSize": 3}, "style": {"fontSize": 3}}]}}"#))
        #expect(error.pointer == "/root/children/0/style")
        #expect(error.message.contains("duplicate key \"style\""))
    }
}
