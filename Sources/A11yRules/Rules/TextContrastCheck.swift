import A11yModel
import A11yText
/// Shared by 1.4.3 and 1.4.6: every visible, enabled node that draws text, measured
/// against the backdrop it is painted on.
enum TextContrastCheck {
    /// The shown, enabled nodes that draw text in a frame with an area: the contrast rules'
    /// subjects. Not run on text whose colour the tree does not give (Android and iOS dumps
    /// carry none) when no screenshot came with the input.
    static let visibleText = RuleSelector(
        .nodesDrawingText,
        where: { ctx, node in
            let style = ctx.style(ofNode: node)
            return style.isVisible && !style.disabled && !ctx.hasEmptyFrame(node)
        },
        none: "no visible text",
        notRun: { ctx, node in ctx.style(ofNode: node).foreground == nil && ctx.screenshot == nil ? NotRunReason.noColours : nil })

    /// The finding for text `node` at `normal` (and `large` for large text), or nil when it passes.
    static func finding(_ ctx: RuleContext, node: Int, normal: Double, large: Double) -> Finding? {
        let style = ctx.style(ofNode: node)
        let isLarge = style.isLargeText
        let required = isLarge ? large : normal
        // No colour in the tree (a dump): the screenshot's pixels decide.
        guard let foreground = style.foreground else {
            return PixelContrastCheck.text(ctx, node: node, style: style, normal: normal, large: large)
        }
        guard let measured = style.contrast(of: foreground) else {
            // Over a gradient or an image the tree cannot settle it; a screenshot can.
            if PixelContrastCheck.pixels(ctx, node) != nil {
                return PixelContrastCheck.text(ctx, node: node, style: style, normal: normal, large: large)
            }
            return undecidable(ctx, node: node, foreground: foreground, backdrop: style.backdrop, required: required)
        }
        guard measured.ratio < required else { return nil }
        let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
        let ratio = ContrastMath.reported(measured.ratio, required: required)
        let suggested = PixelContrast.suggestedForeground(measured.foreground, background: measured.background, required: required)
        return ctx.finding(node: node,
                           message: message(ratio: ratio, foreground: foregroundHex, background: backgroundHex, required: required, large: isLarge),
                           data: contrastData(ratio: measured.ratio, foreground: foregroundHex, background: backgroundHex,
                                              required: required, large: isLarge, suggested: suggested?.hexCode))
    }

    /// "Text contrast 3.2:1 (#777777 on #FFFFFF) is below 4.5:1 for large text."
    static func message(ratio: Double, foreground: String, background: String, required: Double, large: Bool) -> String {
        "Text contrast \(NumberText.format(ratio)):1 (\(foreground) on \(background)) is below \(NumberText.format(required)):1\(large ? " for large text" : "")."
    }

    /// `foreground` and `background` are the pair's hex codes, made once for message and data.
    /// `suggested`: the nearest passing foreground (`PixelContrast.suggestedForeground`).
    static func contrastData(ratio: Double, foreground: String, background: String, required: Double,
                             large: Bool? = nil, suggested: String? = nil) -> [(key: String, value: DataValue)] {
        var data: [(key: String, value: DataValue)] = [
            ("ratio", .number(ContrastMath.reported(ratio, required: required))), ("required", .number(required)),
            ("foreground", .string(foreground)), ("background", .string(background)),
        ]
        if let large { data.append(("largeText", .bool(large))) }
        if let suggested { data.append(("suggestedForeground", .string(suggested))) }
        return data
    }

    static func undecidable(_ ctx: RuleContext, node: Int, foreground: Color, backdrop: Backdrop, required: Double) -> Finding {
        let kind: String = if case .undecidable(let k) = backdrop { k.rawValue } else { "solid" }
        let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return ctx.finding(
            node: node, message: "Contrast cannot be measured over \(article) \(kind) background; check it by eye (needs \(NumberText.format(required)):1).",
            outcome: .incomplete,
            data: [("required", .number(required)), ("foreground", .string(foreground.hexCode)), ("backgroundKind", .string(kind))])
    }
}
