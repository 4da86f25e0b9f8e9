import A11yModel
/// What is painted beneath a text or icon in a Figma design. The REST API gives no backdrop
/// (import-formats.md §3.2), so it is composited from the layers painted before it: children
/// are painted bottom-most first (FIG-PLUGIN `children`; reversed under `itemReverseZIndex`),
/// a layer's fills in array order, the last on top, and a parent before its children, so in
/// paint order (`FigmaImporter.paintOrder`) every layer before the item is beneath it.
///
/// A layer counts when it is shown, not a mask, not an operand of a BOOLEAN_OPERATION (whose
/// own fills are painted instead) and its box holds the item's region: the centre of the
/// item's box and at least half of its area (a text box is its line boxes, taller than the
/// glyphs: designs put a label in a pill a pixel shorter than the text box, see the
/// Select-a-Menu sample). How sure that is depends on the layer's type:
/// - rectangular layers (FRAME, RECTANGLE, COMPONENT, COMPONENT_SET, INSTANCE, SECTION) paint
///   their whole box (rounded corners aside), and ellipses are counted when they also hold
///   the region's centre: these are beneath the region;
/// - outlined shapes (VECTOR, BOOLEAN_OPERATION, STAR, REGULAR_POLYGON) paint an outline
///   somewhere inside their box. With `?geometry=paths` the file gives it (`fillGeometry`,
///   `FigmaOutline`) and `coverage` tells whether the region lies on the shape, beside it
///   or partly on it. Without it (or when it cannot be placed: a rotated or flipped layer)
///   the box over-approximates the shape, so the region may lie on it or beside it (a
///   corner cut off, a hole, between a star's points). A shape partly under the region, or
///   not known to be, is taken both ways: every combination of them present or absent is
///   one candidate backdrop (`Beneath.colors`), and the caller (`decide`) measures against
///   all of them.
///
/// A counted layer's visible paints count with alpha = colour alpha × paint opacity × the
/// opacities of the layer and its ancestors. Walking down from the item, the first opaque
/// solid paint of a layer that is surely beneath ends the walk; with none, the page colour
/// (the CANVAS `backgroundColor`, else white) is at the bottom. A gradient or image paint
/// makes the backdrop a gradient or image (contrast `incomplete`). What compositing cannot
/// model makes it undecidable (reported as an `unknown` backdrop: check by eye): a blend mode
/// other than NORMAL or PASS_THROUGH on a counted paint, or on a counted layer or one of its
/// ancestors; a visible blur, texture or noise effect there; more than `maxOutlined` outlined
/// shapes. Shadows of layers beneath are not painted (a drop shadow falls outside its layer,
/// an inner shadow along its edges).
enum FigmaBackdrop {
    /// Layers looked at one by one beneath an item, at most: past them only the item's
    /// ancestors are (a bound on the work per item, whatever the file; the ancestors, which
    /// usually hold the screen's background, are never skipped).
    static let maxLayers = 1_024
    /// Outlined shapes taken both ways, at most (2^3 candidate backdrops); more: undecidable.
    static let maxOutlined = 3

    static let rectangular: Set<String> = ["FRAME", "RECTANGLE", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]
    static let outlined: Set<String> = ["VECTOR", "BOOLEAN_OPERATION", "STAR", "REGULAR_POLYGON"]

    /// What may be beneath an item.
    struct Beneath {
        /// Solid backdrops the item may be on: one per combination of outlined shapes present
        /// or absent (duplicates removed); one when everything beneath is sure.
        var colors: [Color] = []
        /// `.solid`, or why the backdrop cannot be measured (`.unknown` when undecidable).
        var kind: Style.BackgroundKind = .solid
        /// Layers whose paints were counted: the item's backdrop.
        var layers: [Int] = []
    }

