extension Rule {
    /// 1.4.11 Non-text Contrast: icons, images and the indicators of controls without text.
    ///
    /// Cost: O(n) in nodes with their own style.
    static let nonTextContrast = Rule(
        id: "non-text-contrast", wcag: ["1.4.11"], level: .AA, impact: .serious,
        description: "Icons, images and control indicators have a contrast of at least 3:1 with what is around them.",
        help: "Give the icon or the control's indicator a colour with 3:1 against the adjacent background.",
        check: { ctx in
            let required = ctx.thresholds.contrastNonText
            var out: [Finding] = []
            let nodes = ctx.nodes
            for index in ctx.nodesWithOwnStyle {
                // Only the node's own foreground describes its graphic; text has its own rule;
                // hidden images are decorative, which 1.4.11 exempts.
                guard let own = nodes[index].style?.foreground, !ctx.drawsText(index) else { continue }
                let kind = nodes[index].kind
                guard kind == .image || ctx.traits(ofNode: index).contains(.image) || kind.isControl else { continue }
                let style = ctx.style(ofNode: index)
                guard style.isVisible, !style.disabled, !ctx.hasEmptyFrame(index), ctx.isReachable(index) else { continue }
                let foreground = own.scaled(alpha: style.opacity)
                guard let measured = style.contrast(of: foreground) else {
                    out.append(TextContrastCheck.undecidable(ctx, node: index, foreground: foreground,
                                                             backdrop: style.backdrop, required: required))
                    continue
                }
                guard measured.ratio < required else { continue }
                let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
                let ratio = ContrastMath.reported(measured.ratio, required: required)
                out.append(ctx.finding(
                    node: index,
                    message: "Graphic contrast \(NumberText.format(ratio)):1 (\(foregroundHex) on \(backgroundHex)) is below \(NumberText.format(required)):1.",
                    data: TextContrastCheck.contrastData(ratio: measured.ratio, foreground: foregroundHex,
                                                         background: backgroundHex, required: required)))
            }
            return out
        })
}
