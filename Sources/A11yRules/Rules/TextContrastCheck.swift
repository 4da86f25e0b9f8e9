import A11yModel
import A11yText
/// Shared by 1.4.3 and 1.4.6: every visible, enabled node that draws text, measured
/// against the backdrop it is painted on.
enum TextContrastCheck {
    static let noColours = "no colours and no screenshot"

    /// Inapplicable (nothing to measure) when no shown, enabled node draws text, or none of
    /// them has a text colour to measure (Android and iOS dumps carry no colours) and no
    /// screenshot came with the input.
    @Sendable static func inapplicability(_ ctx: RuleContext) -> String? {
        let screenshot = ctx.screenshot != nil
        var anyText = false
        for index in ctx.nodesDrawingText {
            let style = ctx.style(ofNode: index)
            guard style.isVisible, !style.disabled, !ctx.hasEmptyFrame(index) else { continue }
            if style.foreground != nil || screenshot { return nil }
            anyText = true
        }
        return anyText ? noColours : "no visible text"
    }

    static func findings(_ ctx: RuleContext, normal: Double, large: Double) -> [Finding] {
        var out: [Finding] = []
        for index in ctx.nodesDrawingText {
            let style = ctx.style(ofNode: index)
            guard style.isVisible, !style.disabled, !ctx.hasEmptyFrame(index) else { continue }
            let isLarge = style.isLargeText
            let required = isLarge ? large : normal
            // No colour in the tree (a dump): the screenshot's pixels decide, when there is one.
            guard let foreground = style.foreground else {
                if let finding = PixelContrastCheck.text(ctx, node: index, style: style, normal: normal, large: large) {
                    out.append(finding)
                }
                continue
            }
            guard let measured = style.contrast(of: foreground) else {
                // Over a gradient or an image the tree cannot settle it; a screenshot can.
                if PixelContrastCheck.pixels(ctx, index) != nil {
                    if let finding = PixelContrastCheck.text(ctx, node: index, style: style, normal: normal, large: large) {
                        out.append(finding)
                    }
                } else {
                    out.append(undecidable(ctx, node: index, foreground: foreground, backdrop: style.backdrop, required: required))
                }
                continue
            }
            guard measured.ratio < required else { continue }
            let foregroundHex = measured.foreground.hexCode, backgroundHex = measured.background.hexCode
            let ratio = ContrastMath.reported(measured.ratio, required: required)
            let message = message(ratio: ratio, foreground: foregroundHex, background: backgroundHex, required: required, large: isLarge)
            let suggested = PixelContrast.suggestedForeground(measured.foreground, background: measured.background, required: required)
            out.append(ctx.finding(node: index, message: message,
                                   data: contrastData(ratio: measured.ratio, foreground: foregroundHex, background: backgroundHex,
                                                      required: required, large: isLarge, suggested: suggested?.hexCode)))
        }
        return out
    }

    /// "Text contrast 3.2:1 (#777777 on #FFFFFF) is below 4.5:1 for large text." Written byte by
    /// byte into the String: interpolating its seven pieces cost more than measuring the contrast.
    static func message(ratio: Double, foreground: String, background: String, required: Double, large: Bool) -> String {
        // The fixed words take 51 bytes.
        let capacity = 64 + 2 * NumberText.maxLength + foreground.utf8.count + background.utf8.count
        var complete = true
        let text = String(unsafeUninitializedCapacity: capacity) { buffer in
            var at = buffer.baseAddress!
            func put(_ piece: StaticString) {
                at.update(from: piece.utf8Start, count: piece.utf8CodeUnitCount)
                at += piece.utf8CodeUnitCount
            }
            func put(_ text: String) {
                for byte in text.utf8 { at.pointee = byte; at += 1 }
            }
            func put(_ number: Double) {
                if let end = NumberText.write(number, .rounded(places: 2), at: at) { at = end } else { complete = false }
            }
            put("Text contrast "); put(ratio); put(":1 ("); put(foreground); put(" on "); put(background)
            put(") is below "); put(required); put(":1")
            if large { put(" for large text") }
            put(".")
            return complete ? at - buffer.baseAddress! : 0
        }
        // NaN or an infinity: as Swift prints it, like `NumberText.format`.
        guard complete else {
            return "Text contrast \(NumberText.format(ratio)):1 (\(foreground) on \(background)) is below \(NumberText.format(required)):1\(large ? " for large text" : "")."
        }
        return text
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
