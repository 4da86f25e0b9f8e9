import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Which nodes a screen reader visits: hidden, opacity, zero size, leaves, grouping,
/// modals and synthetic children (SwiftUI Accessible Grouping).
@Suite struct VisibilityTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    @Test func hiddenContainerRemovesItsWholeSubtree() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
          {"id": "gone", "type": "stack", "hidden": true, \(f(0, 0, 390, 100)), "children": [
            {"id": "b", "type": "button", "label": "Buy", \(f(0, 0, 100, 44))},
            {"id": "m", "type": "stack", "traits": ["isModal"], \(f(0, 50, 100, 44)), "children": [
              {"id": "mt", "type": "text", "text": "Modal inside hidden", \(f(0, 50, 100, 44))}
            ]}
          ]},
          {"id": "kept", "type": "text", "text": "Kept", \(f(0, 200, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["Kept"])
        #expect(a.isReachable[a.node("b")] == false)
        #expect(a.isReachable[a.node("mt")] == false)
        #expect(a.isReachable[a.node("kept")] == true)
    }

    @Test func hiddenWinsOverExplicitElements() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "stack", "hidden": true, "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Explicit", "hidden": false}
          ]},
          {"type": "text", "text": "Visible"}
        ]}}
        """)
        #expect(a.labels == ["Visible"])
    }

    @Test func opacityZeroHidesTheSubtree() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "stack", "opacity": 0, "children": [{"type": "text", "text": "Placeholder"}]},
          {"type": "text", "text": "Faint", "opacity": 0.01},
          {"type": "text", "text": "Invisible", "opacity": 0}
        ]}}
        """)
        #expect(a.labels == ["Faint"])
    }

    @Test func zeroSizeContainerThatClipsHidesItsChildren() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
          {"type": "stack", "clipsToBounds": true, \(f(10, 10, 0, 0)), "children": [{"type": "text", "text": "Collapsed", \(f(10, 10, 100, 20))}]},
          {"type": "stack", \(f(10, 50, 390, 40)), "children": [{"type": "text", "text": "Open", \(f(10, 50, 100, 20))}]}
        ]}}
        """)
        #expect(a.labels == ["Open"])
    }

    @Test func zeroSizeWrapperThatDoesNotClipIsWalkedThrough() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
          {"type": "stack", \(f(10, 10, 0, 0)), "children": [{"type": "text", "text": "Overflowing", \(f(10, 10, 100, 20))}]}
        ]}}
        """)
        #expect(a.labels == ["Overflowing"])
    }

    @Test func zeroSizeElementIsNotVisited() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
          {"type": "button", "label": "Zero", \(f(10, 10, 0, 0))},
          {"type": "button", "label": "Line", \(f(10, 50, 0, 10))}
        ]}}
        """)
        // 0 x 10 is not zero size.
        #expect(a.labels == ["Line"])
    }

    @Test func accessibilityElementIsALeaf() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "isAccessibilityElement": true, "label": "Card", "children": [
          {"type": "button", "label": "Buy"}, {"type": "text", "text": "Price"}
        ]}}
        """)
        #expect(a.labels == ["Card"])
        #expect(a.pointers(a.elements[0]) == ["/root"])
    }

    @Test func explicitFalseMakesALabelledNodeAContainer() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "isAccessibilityElement": false, "label": "Card", "children": [
          {"type": "text", "text": "Title", \(f(0, 0, 100, 20))}, {"type": "button", "label": "Buy", \(f(0, 30, 100, 44))}
        ]}}
        """)
        #expect(a.labels == ["Title", "Buy"])
    }

    @Test func labelledViewDefaultsToAnElement() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [{"type": "view", "label": "Badge", "children": [{"type": "text", "text": "3"}]}]}}
        """)
        #expect(a.labels == ["Badge"])
    }

    @Test func groupingIgnoreKeepsOnlyOwnProperties() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "grouping": "ignore", "label": "Revenue trend, increasing 15% this quarter", "children": [
          {"type": "text", "text": "Q1"}, {"type": "text", "text": "Q2"}
        ]}}
        """)
        #expect(a.labels == ["Revenue trend, increasing 15% this quarter"])
        #expect(a.elements.map(\.nodes.count) == [1])
    }

    @Test func groupingContainKeepsChildrenSeparate() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "grouping": "contain", "label": "Cast", "children": [
          {"type": "text", "text": "Cast", "traits": ["header"], \(f(0, 0, 100, 20))},
          {"type": "text", "text": "Leonardo DiCaprio", \(f(0, 30, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["Cast", "Leonardo DiCaprio"])
    }

    // MARK: Modal

    @Test func modalTrapsTheReader() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", \(f(0, 0, 390, 844)), "children": [
          {"id": "title", "type": "text", "text": "Inbox", \(f(16, 60, 200, 34))},
          {"id": "alert", "type": "stack", "traits": ["isModal"], \(f(40, 300, 310, 160)), "children": [
            {"id": "message", "type": "text", "text": "Delete this item?", \(f(60, 320, 270, 24))},
            {"id": "cancel", "type": "button", "text": "Cancel", \(f(60, 390, 120, 50))},
            {"id": "delete", "type": "button", "text": "Delete", \(f(210, 390, 120, 50))}
          ]},
          {"id": "after", "type": "button", "label": "Compose", \(f(330, 800, 44, 44))}
        ]}}
        """)
        #expect(a.labels == ["Delete this item?", "Cancel", "Delete"])
        #expect(a.isReachable[a.node("title")] == false)
        #expect(a.isReachable[a.node("after")] == false)
        #expect(a.isReachable[a.node("alert")] == true)
        #expect(a.isReachable[a.node("delete")] == true)
        #expect(a.element("title") == nil)
    }

    @Test func lastModalInViewOrderWins() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"id": "first", "type": "stack", "traits": ["isModal"], "children": [{"id": "one", "type": "text", "text": "First modal"}]},
          {"id": "second", "type": "stack", "traits": ["isModal"], "children": [{"id": "two", "type": "text", "text": "Second modal"}]},
          {"id": "outside", "type": "text", "text": "Outside"}
        ]}}
        """)
        #expect(a.labels == ["Second modal"])
        #expect(a.isReachable[a.node("one")] == false)
        #expect(a.isReachable[a.node("outside")] == false)
    }

    @Test func hiddenModalStillHidesItsSiblings() throws {
        // The parser takes the last modal among all subviews, hidden or not (AccessibilityHierarchyParser,
        // recursiveAccessibilityHierarchy): a dismissed but still modal view hides the screen.
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "stack", "traits": ["isModal"], "hidden": true, "children": [{"type": "text", "text": "Dismissed"}]},
          {"type": "text", "text": "Screen"}
        ]}}
        """)
        #expect(a.labels == [])
    }

    @Test func modalHidesOnlyItsSiblings() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"id": "title", "type": "text", "text": "Title"},
          {"type": "stack", "children": [
            {"id": "behind", "type": "text", "text": "Behind"},
            {"type": "stack", "traits": ["isModal"], "children": [{"type": "text", "text": "Sheet"}]}
          ]}
        ]}}
        """)
        #expect(a.labels == ["Title", "Sheet"])
        #expect(a.isReachable[a.node("title")] == true)
        #expect(a.isReachable[a.node("behind")] == false)
    }

    @Test func modalLeafElementIsTheOnlyStop() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "text", "text": "Behind"},
          {"type": "view", "isAccessibilityElement": true, "label": "Toast", "traits": ["isModal"]}
        ]}}
        """)
        #expect(a.labels == ["Toast"])
    }

    // MARK: Synthetic children

    @Test func accessibilityChildrenReplaceTheDrawing() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "chart", "type": "canvas", \(f(16, 100, 358, 200)), "children": [
          {"type": "text", "text": "Drawn axis label", \(f(16, 280, 100, 20))}
        ], "accessibilityChildren": [
          {"id": "feb", "type": "text", "label": "Feb", "value": "150", \(f(76, 100, 40, 200))},
          {"id": "jan", "type": "text", "label": "Jan", "value": "120", \(f(16, 100, 40, 200))}
        ]}}
        """)
        #expect(a.labels == ["Jan", "Feb"])
        #expect(a.spoken == ["Jan: 120", "Feb: 150"])
        #expect(a.elements.map { a.pointers($0) } == [["/root/accessibilityChildren/1"], ["/root/accessibilityChildren/0"]])
    }

    @Test func hiddenNodeWithSyntheticChildrenHidesThem() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "canvas", "hidden": true, "accessibilityChildren": [{"type": "text", "text": "Point"}]},
          {"type": "text", "text": "Caption"}
        ]}}
        """)
        #expect(a.labels == ["Caption"])
    }

    // MARK: Labeled pairs

    @Test func labeledPairLabelsTheContentAndAbsorbsTheLabel() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", \(f(0, 100, 390, 44)), "children": [
          {"id": "volume-label", "type": "text", "text": "Volume",
           "labeledPair": {"role": "label", "id": "volume", "namespace": "settings"}, \(f(16, 110, 80, 24))},
          {"id": "volume-slider", "type": "slider", "value": "50%",
           "labeledPair": {"role": "content", "id": "volume", "namespace": "settings"}, \(f(110, 100, 264, 44))}
        ]}}
        """)
        try #require(a.elements.count == 1)
        let e = a.elements[0]
        #expect(e.label == "Volume")
        #expect(e.value == "50%")
        #expect(e.spoken == "Volume: 50%. Adjustable.")
        #expect(a.ids(e) == ["volume-slider"])
        #expect(a.element("volume-label") == nil)
        #expect(a.diagnostics.isEmpty)
    }

    @Test func labeledPairNeedsTheSameNamespace() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "children": [
          {"id": "l", "type": "text", "text": "Volume", "labeledPair": {"role": "label", "id": "volume", "namespace": "a"}, \(f(0, 0, 80, 24))},
          {"id": "c", "type": "slider", "label": "Level", "value": "50%", "labeledPair": {"role": "content", "id": "volume", "namespace": "b"}, \(f(100, 0, 200, 24))}
        ]}}
        """)
        #expect(a.labels == ["Volume", "Level"])
        #expect(a.diagnostics(.labeledPairMissingCounterpart).map(\.node) == [a.node("l"), a.node("c")])
    }

    @Test func labeledPairWithoutContentIsReported() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "children": [
          {"id": "l", "type": "text", "text": "Volume", "labeledPair": {"role": "label", "id": "volume"}}
        ]}}
        """)
        #expect(a.labels == ["Volume"], "an unpaired label stays a stop")
        let d = a.diagnostics(.labeledPairMissingCounterpart)
        #expect(d.map(\.node) == [a.node("l")])
    }

    @Test func labeledPairWithoutLabelIsReported() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "children": [
          {"id": "c", "type": "slider", "value": "50%", "labeledPair": {"role": "content", "id": "volume"}}
        ]}}
        """)
        #expect(a.labels == [nil])
        #expect(a.diagnostics(.labeledPairMissingCounterpart).map(\.node) == [a.node("c")])
    }

    @Test func hiddenLabelDoesNotPair() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "children": [
          {"id": "l", "type": "text", "text": "Volume", "hidden": true, "labeledPair": {"role": "label", "id": "volume"}},
          {"id": "c", "type": "slider", "label": "Level", "labeledPair": {"role": "content", "id": "volume"}}
        ]}}
        """)
        #expect(a.labels == ["Level"])
        #expect(a.diagnostics(.labeledPairMissingCounterpart).map(\.node) == [a.node("c")])
    }
}
