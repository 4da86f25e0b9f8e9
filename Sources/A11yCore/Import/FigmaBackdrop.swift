/// What is painted beneath a text layer in a Figma design. The REST API gives no backdrop
/// (import-formats.md §3.2), so it is composited from the layers painted before the text:
/// children are painted bottom-most first (FIG-PLUGIN `children`; reversed under
/// `itemReverseZIndex`), a layer's fills in array order, the last on top, and a parent before
/// its children, so in paint order (`FigmaImporter.paintOrder`) every layer before the text is
/// beneath it.
///
/// A layer counts when it is rectangular (FRAME, RECTANGLE, COMPONENT, COMPONENT_SET,
/// INSTANCE, SECTION), shown, not a mask, and its box contains the text's box; its visible
/// paints count with alpha = colour alpha × paint opacity × the opacities of the layer and its
/// ancestors. Walking down from the text, the first opaque solid paint ends the walk; with
/// none, the page colour (the CANVAS `backgroundColor`, else white) is at the bottom. A
/// gradient or image paint among those that count makes the backdrop a gradient or image
/// (contrast `incomplete`). Shapes that are not rectangles (ellipses, vectors), layers that
/// only partly cover the text, blend modes and effects are not considered.
enum FigmaBackdrop {
    /// Layers looked at beneath one text, at most: past it the backdrop is taken as found so far
    /// over the page (a bound on the work per text, whatever the file).
    static let maxLayers = 4_096

    static let rectangular: Set<String> = ["FRAME", "RECTANGLE", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]

    /// The backdrop of the layer at `position` in `order` (paint order), whose box is `box`.
    /// `shown[i]` and `opacity[i]` are per layer (`FigmaImporter`).
    static func backdrop(at position: Int, box: Rect, order: [Int], layers: [FigmaLayer], shown: [Bool],
                         opacity: [Double], page: Color) -> Style {
        // Paints from the top down until an opaque solid one.
        var stack: [(paint: FigmaPaint, alpha: Double)] = []
        var looked = 0
        var p = position - 1
        walk: while p >= 0, looked < maxLayers {
            let i = order[p]
            p -= 1
            looked += 1
            let layer = layers[i]
            guard shown[i], !layer.isMask, rectangular.contains(layer.type), let b = layer.box, contains(b, box) else { continue }
            for paint in layer.fills.reversed() where paint.visible && paint.kind != .other {
                let alpha = (paint.kind == .solid ? paint.color.alpha : 1) * unit(paint.opacity) * opacity[i]
                guard alpha > 0 else { continue }
                stack.append((paint, alpha))
                if paint.kind == .solid && alpha >= 1 { break walk }
            }
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

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y
            && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height
    }

    static func unit(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
}

extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
