import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// What `RuleContext` tells a rule about nodes and elements is what the nodes and elements say.
@Suite struct RuleContextTests {
    static let tree = InlineTree.screen(
        ##"{"type": "text", "text": "Hello", "style": {"foreground": "#777777", "fontSize": 12}}"##,
        ##"{"type": "text", "label": "Label only"}"##,
        ##"{"type": "text", "label": ""}"##,
        ##"{"type": "button", "label": "Go", "text": "", "enabled": false, "component": {"autoAdvance": true}}"##,
        ##"{"type": "button", "label": "Off", "traits": ["button", "notEnabled"], "opacity": 0.5, "children": [{"type": "image", "style": {"foreground": "#000000"}}]}"##,
        ##"{"type": "view", "opacity": 0, "style": {"background": "#000000"}, "children": [{"type": "text", "text": "Gone"}]}"##,
        ##"{"type": "stack", "grouping": "combine", "children": [{"type": "button", "label": "A"}]}"##,
        ##"{"type": "stack", "combinable": {"traitsAdjust": {"remove": ["button"]}}, "children": [{"type": "text", "text": "B"}]}"##,
        ##"{"type": "text", "text": "Fixed", "style": {"scalesWithDynamicType": false}, "frame": {"x": 0, "y": 0, "width": 0, "height": 20}}"##,
        ##"{"type": "button", "label": "Next", "focusable": false, "traits": ["image"]}"##
    )

    private func context() throws -> RuleContext {
        let analysis = try Tree.analyze(Self.tree)
        return RuleContext(rule: .controlName, analysis: analysis, options: analysis.document.options)
    }

    @Test func nodeListsAndQuestionsMatchTheNodes() throws {
        let ctx = try context()
        let nodes = ctx.nodes, all = Array(nodes.indices)
        #expect(ctx.nodesDrawingText == all.filter { nodes[$0].visibleText != nil })
        #expect(ctx.nodesWithOwnStyle == all.filter { nodes[$0].style != nil })
        #expect(ctx.nodesWithComponent == all.filter { nodes[$0].component != nil })
        #expect(ctx.nodesNotFocusable == all.filter { nodes[$0].focusable == false })
        #expect(all.map(ctx.combinesChildren) == nodes.map { $0.grouping == .combine || $0.combinable != nil })
        #expect(all.map(ctx.hasEmptyFrame) == nodes.map { $0.frame?.isEmpty == true })
        #expect(all.map(ctx.hasNoFrame) == nodes.map { $0.effectiveAccessibilityFrame == nil })
        #expect(all.map(ctx.traits(ofNode:)) == nodes.map(\.effectiveTraits))
        // Each answer is yes somewhere and no somewhere, so the comparisons above can fail.
        #expect(ctx.nodesDrawingText.count == 5 && ctx.nodesWithOwnStyle.count == 4)
        #expect(ctx.nodesWithComponent.count == 1 && ctx.nodesNotFocusable.count == 1)
        #expect(all.filter(ctx.combinesChildren).count == 2 && all.contains(where: ctx.hasEmptyFrame))
        #expect(all.contains(where: ctx.hasNoFrame) && !all.allSatisfy(ctx.hasNoFrame))
    }

    @Test func disabledAndOpacityFollowTraitsAndAncestors() throws {
        let ctx = try context()
        for (index, node) in ctx.nodes.enumerated() {
            let parentDisabled = node.parent.map { ctx.style(ofNode: $0).disabled } ?? false
            #expect(ctx.style(ofNode: index).disabled == (parentDisabled || !node.enabled || node.effectiveTraits.contains(.notEnabled)))
            let parentOpacity = node.parent.map { ctx.style(ofNode: $0).opacity } ?? 1
            #expect(ctx.style(ofNode: index).opacity == parentOpacity * max(0, min(1, node.opacity ?? 1)))
        }
        #expect(ctx.nodes.indices.filter { ctx.style(ofNode: $0).disabled }.count == 3)
    }

    @Test func elementQuestionsMatchTheElements() throws {
        let ctx = try context()
        let elements = ctx.elements, all = Array(elements.indices)
        #expect(ctx.controls == all.filter { ctx.isInteractive(elementAt: $0) })
        #expect(all.map { ctx.lacksLabel(elementAt: $0) } == elements.map { ($0.label ?? "").allSatisfy(\.isWhitespace) })
        #expect(all.map { ctx.kind(ofElementAt: $0) } == elements.map { ctx.nodes[$0.node].kind })
        #expect(all.map { ctx.isImage(elementAt: $0) } == all.map { ctx.kind(ofElementAt: $0) == .image || elements[$0].traits.contains(.image) })
        #expect(!ctx.controls.isEmpty && ctx.controls.count < elements.count)
    }
}
