extension Rule {
    /// 1.4.4 Resize Text: text with a fixed size ignores the user's text-size setting.
    ///
    /// Cost: O(n) in nodes with their own style.
    static let textScaling = Rule(
        id: "text-scaling", wcag: ["1.4.4"], level: .AA, impact: .serious,
        description: "Text scales with the user's text size (Dynamic Type, sp, browser zoom).",
        help: "Use a text style (e.g. .font(.body)) or scale custom fonts (UIFontMetrics / @ScaledMetric).",
        inapplicability: { ctx in
            // Android and iOS dumps do not say whether text scales: nothing to judge.
            var anyText = false
            for index in ctx.nodes.indices where ctx.drawsText(index) || ctx.node(index).kind == .text {
                anyText = true
                if ctx.node(index).style?.scalesWithDynamicType != nil { return nil }
            }
            return anyText ? "the input does not say whether text scales" : "no text"
        },
        check: { ctx in
            var out: [Finding] = []
            let nodes = ctx.nodes
            for index in ctx.nodesWithOwnStyle {
                guard let style = nodes[index].style, style.scalesWithDynamicType == false,
                      ctx.style(ofNode: index).isVisible, ctx.drawsText(index) || nodes[index].kind == .text else { continue }
                var data: [(key: String, value: DataValue)] = []
                if let size = style.fontSize { data.append(("fontSize", .number(size))) }
                if let textStyle = style.textStyle { data.append(("textStyle", .string(textStyle))) }
                out.append(ctx.finding(node: index, message: "Text has a fixed size and does not scale with Dynamic Type.", data: data))
            }
            return out
        })
}
