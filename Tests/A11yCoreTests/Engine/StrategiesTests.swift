import Testing
@testable import A11yCore
@testable import A11yEngines
import A11yCoreTestSupport

/// RDDM `AccessibilityItem` strategies (RDDM accessibility strategies).
@Suite struct StrategiesTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    /// A list with one cell holding a button ("b": label "Button label", text "Button text",
    /// value "3") and a header text ("h"), with `strategies` on the cell.
    private func cell(_ strategies: String, cellExtra: String = "") throws -> Analysis {
        try Tree.analyze("""
        {"root": {"id": "list", "type": "list", \(f(0, 0, 390, 844)), "children": [
          {"id": "cell", "type": "cell", \(f(0, 100, 390, 60)), "strategies": \(strategies)\(cellExtra), "children": [
            {"id": "b", "type": "button", "label": "Button label", "text": "Button text", "value": "3", \(f(16, 108, 200, 44))},
            {"id": "h", "type": "text", "text": "Header", "traits": ["header", "selected"], \(f(230, 110, 100, 24))}
          ]},
          {"id": "after", "type": "text", "text": "After", \(f(0, 200, 100, 20))}
        ]}}
        """)
    }

    @Test func justSetsTheLabel() throws {
        let a = try cell(#"{"label": {"just": "Fixed"}}"#)
        #expect(a.labels == ["Fixed", "After"])
        #expect(a.elements[0].traits == [], "traits ignored: the cell's own (none)")
        #expect(a.ids(a.elements[0]) == ["cell"])
    }

    @Test func justNullGivesNoLabel() throws {
        let a = try cell(#"{"label": {"just": null}, "value": {"just": "v"}}"#, cellExtra: #", "label": "Own""#)
        #expect(a.elements[0].label == nil)
        #expect(a.elements[0].value == "v")
    }

    @Test func fromReadsLabelByDefault() throws {
        let a = try cell(#"{"label": {"from": "b"}}"#)
        #expect(a.elements[0].label == "Button label")
        #expect(a.ids(a.elements[0]) == ["cell", "b"])
    }

    @Test func fromKeyPaths() throws {
        let a = try cell(#"{"label": {"from": "b", "keyPath": "text"}, "value": {"from": "b", "keyPath": "value"}}"#)
        #expect(a.elements[0].label == "Button text")
        #expect(a.elements[0].value == "3")
        let l = try cell(#"{"label": {"from": "h", "keyPath": "label"}}"#)
        #expect(l.elements[0].label == "Header", "a text's accessibilityLabel is its text")
    }

    @Test func joinedHasNoSeparator() throws {
        let a = try cell(#"{"label": {"from": "b"}, "value": {"joined": [{"just": "expanded"}, {"just": ", is animated: "}, {"from": "b", "keyPath": "value"}]}}"#)
        #expect(a.elements[0].value == "expanded, is animated: 3")
        #expect(a.elements[0].spoken == "Button label: expanded, is animated: 3")
    }

    @Test func joinedSkipsNothing() throws {
        let a = try cell(#"{"label": {"joined": [{"just": "A"}, {"just": null}, "ignored", {"joined": [{"just": "B"}, {"just": "C"}]}]}}"#)
        #expect(a.elements[0].label == "ABC")
    }

    @Test func traitsJust() throws {
        let a = try cell(#"{"label": {"from": "b"}, "traits": {"just": ["button", "header"]}}"#)
        #expect(a.elements[0].traits == [.button, .header])
        #expect(a.elements[0].spoken == "Button label. Button. Heading.")
    }

    @Test func traitsFrom() throws {
        let a = try cell(#"{"label": {"from": "b"}, "traits": {"from": "b"}}"#)
        #expect(a.elements[0].traits == .button)
        #expect(a.elements[0].spoken == "Button label. Button.")
    }

    @Test func traitsMerge() throws {
        let a = try cell(#"{"label": {"from": "h"}, "traits": {"merge": ["b", "h"]}}"#)
        #expect(a.elements[0].traits == [.button, .header, .selected])
        #expect(a.elements[0].spoken == "Selected: Header. Button. Heading.")
        #expect(a.ids(a.elements[0]) == ["cell", "h", "b"])
    }

    @Test func onlyTraitsStrategyStillMakesOneElement() throws {
        let a = try cell(#"{"label": "ignored", "traits": {"just": ["button"]}}"#, cellExtra: #", "label": "Cell""#)
        #expect(a.labels == ["Cell", "After"])
        #expect(a.elements[0].traits == .button)
    }

    @Test func allIgnoredCellStaysAContainer() throws {
        let a = try cell(#"{"label": "ignored", "value": "ignored", "traits": "ignored"}"#)
        #expect(a.labels == ["Button label", "Header", "After"])
        #expect(a.element("cell") == nil)
    }

    @Test func emptyStrategiesObjectIsAllIgnored() throws {
        let a = try cell("{}")
        #expect(a.labels == ["Button label", "Header", "After"])
    }

    @Test func ignoredOverrideMakesACellAContainer() throws {
        let a = try cell(#"{"label": {"from": "b"}, "ignored": true}"#)
        #expect(a.labels == ["Button label", "Header", "After"])
    }

    @Test func cellChildrenAreNotSeparateStops() throws {
        let a = try cell(#"{"label": {"from": "b"}, "traits": {"from": "b"}}"#)
        #expect(a.elements.count == 2)
        #expect(a.element("h") == nil)
    }
}
