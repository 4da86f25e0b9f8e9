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
        // Graphics 1.4.11 is about: images and controls that draw no text (text has its own
        // rule), shown and reachable; hidden images are decorative, which 1.4.11 exempts.
        appliesTo: RuleSelector(
            .nodes,
            where: { ctx, node in
                guard !ctx.drawsText(node) else { return false }
                let kind = ctx.nodes[node].kind
                guard kind == .image || ctx.traits(ofNode: node).contains(.image) || kind.isControl else { return false }
                return ctx.style(ofNode: node).isVisible && !ctx.hasEmptyFrame(node) && ctx.isReachable(node)
            },
            none: "no images or controls without text",
            // Only the node's own foreground describes its graphic; with a screenshot, images
            // and icon controls are measured on its pixels (ATF's ImageContrastCheck).
            notRun: { ctx, node in
                if ctx.nodes[node].style?.foreground != nil { return nil }
                guard let _ = ctx.screenshot else { return NotRunReason.noColours }
                return NonTextContrastPixels.measurable(ctx, node) ? nil : "no colours, and no image or icon control to measure on the screenshot"
            }),
        check: { ctx, node in
            let required = ctx.thresholds.contrastNonText
            let style = ctx.style(ofNode: node)
            // A disabled control is exempt.
            guard !style.disabled else { return nil }
            guard let own = ctx.nodes[node].style?.foreground else {
                return PixelContrastCheck.graphic(ctx, node: node, required: required)
            }
            let foreground = own.scaled(alpha: style.opacity)
            guard let measured = style.contrast(of: foreground) else {
                if PixelContrastCheck.pixels(ctx, node) != nil { return PixelContrastCheck.graphic(ctx, node: node, required: required) }
                return TextContrastCheck.undecidable(ctx, node: node, foreground: foreground, backdrop: style.backdrop, required: required)
            }
            guard measured.ratio < required else { return nil }
            let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
            let ratio = ContrastMath.reported(measured.ratio, required: required)
            return ctx.finding(
                node: node,
                message: "Graphic contrast \(NumberText.format(ratio)):1 (\(foregroundHex) on \(backgroundHex)) is below \(NumberText.format(required)):1.",
                data: TextContrastCheck.contrastData(
                    ratio: measured.ratio, foreground: foregroundHex, background: backgroundHex, required: required,
                    suggested: PixelContrast.suggestedForeground(measured.foreground, background: measured.background,
                                                                 required: required)?.hexCode))
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
