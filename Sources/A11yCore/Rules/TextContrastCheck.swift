/// Shared by 1.4.3 and 1.4.6: every visible, enabled node that draws text, measured
/// against the backdrop it is painted on.
enum TextContrastCheck {
    static func findings(_ ctx: RuleContext, normal: Double, large: Double) -> [Finding] {
        var out: [Finding] = []
        for index in ctx.nodesDrawingText {
            let style = ctx.style(ofNode: index)
            guard style.isVisible, !style.disabled, let foreground = style.foreground, !ctx.hasEmptyFrame(index)
            else { continue }
            let isLarge = style.isLargeText
            let required = isLarge ? large : normal
            guard let measured = style.contrast(of: foreground) else {
                out.append(undecidable(ctx, node: index, foreground: foreground, backdrop: style.backdrop, required: required))
                continue
            }
            guard measured.ratio < required else { continue }
            let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
            let ratio = ContrastMath.reported(measured.ratio, required: required)
            let message = "Text contrast \(NumberText.format(ratio)):1 (\(foregroundHex) on \(backgroundHex)) is below \(NumberText.format(required)):1\(isLarge ? " for large text" : "")."
            out.append(ctx.finding(node: index, message: message,
                                   data: contrastData(ratio: measured.ratio, foreground: foregroundHex, background: backgroundHex,
                                                      required: required, large: isLarge)))
        }
        return out
    }

    /// `foreground` and `background` are the pair's hex codes, made once for message and data.
    static func contrastData(ratio: Double, foreground: String, background: String, required: Double,
                             large: Bool? = nil) -> [(key: String, value: DataValue)] {
        var data: [(key: String, value: DataValue)] = [
            ("ratio", .number(ContrastMath.reported(ratio, required: required))), ("required", .number(required)),
            ("foreground", .string(foreground)), ("background", .string(background)),
        ]
        if let large { data.append(("largeText", .bool(large))) }
        return data
    }

    static func undecidable(_ ctx: RuleContext, node: Int, foreground: Color, backdrop: Backdrop, required: Double) -> Finding {
        let kind: String = if case .undecidable(let k) = backdrop { k.rawValue } else { "solid" }
        return ctx.finding(
            node: node, message: "Contrast cannot be measured over a \(kind) background; check it by eye (needs \(NumberText.format(required)):1).",
            outcome: .incomplete,
            data: [("required", .number(required)), ("foreground", .string(foreground.hexCode)), ("backgroundKind", .string(kind))])
    }
}
