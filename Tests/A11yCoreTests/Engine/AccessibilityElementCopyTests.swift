import Testing
@testable import A11yCore

/// Elements keep their reference-counted fields in a shared box; copies must still behave
/// as independent values.
@Suite struct AccessibilityElementCopyTests {
    @Test func mutatingACopyLeavesTheOriginal() {
        var original = AccessibilityElement()
        original.label = "Play"
        original.nodes = [3]
        original.actions = ["Delete"]
        var copy = original
        copy.label = "Pause"
        copy.nodes.append(4)
        copy.actions.removeAll()
        copy.spoken = "Pause. Button."
        #expect(original.label == "Play")
        #expect(original.nodes == [3])
        #expect(original.actions == ["Delete"])
        #expect(original.spoken == "")
        #expect(copy.label == "Pause")
        #expect(copy.nodes == [3, 4])
        #expect(copy.actions.isEmpty)
    }

    @Test func inPlaceAppendsAccumulate() {
        var element = AccessibilityElement()
        for node in 0..<100 { element.nodes.append(node) }
        #expect(element.nodes == Array(0..<100))
        #expect(element.node == 0)
    }
}
