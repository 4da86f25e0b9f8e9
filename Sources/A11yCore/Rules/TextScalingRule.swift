extension Rule {
    /// 1.4.4 Resize Text: text with a fixed size ignores the user's text-size setting.
    static let textScaling = Rule(
        id: "text-scaling", wcag: ["1.4.4"], level: .AA, impact: .serious,
        description: "Text scales with the user's text size (Dynamic Type, sp, browser zoom).",
        help: "Use a text style (e.g. .font(.body)) or scale custom fonts (UIFontMetrics / @ScaledMetric).",
        check: { ctx in
            let styles = ctx.scan.styles, nodes = ctx.nodes, flags = ctx.scan.flags
            var out: [Finding] = []
            // The scan's own-style column first: only fixed-size text opens its node's style box.
            for (slot, index) in ctx.scan.styled.enumerated() where ctx.scan.ownStyles[slot].contains(.fixedSize) {
                // Fields read in the style's box: `nodes[index].style` copied the whole style out.
                guard styles[index].isVisible, flags[index].contains(.drawsText) || ctx.scan.kinds[index] == .text,
                      let style = nodes[index].styleBox else { continue }
                var data: [(key: String, value: DataValue)] = []
                if let size = style.value.fontSize { data.append(("fontSize", .number(size))) }
                if let textStyle = style.value.textStyle { data.append(("textStyle", .string(textStyle))) }
                out.append(ctx.finding(node: index, message: "Text has a fixed size and does not scale with Dynamic Type.", data: data))
            }
            return out
        })
}
