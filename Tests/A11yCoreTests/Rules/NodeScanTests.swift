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
        #expect(scan.drawsText == nodes.map { $0.visibleText != nil })
        #expect(scan.drawingText == nodes.indices.filter { nodes[$0].visibleText != nil })
        #expect(scan.styled == nodes.indices.filter { nodes[$0].style != nil })
        #expect(scan.withComponent == nodes.indices.filter { nodes[$0].component != nil })
        #expect(scan.drawingText.count == 3 && scan.styled.count == 3 && scan.withComponent.count == 1)
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
}
