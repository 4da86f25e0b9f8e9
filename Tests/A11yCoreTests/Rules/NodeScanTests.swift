import Testing
@testable import A11yCore

/// `NodeScan` reads stored node fields instead of the computed properties rules used to
/// call per node; its answers must be those properties' answers.
@Suite struct NodeScanTests {
    static let tree = RuleFixture.screen(
        ##"{"type": "text", "text": "Hello", "style": {"foreground": "#777777", "fontSize": 12}}"##,
        ##"{"type": "text", "label": "Label only"}"##,
        ##"{"type": "text", "label": ""}"##,
        ##"{"type": "button", "label": "Go", "text": "", "enabled": false, "component": {"autoAdvance": true}}"##,
        ##"{"type": "button", "label": "Off", "traits": ["button", "notEnabled"], "opacity": 0.5, "children": [{"type": "image", "style": {"foreground": "#000000"}}]}"##,
        ##"{"type": "view", "opacity": 0, "style": {"background": "#000000"}, "children": [{"type": "text", "text": "Gone"}]}"##
    )

    @Test func listsAndFlagsMatchTheNodeProperties() throws {
        let document = try RuleFixture.analyze(Self.tree).document
        let scan = NodeScan(document)
        let nodes = document.nodes
        #expect(scan.flags.map { $0.contains(.drawsText) } == nodes.map { $0.visibleText != nil })
        #expect(scan.drawingText == nodes.indices.filter { nodes[$0].visibleText != nil })
        #expect(scan.styled == nodes.indices.filter { nodes[$0].style != nil })
        #expect(scan.withComponent == nodes.indices.filter { nodes[$0].component != nil })
        #expect(scan.flags.map { $0.contains(.combines) } == nodes.map { $0.grouping == .combine || $0.combinable != nil })
        #expect(scan.drawingText.count == 3 && scan.styled.count == 3 && scan.withComponent.count == 1)
    }

    @Test func combiningNodesAreFlagged() throws {
        let document = try RuleFixture.analyze(RuleFixture.screen(
            #"{"type": "stack", "grouping": "combine", "children": [{"type": "button", "label": "A"}]}"#,
            #"{"type": "stack", "combinable": {"traitsAdjust": {"remove": ["button"]}}, "children": [{"type": "text", "text": "B"}]}"#,
            #"{"type": "stack", "grouping": "contain", "children": [{"type": "text", "text": "C"}]}"#)).document
        let combines = NodeScan(document).flags.map { $0.contains(.combines) }
        #expect(combines == document.nodes.map { $0.grouping == .combine || $0.combinable != nil })
        #expect(combines.filter { $0 }.count == 2)
    }

    @Test func disabledAndOpacityFollowEffectiveTraitsAndAncestors() throws {
        let document = try RuleFixture.analyze(Self.tree).document
        let styles = NodeScan(document).styles
        for (index, node) in document.nodes.enumerated() {
            let parentDisabled = node.parent.map { styles[$0].disabled } ?? false
            #expect(styles[index].disabled == (parentDisabled || !node.enabled || node.effectiveTraits.contains(.notEnabled)))
            let parentOpacity = node.parent.map { styles[$0].opacity } ?? 1
            #expect(styles[index].opacity == parentOpacity * max(0, min(1, node.opacity ?? 1)))
        }
        #expect(styles.filter(\.disabled).count == 3)
    }

    static let columnsTree = RuleFixture.screen(
        ##"{"type": "text", "text": "Fixed", "style": {"foreground": "#777777", "scalesWithDynamicType": false}, "frame": {"x": 0, "y": 0, "width": 0, "height": 20}}"##,
        ##"{"type": "image", "style": {"background": "#FFFFFF"}, "accessibilityFrame": {"x": 0, "y": 0, "width": 10, "height": 10}}"##,
        ##"{"type": "button", "label": "Next", "focusable": false, "enabled": false, "traits": ["image"]}"##,
        ##"{"type": "canvas", "focusable": true, "frame": {"x": 0, "y": 40, "width": 100, "height": 100}}"##
    )

    @Test func columnsMatchTheNodeFields() throws {
        let document = try RuleFixture.analyze(Self.columnsTree).document
        let scan = NodeScan(document)
        let nodes = document.nodes
        #expect(scan.kinds == nodes.map(\.kind))
        #expect(scan.traits == nodes.map(\.effectiveTraits))
        #expect(scan.flags.map { $0.contains(.emptyFrame) } == nodes.map { $0.frame?.isEmpty == true })
        #expect(scan.flags.map { $0.contains(.unknownFrame) } == nodes.map { $0.effectiveAccessibilityFrame == nil })
        #expect(scan.unfocusable == nodes.indices.filter { nodes[$0].focusable == false })
        #expect(scan.ownStyles.map { $0.contains(.foreground) } == scan.styled.map { nodes[$0].style?.foreground != nil })
        #expect(scan.ownStyles.map { $0.contains(.fixedSize) } == scan.styled.map { nodes[$0].style?.scalesWithDynamicType == false })
        // Each flag is set somewhere and clear somewhere, so the comparisons above can fail.
        #expect(scan.flags.contains { $0.contains(.emptyFrame) } && scan.flags.contains { $0.contains(.unknownFrame) })
        #expect(scan.unfocusable.count == 1 && scan.ownStyles == [[.foreground, .fixedSize], []])
    }
}

