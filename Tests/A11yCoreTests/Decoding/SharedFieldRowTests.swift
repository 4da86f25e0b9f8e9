import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Decoded nodes are values: each reads its own fields, and changing one (or a copy) leaves the others alone.
@Suite struct SharedFieldRowTests {
    /// More nodes than the decoder's first guess at 10 bytes of request, so its storage grows.
    private let json = """
        {"root": {"id": "r", "label": "Root", "children": [
          {"id": "a", "label": "A", "text": "first", "actions": ["Go"]},
          {"id": "b", "label": "B", "style": {"fontSize": 12}},
          {"id": "c", "label": "C", "children": [{"id": "d", "label": "D"}, {"id": "e", "label": "E"}]},
          {"id": "f", "label": "F"}, {"id": "g", "label": "G"}, {"id": "h", "label": "H"}, {"id": "i", "label": "I"}
        ]}}
        """

    @Test func everyNodeReadsItsOwnFieldsAfterTheTableGrew() throws {
        let document = try Tree.decode(json)
        #expect(document.nodes.map(\.label) == ["Root", "A", "B", "C", "D", "E", "F", "G", "H", "I"])
        #expect(document.nodes.map(\.id) == ["r", "a", "b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(document.nodes[1].text == "first" && document.nodes[1].actions == ["Go"])
        #expect(document.nodes[2].style?.fontSize == 12)
        #expect(document.nodes[0].text == nil && document.nodes[0].style == nil)
    }

    @Test func changingOneNodeLeavesTheOthersAlone() throws {
        var document = try Tree.decode(json)
        let before = document
        var copy = document.nodes[2]
        copy.label = "changed copy"
        document.nodes[3].label = "changed in place"
        document.nodes[3].hint = "new hint"
        #expect(copy.label == "changed copy" && copy.id == "b" && copy.style?.fontSize == 12)
        #expect(document.nodes[2].label == "B")
        #expect(document.nodes[3].label == "changed in place" && document.nodes[3].hint == "new hint" && document.nodes[3].id == "c")
        #expect(before.nodes[3].label == "C" && before.nodes[3].hint == nil)
        #expect(document.nodes.map(\.label) == ["Root", "A", "B", "changed in place", "D", "E", "F", "G", "H", "I"])
    }

    @Test func aNewNodeStartsWithDefaults() {
        var node = Node()
        #expect(node.label == nil && node.typeName == "view" && node.actions.isEmpty)
        node.label = "Mine"
        #expect(node.label == "Mine" && Node().label == nil)
    }
}
