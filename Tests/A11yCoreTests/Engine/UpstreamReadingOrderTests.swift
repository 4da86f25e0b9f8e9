import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// Reading-order tests of cashapp/AccessibilitySnapshot, reproduced in the tree format.
/// Each test names its source: Example/UnitTests/AccessibilityHierarchyParserTests.swift and
/// the test function. UIKit `accessibilityFrame`s become `frame`s; an
/// `isAccessibilityElement` view with a label becomes a `text`-less view element;
/// `shouldGroupAccessibilityChildren` and list containers become `"grouping": "contain"`.
@Suite struct UpstreamReadingOrderTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    private func element(_ label: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        "{\"type\": \"view\", \"isAccessibilityElement\": true, \"label\": \"\(label)\", \(f(x, y, w, h))}"
    }

    private func group(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ children: [String]) -> String {
        "{\"type\": \"view\", \"grouping\": \"contain\", \(f(x, y, w, h)), \"children\": [\(children.joined(separator: ","))]}"
    }

    private func labels(_ settings: String, root: (Double, Double, Double, Double), _ children: [String]) throws -> [String?] {
        let json = "{\(settings)\"root\": {\"type\": \"view\", \(f(root.0, root.1, root.2, root.3)), \"children\": [\(children.joined(separator: ","))]}}"
        return try Tree.analyze(json).labels
    }

    /// AccessibilityHierarchyParserTests.testUserInterfaceLayoutDirection
    @Test func userInterfaceLayoutDirection() throws {
        let grid = [element("A", 0, 0, 10, 10), element("B", 10, 0, 10, 10), element("C", 0, 10, 10, 10), element("D", 10, 10, 10, 10)]
        #expect(try labels("\"layoutDirection\": \"ltr\", ", root: (0, 0, 20, 20), grid) == ["A", "B", "C", "D"])
        #expect(try labels("\"layoutDirection\": \"rtl\", ", root: (0, 0, 20, 20), grid) == ["B", "A", "D", "C"])
    }

    /// AccessibilityHierarchyParserTests.testVerticalSeperation: 8 pt apart is a new line on a
    /// phone (an equal difference separates) but not on a pad; 25 pt is on both. On the pad the
    /// comparator is not transitive (A and C are 16 pt apart), and the parser's sort keeps view order.
    @Test func verticalSeparation() throws {
        let eight = [element("A", 0, 8, 10, 10), element("B", 10, 0, 0, 10), element("C", 20, -8, 10, 10), element("D", 30, -8, 10, 10)]
        #expect(try labels("\"idiom\": \"pad\", ", root: (0, 0, 100, 20), eight) == ["A", "B", "C", "D"])
        #expect(try labels("\"idiom\": \"phone\", ", root: (0, 0, 100, 20), eight) == ["C", "D", "B", "A"])
        let twentyFive = [element("A", 0, 25, 10, 10), element("B", 10, 0, 0, 10), element("C", 20, -25, 10, 10), element("D", 30, -25, 10, 10)]
        #expect(try labels("\"idiom\": \"pad\", ", root: (0, 0, 100, 20), twentyFive) == ["C", "D", "B", "A"])
    }

    /// AccessibilityHierarchyParserTests.testHierarchySortOrder
    @Test func hierarchySortOrder() throws {
        let reversed = [element("C", 0, 60, 30, 30), element("B", 0, 30, 30, 30), element("A", 0, 0, 30, 30)]
        #expect(try labels("", root: (0, 0, 100, 100), reversed) == ["A", "B", "C"])
    }

    /// AccessibilityHierarchyParserTests.testContainerChildrenSortOrder (a list container)
    @Test func containerChildrenSortOrder() throws {
        let list = group(0, 0, 100, 200, [element("Third", 0, 120, 100, 30), element("First", 0, 0, 100, 30), element("Second", 0, 60, 100, 30)])
        #expect(try labels("", root: (0, 0, 100, 200), [list]) == ["First", "Second", "Third"])
    }

    /// AccessibilityHierarchyParserTests.testGroupsSortByFirstChildFrame: a group is placed by
    /// its first element, not by its own frame or the union of its elements.
    @Test func groupsSortByFirstChildFrame() throws {
        let groupA = group(0, 0, 200, 400, [element("A1", 0, 50, 200, 40), element("A2", 0, 300, 200, 40)])
        let groupB = group(0, 0, 200, 50, [element("B1", 0, 0, 200, 40)])
        #expect(try labels("\"idiom\": \"phone\", \"layoutDirection\": \"ltr\", ", root: (0, 0, 200, 400), [groupA, groupB]) == ["B1", "A1", "A2"])
    }

    /// AccessibilityHierarchyParserTests.testGroupSortFrameRespectsVerticalThreshold
    @Test func groupSortFrameRespectsVerticalThreshold() throws {
        let groupA = group(200, 0, 200, 100, [element("A1", 200, 0, 200, 40)])
        let groupB = group(0, 5, 200, 100, [element("B1", 0, 5, 200, 40)])
        #expect(try labels("\"idiom\": \"phone\", \"layoutDirection\": \"ltr\", ", root: (0, 0, 400, 200), [groupA, groupB]) == ["B1", "A1"])
    }

    // MARK: ElementOrderTests (Example/SnapshotTests/ElementOrderTests.swift, ElementOrderViewController)
    // On a 402 x 874 screen (centre 201, 437): an element at offset (h, v) is a 32 pt view centred
    // there; containers and group views are 32 pt views at the centre, their elements at
    // (h, v) from the container's origin.

    private func offsetElement(_ index: Int, _ h: Double, _ v: Double) -> String {
        element("Element \(index)", 185 + h, 421 + v, 32, 32)
    }

    private func screen(_ views: [String]) throws -> [String?] {
        try labels("\"idiom\": \"phone\", ", root: (0, 0, 402, 874), views)
    }

    private var stack: [String] { [offsetElement(0, 0, -120), offsetElement(1, 0, 0), offsetElement(2, 0, 120)] }

    /// The ElementOrderViewController container: accessibilityElements at offsets (0, 60), (0, -60).
    private func container(zeroSize: Bool) -> String {
        let frame = zeroSize ? f(201, 437, 0, 0) : f(185, 421, 32, 32)
        return """
        {"type": "view", "label": "Container 3 Parent", \(frame), "explicitOrder": true, "accessibilityChildren": [
          \(element("Container 3 Element 0", 185, 481, 32, 32)), \(element("Container 3 Element 1", 185, 361, 32, 32))]}
        """
    }

    /// The ElementOrderViewController group view: accessible subviews at offsets (0, 60), (0, -60).
    private func groupView(_ index: Int, _ fields: String) -> String {
        """
        {"type": "view", "label": "Group \(index) Parent", \(fields), \(f(185, 421, 32, 32)), "children": [
          \(element("Group \(index) Element 0", 185, 481, 32, 32)), \(element("Group \(index) Element 1", 185, 361, 32, 32))]}
        """
    }

    /// ElementOrderTests.testScatter
    @Test func scatter() throws {
        #expect(try screen([offsetElement(0, -80, -80), offsetElement(1, 30, -30), offsetElement(2, -30, 30), offsetElement(3, 80, 80)])
                == ["Element 0", "Element 1", "Element 2", "Element 3"])
    }

    /// ElementOrderTests.testGrid
    @Test func grid() throws {
        let offsets: [(Double, Double)] = [(60, 60), (-60, -60), (0, 60), (0, -60), (-60, 60), (60, -60), (60, 0), (-60, 0), (0, 0)]
        #expect(try screen(offsets.enumerated().map { offsetElement($0.offset, $0.element.0, $0.element.1) })
                == [1, 3, 5, 7, 8, 6, 4, 2, 0].map { "Element \($0)" })
    }

    /// ElementOrderTests.testContainerInElementStack: the container keeps its array order and
    /// falls where its first element (by reading order) does.
    @Test func containerInElementStack() throws {
        #expect(try screen(stack + [container(zeroSize: false)])
                == ["Element 0", "Container 3 Element 0", "Container 3 Element 1", "Element 1", "Element 2"])
    }

    /// ElementOrderTests.testZeroSizedContainerInElementStack
    @Test func zeroSizedContainerInElementStack() throws {
        #expect(try screen(stack + [container(zeroSize: true)]) == ["Element 0", "Element 1", "Element 2"])
    }

    /// ElementOrderTests.testGroupedViewsInElementStack (shouldGroupAccessibilityChildren)
    @Test func groupedViewsInElementStack() throws {
        #expect(try screen(stack + [groupView(3, #""isAccessibilityElement": false, "grouping": "contain""#)])
                == ["Element 0", "Group 3 Element 1", "Group 3 Element 0", "Element 1", "Element 2"])
    }

    /// ElementOrderTests.testUngroupedViewsInElementStack
    @Test func ungroupedViewsInElementStack() throws {
        #expect(try screen(stack + [groupView(3, #""isAccessibilityElement": false"#)])
                == ["Element 0", "Group 3 Element 1", "Element 1", "Group 3 Element 0", "Element 2"])
    }

    /// ElementOrderTests.testUngroupedViewsInAccessibleParent
    @Test func ungroupedViewsInAccessibleParent() throws {
        #expect(try screen([offsetElement(0, 0, -120), offsetElement(1, 0, 120), groupView(2, #""isAccessibilityElement": true"#)])
                == ["Element 0", "Group 2 Parent", "Element 1"])
    }
}
