import A11yModel

extension Rule {
    /// 4.1.2 (SwiftUI Accessible Grouping's trait cleanup): a combined element that holds several buttons is
    /// not itself one button; keeping the trait announces a double-tap that does nothing useful.
    ///
    /// Cost: O(n) in elements, plus the subtree below each combined button (nested combined buttons: nodes × nesting, at most 512 levels).
    static let combinedButtonTrait = Rule(
        id: "combined-button-trait", wcag: ["4.1.2"], level: .A, impact: .moderate,
        description: "A combined element holding several controls does not keep the button trait.",
        help: "Remove the trait after combining (accessibilityRemoveTraits(.isButton) / combinable.traitsAdjust.remove); the controls stay reachable as custom actions.",
        check: { ctx in
            var out: [Finding] = []
            for e in ctx.elements.indices where ctx.elements[e].traits.contains(.button) {
                let root = ctx.elements[e].node
                guard ctx.combinesChildren(root) else { continue }
                let controls = CombinedControls.count(below: root, element: e, in: ctx)
                guard controls >= 2 else { continue }
                out.append(ctx.finding(elementAt: e, message: "Combined element is announced as a button but holds \(controls) controls.",
                                       data: [("controls", .number(Double(controls)))]))
            }
            return out
        })
}

enum CombinedControls {
    /// Interactive descendants folded into element `element` (explicit stack, no recursion).
    static func count(below root: Int, element: Int, in ctx: RuleContext) -> Int {
        var count = 0
        var stack = Array(ctx.document.children(of: root))
        let nodes = ctx.nodes
        while let index = stack.popLast() {
            if ctx.stopping() { break }
            guard !nodes[index].hidden, nodes[index].opacity != 0 else { continue }
            // Descendants that stayed separate elements are not part of the combination.
            if let owner = ctx.analysis.element(ofNode: index), owner != element { continue }
            if Node.isInteractive(kind: nodes[index].kind, effectiveTraits: ctx.traits(ofNode: index)) { count += 1; continue }
            stack.append(contentsOf: ctx.document.children(of: index))
        }
        return count
    }
}
