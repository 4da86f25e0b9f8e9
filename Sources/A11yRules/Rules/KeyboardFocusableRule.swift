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
        check: { ctx in
            let nodes = ctx.nodes
            return ctx.nodesNotFocusable.compactMap { index in
                // The node's traits hold `notEnabled` for `enabled: false` too.
                let traits = ctx.traits(ofNode: index)
                guard Node.isInteractive(kind: nodes[index].kind, effectiveTraits: traits),
                      !traits.contains(.notEnabled), ctx.isReachable(index) else { return nil }
                return ctx.finding(node: index, message: "\(nodes[index].typeName) is interactive but not focusable by keyboard.")
            }
        })
}
