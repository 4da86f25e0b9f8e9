import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// What is visited: modals, zero-size views and explicitly ordered accessibility elements,
/// reproducing cashapp/AccessibilitySnapshot's tests. Each test names its source.
@Suite struct UpstreamVisitTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    private func element(_ label: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        "{\"type\": \"view\", \"isAccessibilityElement\": true, \"label\": \"\(label)\", \(f(x, y, w, h))}"
    }

    // MARK: ModalTests (Example/SnapshotTests/ModalTests.swift, ModalAccessibilityViewController)

    /// The four "Don't Read Me" corner views of ModalAccessibilityViewController's root.
    private var corners: [String] {
        [element("Don't Read Me", 20, 20, 64, 64), element("Don't Read Me", 318, 20, 64, 64),
         element("Don't Read Me", 318, 790, 64, 64), element("Don't Read Me", 20, 790, 64, 64)]
    }

    /// A ModalView: modal, labelled "Modal View <index>", holding a "Modal <index>" label.
    /// `mode`: "element" (the view is the element), "contains" (its label is), "inaccessible" (neither).
    private func modalView(_ index: Int, y: Double, mode: String) -> String {
        let own = mode == "element" ? "true" : "false"
        let inner = mode == "inaccessible" ? ", \"isAccessibilityElement\": false" : ""
        return """
        {"type": "view", "traits": ["isModal"], "label": "Modal View \(index)", "isAccessibilityElement": \(own), \(f(146, y, 110, 90)),
         "children": [{"type": "text", "text": "Modal \(index)"\(inner), \(f(166, y + 30, 70, 24))}]}
        """
    }

    /// A ModalContainerView: a plain view holding two ModalViews (modes "contains").
    private func modalContainer(y: Double) -> String {
        "{\"type\": \"view\", \(f(146, y, 110, 210)), \"children\": [\(modalView(0, y: y + 10, mode: "contains")), \(modalView(1, y: y + 110, mode: "contains"))]}"
    }

    private func labels(_ children: [String]) throws -> [String?] {
        try Tree.analyze("{\"root\": {\"type\": \"view\", \(f(0, 0, 402, 874)), \"children\": [\((corners + children).joined(separator: ","))]}}").labels
    }

    /// ModalTests.testSingleModal
    @Test func singleModal() throws {
        #expect(try labels([modalView(0, y: 390, mode: "contains")]) == ["Modal 0"])
    }

    /// ModalTests.testSingleDirectlySpecifiedModal
    @Test func singleDirectlySpecifiedModal() throws {
        #expect(try labels([modalView(0, y: 390, mode: "element")]) == ["Modal View 0"])
    }

    /// ModalTests.testSingleInaccessibleModal: nothing at all is read.
    @Test func singleInaccessibleModal() throws {
        #expect(try labels([modalView(0, y: 390, mode: "inaccessible")]) == [])
    }

    /// ModalTests.testTwoModals: the last modal wins.
    @Test func twoModals() throws {
        #expect(try labels([modalView(0, y: 300, mode: "contains"), modalView(1, y: 450, mode: "contains")]) == ["Modal 1"])
    }

    /// ModalTests.testTwoContainers: each container's last modal hides only its sibling; the
    /// corners, siblings of the containers, are read.
    @Test func twoContainers() throws {
        #expect(try labels([modalContainer(y: 260), modalContainer(y: 490)])
                == ["Don't Read Me", "Don't Read Me", "Modal 1", "Modal 1", "Don't Read Me", "Don't Read Me"])
    }

    /// ModalTests.testOneModalOneContainer: the root's own modal hides the container too.
    @Test func oneModalOneContainer() throws {
        #expect(try labels([modalView(0, y: 260, mode: "contains"), modalContainer(y: 400)]) == ["Modal 0"])
    }

    // MARK: AccessibilityHierarchyParserTests (Example/UnitTests/AccessibilityHierarchyParserTests.swift)

    /// A 375 x 116 container holding a zero-size wrapper with a search field.
    private func searchFieldBehindZeroWrapper(clips: Bool) throws -> Bool {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 375, 116)), "children": [
          {"type": "view", "clipsToBounds": \(clips), \(f(0, 0, 0, 0)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Search", "traits": ["searchField"], \(f(8, 10, 359, 36))}
          ]}
        ]}}
        """)
        return a.elements.contains { $0.traits.contains(.searchField) }
    }

    /// AccessibilityHierarchyParserTests.testAccessibleChildrenFoundThroughZeroFrameNonClippingWrapper
    @Test func accessibleChildrenFoundThroughZeroFrameNonClippingWrapper() throws {
        #expect(try searchFieldBehindZeroWrapper(clips: false))
    }

    /// AccessibilityHierarchyParserTests.testAccessibleChildrenPrunedBehindZeroFrameClippingWrapper
    @Test func accessibleChildrenPrunedBehindZeroFrameClippingWrapper() throws {
        #expect(try !searchFieldBehindZeroWrapper(clips: true))
    }

    /// AccessibilityHierarchyParserTests.testAccessibilityElementsPreservesOrderEvenWithOnlySubgroups:
    /// the root's accessibilityElements list the cell group before the header group.
    @Test func accessibilityElementsPreservesOrderEvenWithOnlySubgroups() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 200, 300)), "explicitOrder": true, "accessibilityChildren": [
          {"type": "view", "grouping": "contain", \(f(0, 100, 200, 200)), "children": [
            \(element("Cell 1", 0, 100, 200, 40)), \(element("Cell 2", 0, 150, 200, 40))
          ]},
          {"type": "view", "grouping": "contain", \(f(0, 0, 200, 90)), "children": [\(element("Header", 0, 0, 200, 40))]}
        ]}}
        """)
        #expect(a.labels == ["Cell 1", "Cell 2", "Header"])
    }

    /// AccessibilityHierarchyParserTests.testMixedAccessibilityElementsPreserveExplicitOrder
    @Test func mixedAccessibilityElementsPreserveExplicitOrder() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 200, 200)), "explicitOrder": true, "accessibilityChildren": [
          \(element("Direct Element", 0, 100, 200, 40)),
          {"type": "view", "grouping": "contain", \(f(0, 0, 200, 40)), "children": [\(element("Container Child", 0, 0, 200, 40))]}
        ]}}
        """)
        #expect(a.labels == ["Direct Element", "Container Child"])
    }

    /// The same tree without `explicitOrder`: accessibilityChildren (SwiftUI's) sort by frame.
    @Test func accessibilityChildrenSortByFrameUnlessExplicit() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 200, 200)), "accessibilityChildren": [
          \(element("Direct Element", 0, 100, 200, 40)),
          {"type": "view", "grouping": "contain", \(f(0, 0, 200, 40)), "children": [\(element("Container Child", 0, 0, 200, 40))]}
        ]}}
        """)
        #expect(a.labels == ["Container Child", "Direct Element"])
    }

    // MARK: ElementSelectionTests (Example/SnapshotTests/ElementSelectionTests.swift,
    // ElementSelectionViewController, reference images _26_2_402x874)

    /// The screen's views stacked in one column (64 x 64, labelled "Lorem ipsum"); UIKit's
    /// `isHidden` and `accessibilityElementsHidden` are both `hidden` in the format (either
    /// removes the view and everything in it, the view itself included).
    private func selection(_ views: [String]) throws -> [String?] {
        let placed = views.enumerated().map { k, v in v.replacingOccurrences(of: "@Y", with: "\(150 + 250 * k)") }
        return try Tree.analyze("{\"root\": {\"type\": \"view\", \(f(0, 0, 402, 874)), \"children\": [\(placed.joined(separator: ","))]}}").labels
    }

    private func lorem(hidden: Bool = false) -> String {
        #"{"type": "view", "isAccessibilityElement": true, "label": "Lorem ipsum", "hidden": \#(hidden), "frame": {"x": 169, "y": @Y, "width": 64, "height": 64}}"#
    }

    private let plain = #"{"type": "view", "isAccessibilityElement": false, "label": "Lorem ipsum", "frame": {"x": 169, "y": @Y, "width": 64, "height": 64}}"#

    /// AccessibilityContainerView: three elements placed in the container (x 16 + 60 (i - 1))
    /// and a fourth at a fixed place on the screen (20, 20), listed last in accessibilityElements.
    private func container(hidden: Bool = false) -> String {
        let items = (0..<3).map { i in
            #"{"type": "view", "isAccessibilityElement": true, "label": "Element \#(i)", "frame": {"x": \#(169 + 16 + 60 * (i - 1)), "y": @Y, "width": 32, "height": 32}}"#
        } + [#"{"type": "view", "isAccessibilityElement": true, "label": "Fixed Frame Element", "frame": {"x": 20, "y": 20, "width": 32, "height": 32}}"#]
        return #"{"type": "view", "label": "Lorem ipsum", "hidden": \#(hidden), "explicitOrder": true, "frame": {"x": 169, "y": @Y, "width": 64, "height": 64}, "accessibilityChildren": [\#(items.joined(separator: ","))]}"#
    }

    /// AccessibleGroupView: a plain UIView (not an element, so its label is not read) with three
    /// accessible subviews.
    private func group(hidden: Bool = false) -> String {
        let items = (-1...1).map { i in
            #"{"type": "view", "isAccessibilityElement": true, "label": "Element \#(i + 1)", "frame": {"x": \#(169 + 80 * i + 16), "y": @Y, "width": 32, "height": 32}}"#
        }
        return #"{"type": "view", "isAccessibilityElement": false, "label": "Accessibility Group", "hidden": \#(hidden), "frame": {"x": 169, "y": @Y, "width": 64, "height": 64}, "children": [\#(items.joined(separator: ","))]}"#
    }

    /// ElementSelectionTests.testTwoAccessibilityElements … testGroupedViewsInHiddenParent
    @Test func elementSelection() throws {
        let elements = ["Element 0", "Element 1", "Element 2"]
        #expect(try selection([lorem(), lorem()]) == ["Lorem ipsum", "Lorem ipsum"])
        #expect(try selection([lorem(), lorem(hidden: true)]) == ["Lorem ipsum"])
        #expect(try selection([plain, plain]) == [])
        #expect(try selection([lorem(), plain, lorem(), plain]) == ["Lorem ipsum", "Lorem ipsum"])
        #expect(try selection([container()]) == elements + ["Fixed Frame Element"])
        #expect(try selection([lorem(), container(hidden: true)]) == ["Lorem ipsum"])
        #expect(try selection([lorem(), group()]) == ["Lorem ipsum"] + elements)
        #expect(try selection([lorem(), group(hidden: true)]) == ["Lorem ipsum"])
    }
}