    /// What is beneath `item`, whose box is `box`. `order` is the screen's paint order;
    /// `facts` has each layer's place in it, whether it is shown, its opacity product, whether
    /// it or an ancestor blends or distorts, and whether its geometry can be placed.
    ///
    /// Cost: at most `maxLayers` layers and the item's ancestors, each counted on `poll`
    /// (which stops the walk when the audit is interrupted); an outline's 9 tests are paid
    /// from `outlineTests`, and once it is spent the shape is judged by its box.
    static func beneath(_ item: Int, box: Rect, order: [Int], layers: [FigmaLayer], facts: FigmaImporter.LayerFacts,
                        page: Color, poll: InterruptPoll, outlineTests: inout OutlineAllowance) throws(InputError) -> Beneath {
        let position = facts.position, shown = facts.shown, opacity = facts.opacity, mixed = facts.mixed
        var result = Beneath()
        // Paints from the top down; `shape` is the outlined shape's place in `shapes`, or -1.
        var stack: [(paint: FigmaPaint, alpha: Double, shape: Int)] = []
        var shapes: [Int] = []
        var undecidable = false
        /// Adds layer i's paints; true when the walk ends (an opaque solid paint surely beneath, or undecidable).
        func paint(_ i: Int) throws(InputError) -> Bool {
            try poll.step()
            // Every kind of layer must hold the item's region: tested first, on the box alone,
            // as most layers beneath an item lie elsewhere (a text's walk meets its neighbours).
            guard shown[i], let b = layers[i].box, covers(b, box) else { return false }
            let layer = layers[i]
            guard !layer.isMask, layer.parent < 0 || layers[layer.parent].type != "BOOLEAN_OPERATION" else { return false }
            var isOutlined = false
            if outlined.contains(layer.type) {
                switch try coverage(of: layer, at: b, region: box, straight: facts.straight[i], poll: poll, outlineTests: &outlineTests) {
                case .none: return false
                case .all: break
                case .part: isOutlined = true
                }
            } else if !rectangular.contains(layer.type) {
                guard layer.type == "ELLIPSE", coversAsEllipse(b, box) else { return false }
            }
            var counted = false
            for paint in layer.fills.reversed() where paint.visible && paint.kind != .other {
                let alpha = (paint.kind == .solid ? paint.color.alpha : 1) * unit(paint.opacity) * opacity[i]
                guard alpha > 0 else { continue }
                if !counted {
                    result.layers.append(i)
                    if mixed[i] { undecidable = true; return true }
                    if isOutlined {
                        guard shapes.count < maxOutlined else { undecidable = true; return true }
                        shapes.append(i)
                    }
                    counted = true
                }
                if paint.blends { undecidable = true; return true }
                stack.append((paint, alpha, isOutlined ? shapes.count - 1 : -1))
                if paint.kind == .solid && alpha >= 1 && !isOutlined { return true }
            }
            return false
        }
        var p = position[item] - 1
        var done = false
        let last = max(-1, p - maxLayers)
        while p > last, !done {
            done = try paint(order[p])
            p -= 1
        }
        // Past the bound: the ancestors not reached yet, nearest first.
        var a = layers[item].parent
        while !done, a >= 0, position[a] >= 0 {
            if position[a] <= p { done = try paint(a) }
            a = layers[a].parent
        }
        if undecidable {
            result.kind = .unknown
            return result
        }
        // Bottom-up: what lies below the lowest outlined shape is composited once, the rest per combination.
        let paints = Array(stack.reversed())
        let split = paints.firstIndex { $0.shape >= 0 } ?? paints.count
        func composite(_ range: Range<Int>, over bottom: Color, present: Int) -> Color {
            var color = bottom
            for (paint, alpha, shape) in paints[range] where shape < 0 || present & (1 << shape) != 0 {
                switch paint.kind {
                case .solid: color = ContrastMath.blend(paint.color.withAlpha(alpha), over: color)
                case .gradient: result.kind = .gradient
                case .image: if result.kind == .solid { result.kind = .image }
                case .other: break
                }
            }
            return color
        }
        let below = composite(0..<split, over: page, present: 0)
        for present in 0..<(1 << shapes.count) {
            let color = composite(split..<paints.count, over: below, present: present).withAlpha(1)
            if !result.colors.contains(color) { result.colors.append(color) }
        }
        return result
    }

