/// Shared by 1.4.3 and 1.4.6: every visible, enabled node that draws text, measured
/// against the backdrop it is painted on.
enum TextContrastCheck {
    static func findings(_ ctx: RuleContext, normal: Double, large: Double) -> [Finding] {
        let styles = ctx.scan.styles, flags = ctx.scan.flags
        var texts = ContrastTexts()
        var out: [Finding] = []
        for index in ctx.scan.drawingText {
            let style = styles[index]
            guard style.isVisible, !style.disabled, let foreground = style.foreground, !flags[index].contains(.emptyFrame)
            else { continue }
            let isLarge = style.isLargeText
            let required = isLarge ? large : normal
            guard let measured = style.contrast(of: foreground) else {
                out.append(texts.undecidable(ctx, node: index, foreground: foreground, backdrop: style.backdrop, required: required))
                continue
            }
            guard measured.ratio < required else { continue }
            let text = texts.text(measured, required: required, large: isLarge) { foreground, background -> String in
                let message: MessageText = "Text contrast \(NumberText.format(ContrastMath.reported(measured.ratio, required: required))):1 (\(foreground) on \(background)) is below \(NumberText.format(required)):1\(isLarge ? " for large text" : "")."
                return message.string
            }
            out.append(ctx.finding(node: index, message: text.message, data: text.data))
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

/// Message and data of contrast findings, made once per colour pair: screens reuse a few
/// colours, and formatting hex codes and ratios dominated the contrast rules. One per rule
/// run: keys leave out which rule and wording they are for.
struct ContrastTexts {
    typealias Text = (message: String, data: [(key: String, value: DataValue)])
    private struct Key: Hashable {
        var foreground: Color, background: Color, required: Double, large: Bool?
    }
    private struct UndecidableKey: Hashable {
        var foreground: Color, kind: String, required: Double
    }
    /// A screen fails on a few colour pairs: the first `linearLimit` are found one by one, and
    /// only later ones hashed (a dictionary per rule run cost more than all its lookups).
    private var firstMeasured: [(key: Key, text: Text)] = []
    private var measured: [Key: Text] = [:]
    private var undecidable: [UndecidableKey: Finding] = [:]

    static var linearLimit: Int { 8 }

    /// The text of a failing measurement: `message(foregroundHex, backgroundHex)` and
    /// `contrastData`, made once per key (the ratio follows from the pair).
    mutating func text(_ m: (ratio: Double, foreground: Color, background: Color), required: Double, large: Bool? = nil,
                       message: (String, String) -> String) -> Text {
        let key = Key(foreground: m.foreground, background: m.background, required: required, large: large)
        // By index, comparing keys in place: `first(where:)` copied each entry (its strings and data).
        for i in firstMeasured.indices where firstMeasured[i].key == key { return firstMeasured[i].text }
        if !measured.isEmpty, let cached = measured[key] { return cached }
        let foreground = m.foreground.hexCode, background = m.background.hexCode
        let text = (message(foreground, background),
                    TextContrastCheck.contrastData(ratio: m.ratio, foreground: foreground, background: background,
                                                   required: required, large: large))
        if firstMeasured.count < Self.linearLimit {
            // Room for the whole linear part at once: it grew 1, 2, 4, 8 before.
            if firstMeasured.isEmpty { firstMeasured.reserveCapacity(Self.linearLimit) }
            firstMeasured.append((key, text))
        } else {
            measured[key] = text
        }
        return text
    }

    /// `TextContrastCheck.undecidable`, made once per colour, backdrop kind and requirement.
    mutating func undecidable(_ ctx: RuleContext, node: Int, foreground: Color, backdrop: Backdrop, required: Double) -> Finding {
        let kind: String = if case .undecidable(let k) = backdrop { k.rawValue } else { "solid" }
        let key = UndecidableKey(foreground: foreground, kind: kind, required: required)
        guard var finding = undecidable[key] else {
            let made = TextContrastCheck.undecidable(ctx, node: node, foreground: foreground, backdrop: backdrop, required: required)
            undecidable[key] = made
            return made
        }
        finding.node = node
        finding.frame = ctx.analysis.frame(ofNode: node)
        return finding
    }
}
