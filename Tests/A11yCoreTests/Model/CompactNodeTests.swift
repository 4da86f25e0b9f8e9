import Testing
@testable import A11yCore
@testable import A11yModel

/// `Node` keeps optional geometry unwrapped with presence bits and positions as Int32; its
/// public members must still read back exactly what was set, nil included.
@Suite struct CompactNodeTests {
    @Test func optionalGeometryReadsBackWhatWasSet() {
        var node = Node()
        #expect(node.frame == nil && node.opacity == nil && node.activationPoint == nil && node.accessibilityFrame == nil)
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        node.frame = rect
        node.opacity = 0
        node.activationPoint = Point(x: -5, y: 6)
        #expect(node.frame == rect && node.opacity == 0 && node.activationPoint == Point(x: -5, y: 6))
        #expect(node.accessibilityFrame == nil)
        node.frame = nil
        node.accessibilityFrame = .zero
        #expect(node.frame == nil && node.accessibilityFrame == .zero && node.opacity == 0)
        node.frame?.x = 9
        #expect(node.frame == nil)
        node.accessibilityFrame?.width = 7
        #expect(node.accessibilityFrame?.width == 7)
    }

    @Test func positionsReadBackWhatWasSet() {
        var node = Node()
        #expect(node.parent == nil && node.indexInParent == 0 && node.depth == 0 && node.childRange.isEmpty)
        node.parent = 0
        node.indexInParent = 249_999
        node.depth = 512
        node.childRange = 10..<20
        node.syntheticChildRange = 20..<21
        #expect(node.parent == 0 && node.indexInParent == 249_999 && node.depth == 512)
        #expect(node.childRange == 10..<20 && node.syntheticChildRange == 20..<21)
        node.parent = nil
        #expect(node.parent == nil)
    }

    /// Every pass over a large document streams its nodes: keep them from growing back
    /// (216 bytes when each optional was stored as such).
    @Test func aNodeStaysCompact() {
        #expect(MemoryLayout<Node>.stride <= 152)
    }
}
