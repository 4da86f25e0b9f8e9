import A11yModel

extension Rule {
    /// 2.1.1 Keyboard: a control taken out of keyboard focus cannot be used with a
    /// hardware keyboard, Full Keyboard Access or Switch Control.
    ///
    /// Cost: O(n) in nodes that say `focusable: false`.
    static let keyboardFocusable = Rule(
        id: "keyboard-focusable", wcag: ["2.1.1"], level: .A, impact: .serious,
        description: "Interactive elements are reachable by keyboard (focusable is not false).",
        help: "Remove focusable(false) from the control, or provide a keyboard-reachable equivalent.",
        // The node's traits hold `notEnabled` for `enabled: false` too: a disabled control is
        // not operated by anyone.
        appliesTo: RuleSelector(.nodesNotFocusable, where: { ctx, node in
            let traits = ctx.traits(ofNode: node)
            return Node.isInteractive(kind: ctx.nodes[node].kind, effectiveTraits: traits) && !traits.contains(.notEnabled)
                && ctx.isReachable(node)
        }, none: "no enabled control says focusable: false"),
        check: { ctx, node in
            ctx.finding(node: node, message: "\(ctx.nodes[node].typeName) is interactive but not focusable by keyboard.")
        })
}
