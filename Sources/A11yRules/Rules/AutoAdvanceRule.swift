extension Rule {
    /// 2.2.2 Pause, Stop, Hide: content that moves on its own must stop for people who
    /// asked for less motion (the iOS SDK's accessible components: auto-advance pauses, transitions respect Reduce Motion).
    ///
    /// Cost: O(components × depth): each auto-advancing component's ancestors are read (depth at most 512).
    static let autoAdvance = Rule(
        id: "auto-advance-reduce-motion", wcag: ["2.2.2"], level: .A, impact: .serious,
        description: "Auto-advancing content respects Reduce Motion.",
        help: "Stop auto-advancing when accessibilityReduceMotion is on (and while VoiceOver is focused on it).",
        check: { ctx in
            let nodes = ctx.nodes
            return ctx.nodesWithComponent.compactMap { index in
                guard let c = nodes[index].component, c.autoAdvance == true, c.respectsReduceMotion != true,
                      RenderedStyle.isShown(index, in: ctx.document) else { return nil }
                return ctx.finding(node: index, message: "\(nodes[index].typeName) advances automatically and does not respect Reduce Motion.",
                                   data: [("autoAdvance", .bool(true)), ("respectsReduceMotion", .bool(c.respectsReduceMotion ?? false))])
            }
        })
}
