extension Rule {
    /// 2.1.1 Keyboard: a control taken out of keyboard focus cannot be used with a
    /// hardware keyboard, Full Keyboard Access or Switch Control.
    static let keyboardFocusable = Rule(
        id: "keyboard-focusable", wcag: ["2.1.1"], level: .A, impact: .serious,
        description: "Interactive elements are reachable by keyboard (focusable is not false).",
        help: "Remove focusable(false) from the control, or provide a keyboard-reachable equivalent.",
        check: { ctx in
            let nodes = ctx.nodes, kinds = ctx.scan.kinds, traits = ctx.scan.traits
            return ctx.scan.unfocusable.compactMap { index in
                // Effective traits hold `notEnabled` for `enabled: false` too.
                guard Node.isInteractive(kind: kinds[index], effectiveTraits: traits[index]),
                      !traits[index].contains(.notEnabled), ctx.analysis.reachable(index) else { return nil }
                return ctx.finding(node: index, message: "\(nodes[index].typeName) is interactive but not focusable by keyboard.")
            }
        })
}
