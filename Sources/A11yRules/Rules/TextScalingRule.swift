extension Rule {
    /// 1.4.4 Resize Text: text with a fixed size ignores the user's text-size setting.
    ///
    /// Cost: O(n) in nodes with their own style.
    static let textScaling = Rule(
        id: "text-scaling", wcag: ["1.4.4"], level: .AA, impact: .serious,
        description: "Text scales with the user's text size (Dynamic Type, sp, browser zoom).",
        help: "Use a text style (e.g. .font(.body)) or scale custom fonts (UIFontMetrics / @ScaledMetric).",
        // Text whose style says whether it scales; Android and iOS dumps do not say, nor does
        // text without a style of its own: nothing to judge.
        appliesTo: RuleSelector(
            .nodesWithOwnStyle, where: { ctx, node in ctx.drawsText(node) || ctx.nodes[node].kind == .text },
            whenNone: { ctx in
                let anyText = !ctx.nodesDrawingText.isEmpty || ctx.nodes.contains { $0.kind == .text }
                return anyText ? TextScaling.unsaid : "no text"
            },
            notRun: { ctx, node in ctx.nodes[node].style?.scalesWithDynamicType == nil ? TextScaling.unsaid : nil }),
        check: { ctx, node in
            guard let style = ctx.nodes[node].style, style.scalesWithDynamicType == false, ctx.style(ofNode: node).isVisible else { return nil }
            var data: [(key: String, value: DataValue)] = []
            if let size = style.fontSize { data.append(("fontSize", .number(size))) }
            if let textStyle = style.textStyle { data.append(("textStyle", .string(textStyle))) }
            return ctx.finding(node: node, message: "Text has a fixed size and does not scale with Dynamic Type.", data: data)
        })
}

enum TextScaling {
    static let unsaid = "the input does not say whether text scales"
}
