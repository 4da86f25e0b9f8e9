import Testing
@testable import A11yCore
@testable import A11yEngines

/// Elements are values: changing a copy (as a caller of the library may) leaves the
/// analysis's own element as it was.
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
}
