import A11yModel
/// What is painted behind a node: a known opaque colour, or something a tool cannot decide.
enum Backdrop: Equatable {
    case solid(Color)
    case undecidable(Style.BackgroundKind)
}

/// Per-node visual facts after inheritance (colour, font and opacity flow down the tree,
/// backgrounds stack up). One per node, written by one pass and read by several rules
/// (`RuleContext.style(ofNode:)`); the font is kept only as far as the large-text test needs it.
package struct RenderedStyle {
    var backdrop: Backdrop
    /// Disabled itself or below a disabled node; exempt from contrast and target size.
    var disabled: Bool
    /// Effective font size (own or inherited), as the large-text test sees it.
    var textSize: TextSize
    /// Effective font weight (own or inherited) is 700 or more; no weight reads as 400.
    var bold: Bool
    /// Product of the opacities of the node and its ancestors.
    var opacity: Double
    /// Effective text / icon colour (own or inherited), alpha already multiplied by opacity.
    var foreground: Color?

    /// A font size by the WCAG large-text thresholds; no size is `small`.
    enum TextSize: UInt8 {
        case small, medium, large

        init(_ size: Double) { self = size >= 18 ? .large : size >= 14 ? .medium : .small }
    }

    /// Painted at all (opacity 0 removes a node and its subtree from the screen).
    package var isVisible: Bool { opacity > 0 }

    /// The page behind everything when the tree says nothing: white, like axe-core.
    static let defaultBackground = Color(red: 1, green: 1, blue: 1)

    /// Foreground composited over the backdrop, or nil when the backdrop is undecidable.
    func contrast(of foreground: Color) -> (ratio: Double, foreground: Color, background: Color)? {
        guard case .solid(let bg) = backdrop else { return nil }
        let fg = ContrastMath.blend(foreground, over: bg)
        return (ContrastMath.ratio(fg, bg), fg, bg)
    }

    /// WCAG large text: at least 18 pt, or 14 pt and bold (weight 700 or more).
    var isLargeText: Bool { textSize == .large || (textSize == .medium && bold) }
}

extension RenderedStyle {
    /// What a root node inherits: nothing but the default page behind it.
    static let page = RenderedStyle(backdrop: .solid(defaultBackground), disabled: false, textSize: .small,
                                    bold: false, opacity: 1, foreground: nil)

    /// The style of a node with its own `style`, `opacity` and disabled state, below `parent`
    /// (the parent's rendered style; `page` for the root). Nodes are stored parent-first, so
    /// one forward pass over them (`NodeScan`) has every parent ready.
    init(style box: Indirect<Style>?, opacity ownOpacity: Double?, disabled ownDisabled: Bool, parent: RenderedStyle) {
        let nodeOpacity = max(0, min(1, ownOpacity ?? 1))
        let opacity = parent.opacity * nodeOpacity
        var backdrop = parent.backdrop
        var foreground = parent.foreground?.scaled(alpha: nodeOpacity)
        var textSize = parent.textSize, bold = parent.bold
        if let box {
            let style = box.value
            if style.backgroundKind != .solid {
                backdrop = .undecidable(style.backgroundKind)
            } else if let bg = style.background {
                if case .solid(let below) = backdrop {
                    backdrop = .solid(ContrastMath.blend(bg.scaled(alpha: opacity), over: below))
                } else if bg.alpha >= 1 && opacity >= 1 {
                    backdrop = .solid(bg)
                }
            }
            if let fg = style.foreground { foreground = fg.scaled(alpha: opacity) }
            if let size = style.fontSize { textSize = TextSize(size) }
            if let weight = style.fontWeight { bold = weight >= 700 }
        }
        self.init(backdrop: backdrop, disabled: parent.disabled || ownDisabled, textSize: textSize, bold: bold,
                  opacity: opacity, foreground: foreground)
    }
}

extension Color {
    func scaled(alpha factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// `hex` written byte by byte: contrast findings print up to four codes each, and `hex`
    /// builds a String per channel. Channels outside 0...1 (never parsed, never blended) use `hex`.
    var hexCode: String {
        let withAlpha = alpha < 1
        guard (0...1).contains(red), (0...1).contains(green), (0...1).contains(blue),
              !withAlpha || (0...1).contains(alpha) else { return hex }
        return String(unsafeUninitializedCapacity: withAlpha ? 9 : 7) { out in
            func put(_ channel: Double, at i: Int) {
                let n = Int((channel * 255).rounded())
                out[i] = Self.hexDigit(n >> 4)
                out[i + 1] = Self.hexDigit(n & 0xF)
            }
            out[0] = UInt8(ascii: "#")
            put(red, at: 1); put(green, at: 3); put(blue, at: 5)
            if withAlpha { put(alpha, at: 7) }
            return withAlpha ? 9 : 7
        }
    }

    private static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(value < 10 ? Int(UInt8(ascii: "0")) + value : Int(UInt8(ascii: "A")) + value - 10)
    }
}

extension RenderedStyle {
    /// Painted on screen: no ancestor (or the node) has opacity 0. Walks up, so it is
    /// meant for the few nodes a rule asks about, not for every node.
    static func isShown(_ index: Int, in document: Document) -> Bool {
        var i: Int? = index
        while let current = i {
            if document.nodes[current].opacity == 0 { return false }
            i = document.nodes[current].parent
        }
        return true
    }
}
