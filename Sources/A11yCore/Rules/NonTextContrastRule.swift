extension Rule {
    /// 1.4.11 Non-text Contrast: icons, images and the indicators of controls without text.
    static let nonTextContrast = Rule(
        id: "non-text-contrast", wcag: ["1.4.11"], level: .AA, impact: .serious,
        description: "Icons, images and control indicators have a contrast of at least 3:1 with what is around them.",
        help: "Give the icon or the control's indicator a colour with 3:1 against the adjacent background.",
        check: { ctx in
            let styles = ctx.scan.styles
            let required = ctx.thresholds.contrastNonText
            var texts = ContrastTexts()
            var out: [Finding] = []
            let flags = ctx.scan.flags, kinds = ctx.scan.kinds, nodes = ctx.nodes
            // Columns of the scan, not the nodes and their style boxes (memory-bound at 100k nodes).
            for (slot, index) in ctx.scan.styled.enumerated() {
                // Only the node's own foreground describes its graphic; text has its own rule;
                // hidden images are decorative, which 1.4.11 exempts.
                guard ctx.scan.ownStyles[slot].contains(.foreground), !flags[index].contains(.drawsText) else { continue }
                let kind = kinds[index]
                guard kind == .image || ctx.scan.traits[index].contains(.image) || kind.isControl else { continue }
                let style = styles[index]
                // The style's box is opened (fields read in place) only for the graphics measured.
                guard style.isVisible, !style.disabled, !flags[index].contains(.emptyFrame), ctx.analysis.reachable(index),
                      let own = nodes[index].styleBox?.value.foreground else { continue }
                let foreground = own.scaled(alpha: style.opacity)
                guard let measured = style.contrast(of: foreground) else {
                    out.append(texts.undecidable(ctx, node: index, foreground: foreground,
                                                 backdrop: style.backdrop, required: required))
                    continue
                }
                guard measured.ratio < required else { continue }
                let text = texts.text(measured, required: required) { foreground, background in
                    "Graphic contrast \(NumberText.format(ContrastMath.reported(measured.ratio, required: required))):1 (\(foreground) on \(background)) is below \(NumberText.format(required)):1."
                }
                out.append(ctx.finding(node: index, message: text.message, data: text.data))
            }
            return out
        })
}
