/// What is painted beneath a text layer in a Figma design. The REST API gives no backdrop
/// (import-formats.md §3.2), so it is composited from the layers painted before the text:
/// children are painted bottom-most first (FIG-PLUGIN `children`; reversed under
/// `itemReverseZIndex`), a layer's fills in array order, the last on top, and a parent before
/// its children, so in paint order (`FigmaImporter.paintOrder`) every layer before the text is
/// beneath it.
///
/// A layer counts when it is rectangular (FRAME, RECTANGLE, COMPONENT, COMPONENT_SET,
/// INSTANCE, SECTION) or an ELLIPSE holding the text's centre (a circle behind an icon),
/// shown, not a mask, and its box holds the centre of the text's box and
/// at least half of its area (a text box is its line boxes, taller than the glyphs: designs
/// put a label in a pill a pixel shorter than the text box, see the Select-a-Menu sample); its visible
/// paints count with alpha = colour alpha × paint opacity × the opacities of the layer and its
/// ancestors. Walking down from the text, the first opaque solid paint ends the walk; with
/// none, the page colour (the CANVAS `backgroundColor`, else white) is at the bottom. A
/// gradient or image paint among those that count makes the backdrop a gradient or image
/// (contrast `incomplete`). Other shapes (vectors, polygons), layers that cover less of the text, blend modes and effects are not considered.
enum FigmaBackdrop {
    /// Layers looked at one by one beneath a text, at most: past them only the text's
    /// ancestors are (a bound on the work per text, whatever the file; the ancestors, which
    /// usually hold the screen's background, are never skipped).
    static let maxLayers = 1_024

    static let rectangular: Set<String> = ["FRAME", "RECTANGLE", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]

    /// The backdrop of `text`, whose box is `box`. `order` is the screen's paint order and
    /// `position[i]` layer i's place in it; `shown[i]` and `opacity[i]` are per layer (`FigmaImporter`).
    static func backdrop(of text: Int, box: Rect, order: [Int], position: [Int], layers: [FigmaLayer], shown: [Bool],
                         opacity: [Double], page: Color) -> Style {
        // Paints from the top down until an opaque solid one.
        var stack: [(paint: FigmaPaint, alpha: Double)] = []
        /// Adds layer i's paints; true when an opaque solid paint ends the walk.
        func paint(_ i: Int) -> Bool {
            let layer = layers[i]
            guard shown[i], !layer.isMask, let b = layer.box,
                  rectangular.contains(layer.type) ? covers(b, box) : layer.type == "ELLIPSE" && coversAsEllipse(b, box)
            else { return false }
            for paint in layer.fills.reversed() where paint.visible && paint.kind != .other {
                let alpha = (paint.kind == .solid ? paint.color.alpha : 1) * unit(paint.opacity) * opacity[i]
                guard alpha > 0 else { continue }
                stack.append((paint, alpha))
                if paint.kind == .solid && alpha >= 1 { return true }
            }
            return false
        }
        var p = position[text] - 1
        var done = false
        let last = max(-1, p - maxLayers)
        while p > last, !done {
            done = paint(order[p])
            p -= 1
        }
        // Past the bound: the ancestors not reached yet, nearest first.
        var a = layers[text].parent
        while !done, a >= 0, position[a] >= 0 {
            if position[a] <= p { done = paint(a) }
            a = layers[a].parent
        }
        var style = Style()
        var color = page
        for (paint, alpha) in stack.reversed() {
            switch paint.kind {
            case .solid: color = ContrastMath.blend(paint.color.withAlpha(alpha), over: color)
            case .gradient: style.backgroundKind = .gradient
            case .image: style.backgroundKind = .image
            case .other: break
            }
        }
        if style.backgroundKind == .solid { style.background = color.withAlpha(1) }
        return style
    }

    /// An ellipse in `layer`'s box (a circle behind an icon): it holds the centre of `inner`,
    /// and its box at least half of `inner`'s area.
    static func coversAsEllipse(_ layer: Rect, _ inner: Rect) -> Bool {
        guard layer.width > 0, layer.height > 0, covers(layer, inner) else { return false }
        let dx = (inner.x + inner.width / 2 - (layer.x + layer.width / 2)) / (layer.width / 2)
        let dy = (inner.y + inner.height / 2 - (layer.y + layer.height / 2)) / (layer.height / 2)
        return dx * dx + dy * dy <= 1
    }

    /// Whether `layer` holds the centre of `text` and at least half of its area.
    static func covers(_ layer: Rect, _ text: Rect) -> Bool {
        let cx = text.x + text.width / 2, cy = text.y + text.height / 2
        guard cx >= layer.x, cx <= layer.x + layer.width, cy >= layer.y, cy <= layer.y + layer.height else { return false }
        let w = min(layer.x + layer.width, text.x + text.width) - max(layer.x, text.x)
        let h = min(layer.y + layer.height, text.y + text.height) - max(layer.y, text.y)
        return w > 0 && h > 0 ? 2 * w * h >= text.width * text.height : text.width * text.height == 0
    }

    static func unit(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
}

extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
