import A11yModel
import A11yText

extension Rule {
    /// 1.4.11 Non-text Contrast: icons, images and the indicators of controls without text.
    ///
    /// Cost: O(n) in nodes with their own style.
    static let nonTextContrast = Rule(
        id: "non-text-contrast", wcag: ["1.4.11"], level: .AA, impact: .serious,
        description: "Icons, images and control indicators have a contrast of at least 3:1 with what is around them.",
        help: "Give the icon or the control's indicator a colour with 3:1 against the adjacent background.",
        inapplicability: { ctx in
            // Graphics 1.4.11 is about: images and controls that draw no text, shown and reachable.
            var anyGraphic = false
            for index in ctx.nodes.indices where !ctx.drawsText(index) {
                let kind = ctx.node(index).kind
                guard kind == .image || ctx.traits(ofNode: index).contains(.image) || kind.isControl else { continue }
                guard ctx.style(ofNode: index).isVisible, !ctx.hasEmptyFrame(index), ctx.isReachable(index) else { continue }
                if ctx.node(index).style?.foreground != nil { return nil }
                if ctx.screenshot != nil && NonTextContrastPixels.measurable(ctx, index) { return nil }
                anyGraphic = true
            }
            guard anyGraphic else { return "no images or controls without text" }
            return ctx.screenshot == nil ? TextContrastCheck.noColours : "no colours, and no image or icon control to measure on the screenshot"
        },
        check: { ctx in
            let required = ctx.thresholds.contrastNonText
            var out: [Finding] = []
            let nodes = ctx.nodes
            // With a screenshot every graphic can be measured (ATF's ImageContrastCheck);
            // without one, only those whose style gives their colour.
            let candidates = ctx.screenshot != nil ? Array(nodes.indices) : ctx.nodesWithOwnStyle
            for index in candidates {
                // Only the node's own foreground describes its graphic; text has its own rule;
                // hidden images are decorative, which 1.4.11 exempts.
                guard !ctx.drawsText(index) else { continue }
                let kind = nodes[index].kind
                guard kind == .image || ctx.traits(ofNode: index).contains(.image) || kind.isControl else { continue }
                let style = ctx.style(ofNode: index)
                guard style.isVisible, !style.disabled, !ctx.hasEmptyFrame(index), ctx.isReachable(index) else { continue }
                guard let own = nodes[index].style?.foreground else {
                    if NonTextContrastPixels.measurable(ctx, index),
                       let finding = PixelContrastCheck.graphic(ctx, node: index, required: required) { out.append(finding) }
                    continue
                }
                let foreground = own.scaled(alpha: style.opacity)
                guard let measured = style.contrast(of: foreground) else {
                    if PixelContrastCheck.pixels(ctx, index) != nil {
                        if let finding = PixelContrastCheck.graphic(ctx, node: index, required: required) { out.append(finding) }
                    } else {
                        out.append(TextContrastCheck.undecidable(ctx, node: index, foreground: foreground,
                                                                 backdrop: style.backdrop, required: required))
                    }
                    continue
                }
                guard measured.ratio < required else { continue }
                let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
                let ratio = ContrastMath.reported(measured.ratio, required: required)
                out.append(ctx.finding(
                    node: index,
                    message: "Graphic contrast \(NumberText.format(ratio)):1 (\(foregroundHex) on \(backgroundHex)) is below \(NumberText.format(required)):1.",
                    data: TextContrastCheck.contrastData(
                        ratio: measured.ratio, foreground: foregroundHex, background: backgroundHex, required: required,
                        suggested: PixelContrast.suggestedForeground(measured.foreground, background: measured.background,
                                                                     required: required)?.hexCode)))
            }
            return out
        })
}

/// Which graphics the screenshot measures, as ATF's ImageContrastCheck does ImageViews (and
/// so ImageButtons): images, and controls with no child nodes (an icon button, a floating
/// action button). A control with children is a container whose pixels are its content's.
enum NonTextContrastPixels {
    static func measurable(_ ctx: RuleContext, _ index: Int) -> Bool {
        let node = ctx.node(index)
        return node.kind == .image || ctx.traits(ofNode: index).contains(.image) || node.childRange.isEmpty
    }
}
