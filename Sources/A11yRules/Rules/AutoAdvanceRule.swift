extension Rule {
    /// 2.2.2 Pause, Stop, Hide: content that moves on its own must stop for people who
    /// asked for less motion (the iOS SDK's accessible components: auto-advance pauses, transitions respect Reduce Motion).
    ///
    /// Cost: O(components × depth): each auto-advancing component's ancestors are read (depth at most 512).
    static let autoAdvance = Rule(
        id: "auto-advance-reduce-motion", wcag: ["2.2.2"], level: .A, impact: .serious,
        description: "Auto-advancing content respects Reduce Motion.",
        help: "Stop auto-advancing when accessibilityReduceMotion is on (and while VoiceOver is focused on it).",
        appliesTo: RuleSelector(.nodesWithComponent, where: { ctx, node in
            ctx.nodes[node].component?.autoAdvance == true && RenderedStyle.isShown(node, in: ctx.document)
        }, none: "no content advances automatically"),
        check: { ctx, node in
            let component = ctx.nodes[node].component!
            guard component.respectsReduceMotion != true else { return nil }
            return ctx.finding(node: node, message: "\(ctx.nodes[node].typeName) advances automatically and does not respect Reduce Motion.",
                               data: [("autoAdvance", .bool(true)), ("respectsReduceMotion", .bool(component.respectsReduceMotion ?? false))])
        })
}
