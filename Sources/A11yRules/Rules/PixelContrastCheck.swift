import A11yModel
import A11yText
/// Contrast findings measured on the screenshot (`PixelContrast`), for nodes whose colours the
/// tree does not give (Android and iOS dumps) or cannot settle (text over a gradient or an
/// image in a Figma frame). ATF's verdicts:
///
/// - The ratio of the separated pair below the requirement by more than 0.01: a violation.
/// - Text whose size is unknown (dumps carry none): below the large-text ratio (3:1) is a
///   violation; at least that but below the normal ratio (4.5:1) is `incomplete`, as ATF's
///   "borderline" result: it passes only if the text is large.
/// - One colour where the node is drawn: `incomplete` (nothing to separate; all black is what
///   Android paints over a secure window).
/// - A node with no pixels on the screenshot (scrolled away) is not judged, as ATF skips a view
///   outside the screen capture.
enum PixelContrastCheck {
    /// The finding for text `node`, or nil when it passes or is not on the screenshot.
    /// `sizeKnown`: the tree gives a font size (else the large-text question is open).
    static func text(_ ctx: RuleContext, node: Int, style: RenderedStyle, normal: Double, large: Double) -> Finding? {
        guard let screenshot = ctx.screenshot, let rect = pixels(ctx, node) else { return nil }
        let sizeKnown = hasFontSize(ctx, node)
        let isLarge = style.isLargeText
        let required = sizeKnown ? (isLarge ? large : normal) : large
        switch PixelContrast.verdict(screenshot.image, in: rect) {
        case .outside:
            return nil
        case .uniform(let color):
            return uniform(ctx, node: node, color: color, required: sizeKnown ? required : normal)
        case .measured(let fg, let bg, let ratio):
            let foreground = PixelContrast.color(fg), background = PixelContrast.color(bg)
            if PixelContrast.isBelow(ratio, required: required) {
                let message = TextContrastCheck.message(ratio: ContrastMath.reported(ratio, required: required),
                                                        foreground: foreground.hexCode, background: background.hexCode,
                                                        required: required, large: sizeKnown && isLarge)
                return ctx.finding(node: node, message: message,
                                   data: data(ratio: ratio, foreground: foreground, background: background, required: required,
                                              large: sizeKnown ? isLarge : nil))
            }
            guard !sizeKnown, PixelContrast.isBelow(ratio, required: normal) else { return nil }
            let message = "Text contrast \(NumberText.format(ratio)):1 (\(foreground.hexCode) on \(background.hexCode)) meets \(NumberText.format(large)):1 only if the text is large, and its size is unknown; normal text needs \(NumberText.format(normal)):1."
            return ctx.finding(node: node, message: message, outcome: .incomplete,
                               data: data(ratio: ratio, foreground: foreground, background: background, required: normal, large: nil))
        }
    }

    /// The finding for a graphic `node` (image, icon, control without text), or nil.
    static func graphic(_ ctx: RuleContext, node: Int, required: Double) -> Finding? {
        guard let screenshot = ctx.screenshot, let rect = pixels(ctx, node) else { return nil }
        switch PixelContrast.verdict(screenshot.image, in: rect) {
        case .outside:
            return nil
        case .uniform(let color):
            return uniform(ctx, node: node, color: color, required: required)
        case .measured(let fg, let bg, let ratio):
            guard PixelContrast.isBelow(ratio, required: required) else { return nil }
            let foreground = PixelContrast.color(fg), background = PixelContrast.color(bg)
            return ctx.finding(
                node: node,
                message: "Graphic contrast \(NumberText.format(ContrastMath.reported(ratio, required: required))):1 (\(foreground.hexCode) on \(background.hexCode)) is below \(NumberText.format(required)):1.",
                data: data(ratio: ratio, foreground: foreground, background: background, required: required, large: nil))
        }
    }

    /// Figures as the declared-colour findings carry them, the suggestion, and where they were
    /// measured.
    static func data(ratio: Double, foreground: Color, background: Color, required: Double,
                     large: Bool?) -> [(key: String, value: DataValue)] {
        var data = TextContrastCheck.contrastData(
            ratio: ratio, foreground: foreground.hexCode, background: background.hexCode, required: required, large: large,
            suggested: PixelContrast.suggestedForeground(foreground, background: background, required: required)?.hexCode)
        data.append(("measuredFrom", .string("screenshot")))
        return data
    }

    static func uniform(_ ctx: RuleContext, node: Int, color: PixelContrast.ARGB, required: Double) -> Finding {
        let hex = PixelContrast.color(color).hexCode
        let what = color & 0xFF_FFFF == 0 ? "only black (a secure window hides its content)" : "one colour (\(hex))"
        return ctx.finding(
            node: node,
            message: "Contrast cannot be measured: the screenshot shows \(what) where this is drawn; check it by eye (needs \(NumberText.format(required)):1).",
            outcome: .incomplete,
            data: [("required", .number(required)), ("background", .string(hex)), ("measuredFrom", .string("screenshot"))])
    }

    /// Where the node is drawn on the screenshot: nil with no screenshot, when none of its
    /// frame is on it, or when an imported dump says it is not visible (`visible="false"`
    /// there means not drawn; in our tree `hidden` is accessibilityHidden, still drawn).
    static func pixels(_ ctx: RuleContext, _ node: Int) -> PixelRect? {
        if ctx.document.sourceMap != nil {
            var at: Int? = node
            while let index = at {
                if ctx.node(index).hidden { return nil }
                at = ctx.node(index).parent
            }
        }
        return ctx.pixels(ofNode: node)
    }

    /// The node or an ancestor sets a font size (trees and Figma do; dumps do not).
    static func hasFontSize(_ ctx: RuleContext, _ node: Int) -> Bool {
        var at: Int? = node
        while let index = at {
            if ctx.node(index).style?.fontSize != nil { return true }
            at = ctx.node(index).parent
        }
        return false
    }
}
