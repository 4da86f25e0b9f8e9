/// Shared by 1.4.3 and 1.4.6: every visible, enabled node that draws text, measured
/// against the backdrop it is painted on.
enum TextContrastCheck {
    static func findings(_ ctx: RuleContext, normal: Double, large: Double) -> [Finding] {
        let styles = ctx.styles
        var out: [Finding] = []
        for (index, node) in ctx.document.nodes.enumerated() {
            let style = styles[index]
            guard style.isVisible, !style.disabled, node.frame?.isEmpty != true,
                  node.visibleText != nil, let foreground = style.foreground else { continue }
            let required = style.isLargeText ? large : normal
            guard let measured = style.contrast(of: foreground) else {
                out.append(undecidable(ctx, node: index, foreground: foreground, backdrop: style.backdrop, required: required))
                continue
            }
            guard measured.ratio < required else { continue }
            out.append(ctx.finding(
                node: index,
                message: "Text contrast \(NumberText.format(ContrastMath.reported(measured.ratio, required: required))):1 (\(measured.foreground.hex) on \(measured.background.hex)) is below \(NumberText.format(required)):1\(style.isLargeText ? " for large text" : "").",
                data: contrastData(measured, required: required, large: style.isLargeText)))
        }
        return out
    }

    static func contrastData(_ m: (ratio: Double, foreground: Color, background: Color), required: Double,
                             large: Bool? = nil) -> [(key: String, value: DataValue)] {
        var data: [(key: String, value: DataValue)] = [
            ("ratio", .number(ContrastMath.reported(m.ratio, required: required))), ("required", .number(required)),
            ("foreground", .string(m.foreground.hex)), ("background", .string(m.background.hex)),
        ]
        if let large { data.append(("largeText", .bool(large))) }
        return data
    }

    static func undecidable(_ ctx: RuleContext, node: Int, foreground: Color, backdrop: Backdrop, required: Double) -> Finding {
        let kind: String = if case .undecidable(let k) = backdrop { k.rawValue } else { "solid" }
        return ctx.finding(
            node: node, message: "Contrast cannot be measured over a \(kind) background; check it by eye (needs \(NumberText.format(required)):1).",
            outcome: .incomplete,
            data: [("required", .number(required)), ("foreground", .string(foreground.hex)), ("backgroundKind", .string(kind))])
    }
}
