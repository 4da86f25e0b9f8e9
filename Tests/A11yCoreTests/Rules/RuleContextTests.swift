import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yModel
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

    /// Nodes of several kinds, and nodes declaring each structure the engines resolve.
    static let kindsAndDeclarations = InlineTree.screen(
        ##"{"type": "carousel", "label": "Films", "children": [{"type": "image", "label": "Poster"}]}"##,
        ##"{"type": "canvas", "label": "Chart"}"##,
        ##"{"type": "stack", "a11yRoot": "form", "children": [{"type": "textField", "label": "Name", "nestedIdentifier": "name"}]}"##,
        ##"{"type": "text", "text": "Required", "deferral": {"content": [{"identifier": "name"}]}}"##,
        ##"{"type": "text", "text": "Volume", "labeledPair": {"role": "label", "id": "v"}}"##,
        ##"{"type": "slider", "labeledPair": {"role": "content", "id": "v"}}"##,
        ##"{"type": "carousel", "label": "Shows"}"##
    )

    /// Nodes by kind and by declaration, whether the scan listed them for the run's rules
    /// (the registry selects carousels and canvases) or the context filters them on demand.
    @Test func nodesByKindAndDeclarationAreTheNodesThatAre() throws {
        let analysis = try Tree.analyze(Self.kindsAndDeclarations)
        let listed = RuleContext(at: 0, inputs: RuleInputs(analysis: analysis, options: analysis.document.options, rules: RuleRegistry.all))
        let filtered = RuleContext(rule: .controlName, analysis: analysis, options: analysis.document.options)
        let nodes = analysis.document.nodes, all = Array(nodes.indices)
        #expect(listed.inputs.styles.kinds.contains(.carousel) && listed.inputs.styles.kinds.contains(.canvas))
        #expect(filtered.inputs.styles.kinds.isEmpty)
        for ctx in [listed, filtered] {
            for kind in NodeKind.allCases {
                #expect(ctx.nodes(ofKind: kind) == all.filter { nodes[$0].kind == kind }, "\(kind)")
            }
            #expect(ctx.nodes(declaring: .deferral) == all.filter { nodes[$0].deferral != nil })
            #expect(ctx.nodes(declaring: .labeledPair) == all.filter { nodes[$0].labeledPair != nil })
            #expect(ctx.nodes(declaring: .nestedIdentifier) == all.filter { nodes[$0].a11yRoot != nil || nodes[$0].nestedIdentifier != nil })
            // Each list is there to be compared: the tree has what each selects.
            #expect(ctx.nodes(ofKind: .carousel).count == 2 && ctx.nodes(ofKind: .canvas).count == 1)
            #expect(ctx.nodes(declaring: .deferral).count == 1 && ctx.nodes(declaring: .labeledPair).count == 2)
            #expect(ctx.nodes(declaring: .nestedIdentifier).count == 2)
        }
    }
}
