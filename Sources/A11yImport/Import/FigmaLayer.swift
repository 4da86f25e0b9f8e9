import A11yModel
/// One node of a Figma REST document (`GET /v1/files/:key`, `/v1/files/:key/nodes`), as far
/// as an audit needs it (import-formats.md §3.2, FIG-TS `api_types.ts`). Read by
/// `FigmaReader`, kept in paint order (see there), turned into our nodes by `FigmaImporter`.
struct FigmaLayer {
    /// Figma's node type (`FRAME`, `TEXT`, `VECTOR`, ...); unknown types are kept as written.
    var type = ""
    /// Figma's node id (`"2:477"`, `"I12:34;56:78"` inside instances).
    var id = ""
    /// The layer name the designer typed.
    var name = ""
    /// `visible` (default true): false hides the node and its subtree.
    var visible = true
    /// `opacity` (default 1), multiplying down the tree.
    var opacity = 1.0
    /// `absoluteBoundingBox` in canvas coordinates (after rotation and scale); nil when absent or null.
    var box: Rect?
    var fills: [FigmaPaint] = []
    /// `strokes`: paints of the outline (line icons are drawn with strokes).
    var strokes: [FigmaPaint] = []
    /// TEXT: `characters`.
    var characters: String?
    /// TEXT: the smallest `fontSize` and lightest `fontWeight` of the base `style` and every
    /// entry of `styleOverrideTable` (per-run styles): the run that needs the most contrast.
    var fontSize: Double?
    var fontWeight: Double?
    /// TEXT: the `fills` of `styleOverrideTable` entries that have their own (runs in another colour).
    var runFills: [[FigmaPaint]] = []
    /// INSTANCE: `componentId`, whose name the top-level `components` map gives.
    var componentID: String?
    /// `blendMode` (FIG-TS `BlendMode`) is neither NORMAL nor PASS_THROUGH: the layer is
    /// mixed into what is beneath it (MULTIPLY, SCREEN, ...), which compositing does not model.
    var blends = false
    /// `effects` has a visible LAYER_BLUR, BACKGROUND_BLUR, TEXTURE or NOISE: the layer's
    /// pixels (or those seen through it) are not its paints' colours.
    var distorts = false
    /// `effects` has a visible DROP_SHADOW or INNER_SHADOW.
    var shadowed = false
    /// `fillGeometry` (only with `?geometry=paths`): the painted area, one outline per path;
    /// nil when absent or unreadable (then the box stands in for the shape).
    var outline: [FigmaOutline]?
    /// `relativeTransform` (only with `?geometry=paths`) neither rotates nor flips: its axes
    /// are (1, 0) and (0, 1). Nil when absent.
    var straight: Bool?
    /// `isMask`: the layer masks its siblings above and is not painted itself.
    var isMask = false
    /// Auto-layout `itemReverseZIndex`: the first child is drawn on top.
    var reverseZ = false
    /// CANVAS: `backgroundColor`, the page colour.
    var pageColor: Color?
    /// Tree links in `FigmaReader.layers` (children in paint order, bottom-most first). A
    /// layer's index is also its value in the reader's `JSONSource` (its pointer).
    var parent = -1
    var children: [Int] = []
}

/// One entry of a node's `fills` (FIG-TS `Paint`): paints are painted in array order, the
/// last on top (FIG-TS `HasGeometryTrait.fills`, as Figma renders them).
struct FigmaPaint {
    enum Kind: Equatable { case solid, gradient, image, other }
    var kind: Kind = .other
    /// SOLID: `color` {r, g, b, a}, each 0...1.
    var color = Color(red: 0, green: 0, blue: 0)
    /// `visible` (default true) and `opacity` (default 1) of the paint itself.
    var visible = true
    var opacity = 1.0
    /// The paint's own `blendMode` is neither NORMAL nor PASS_THROUGH.
    var blends = false

    /// FIG-TS `BlendMode`s that paint a colour over what is beneath as it is (source-over);
    /// the other 17 mix the two.
    static func blends(_ mode: String) -> Bool { mode != "NORMAL" && mode != "PASS_THROUGH" }

    /// FIG-TS `Paint.type`: `SOLID`, `GRADIENT_LINEAR|RADIAL|ANGULAR|DIAMOND`, `IMAGE`, others (`VIDEO`, `PATTERN`, `EMOJI`).
    static func kind(of type: String) -> Kind {
        if type == "SOLID" { return .solid }
        if type.hasPrefix("GRADIENT_") { return .gradient }
        if type == "IMAGE" || type == "VIDEO" || type == "PATTERN" { return .image }
        return .other
    }
}