    enum Coverage { case none, part, all }

    /// The outline tests a request may still pay for, in edges and sub-paths tested
    /// (`FigmaOutline.cost`; sized by `FigmaImporter.geometryFactor`): a bound on the work
    /// whatever the input. Once spent, shapes are judged by their boxes, as without geometry.
    struct OutlineAllowance {
        private(set) var remaining: Int
        init(_ units: Int) { remaining = units }

        /// Pays `units` of tests; false (nothing paid) when the allowance cannot cover them.
        mutating func spend(_ units: Int) -> Bool {
            guard remaining >= units else { return false }
            remaining -= units
            return true
        }
    }

    /// How much of `region` an outlined shape at `box` paints: by its `fillGeometry` at 9
    /// points (a 3x3 grid at the sixths of the region) when it has one and it and its
    /// ancestors are neither rotated nor flipped (`straight`) and `outlineTests` still
    /// covers the 9 tests (each costs the outline's edges and sub-paths: a shape of many paths
    /// under many texts would otherwise cost texts × edges); else `part`, as the box alone
    /// cannot tell.
    static func coverage(of layer: FigmaLayer, at box: Rect, region: Rect, straight: Bool,
                         poll: InterruptPoll, outlineTests: inout OutlineAllowance) throws(InputError) -> Coverage {
        guard straight, let outline = layer.outline, !outline.isEmpty else { return .part }
        let cost = 9 * outline.reduce(0) { $0 + $1.cost }
        try poll.step(cost)
        guard outlineTests.spend(cost) else { return .part }
        var inside = 0
        for i in [1.0, 3, 5] {
            for j in [1.0, 3, 5] {
                let x = region.x + region.width * i / 6 - box.x, y = region.y + region.height * j / 6 - box.y
                if outline.contains(where: { $0.contains(x: x, y: y) }) { inside += 1 }
            }
        }
        return inside == 9 ? .all : inside == 0 ? .none : .part
    }

    /// The contrast thresholds WCAG sets (non-text and large text 3:1, text 4.5:1, AAA text
    /// 7:1): ratios between the same two of them get the same verdict at every level.
    static let thresholds = [3.0, 4.5, 7.0]

    /// The backdrop and foreground to measure when an item painted in any of `foregrounds`
    /// (a text's runs) may lie on any of `beneath.colors`: the pair with the least contrast,
    /// when every pair's ratio falls between the same two WCAG thresholds (one verdict,
    /// whichever shapes are really beneath); nil when they straddle one (check by eye) or
    /// the backdrop is not solid. With no foreground, the first candidate and nil.
    static func decide(_ beneath: Beneath, foregrounds: [Color]) -> (background: Color, foreground: Color?)? {
        guard beneath.kind == .solid, let first = beneath.colors.first else { return nil }
        guard !foregrounds.isEmpty else { return (first, nil) }
        // Per candidate backdrop its weakest run (all runs are there); across candidates, which are unsure, the spread.
        var weakest: (background: Color, foreground: Color, ratio: Double)?
        var strongest = 0.0
        for bg in beneath.colors {
            var least: (foreground: Color, ratio: Double)?
            for fg in foregrounds {
                let ratio = ContrastMath.ratio(ContrastMath.blend(fg, over: bg), bg)
                if least.map({ ratio < $0.ratio }) ?? true { least = (fg, ratio) }
            }
            guard let least else { continue }
            if weakest.map({ least.ratio < $0.ratio }) ?? true { weakest = (bg, least.foreground, least.ratio) }
            strongest = max(strongest, least.ratio)
        }
        guard let weakest else { return nil }
        func band(_ ratio: Double) -> Int { thresholds.filter { ratio >= $0 }.count }
        guard band(weakest.ratio) == band(strongest) else { return nil }
        return (weakest.background, weakest.foreground)
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
