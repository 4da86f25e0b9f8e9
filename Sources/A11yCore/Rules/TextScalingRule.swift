extension Rule {
    /// 1.4.4 Resize Text: text with a fixed size ignores the user's text-size setting.
    ///
    /// Cost: O(n) in nodes with their own style.
    static let textScaling = Rule(
        id: "text-scaling", wcag: ["1.4.4"], level: .AA, impact: .serious,
        description: "Text scales with the user's text size (Dynamic Type, sp, browser zoom).",
        help: "Use a text style (e.g. .font(.body)) or scale custom fonts (UIFontMetrics / @ScaledMetric).",
        appliesTo: RuleSelector(
            .nodes, where: { ctx, node in ctx.drawsText(node) || ctx.nodes[node].kind == .text },
            none: "no text",
            // Android and iOS dumps do not say whether text scales: nothing to judge.
            notRun: { ctx, node in ctx.nodes[node].style?.scalesWithDynamicType == nil ? "the input does not say whether text scales" : nil }),
        check: { ctx, node in
            guard let style = ctx.nodes[node].style, style.scalesWithDynamicType == false, ctx.style(ofNode: node).isVisible else { return nil }
            var data: [(key: String, value: DataValue)] = []
            if let size = style.fontSize { data.append(("fontSize", .number(size))) }
            if let textStyle = style.textStyle { data.append(("textStyle", .string(textStyle))) }
            return ctx.finding(node: node, message: "Text has a fixed size and does not scale with Dynamic Type.", data: data)
        })
}
