import A11yModel
/// Turns a Figma REST response (`GET /v1/files/:key` or `/v1/files/:key/nodes`,
/// import-formats.md §3) into screens: one `Document` per top-level frame, so contrast and
/// target size can be checked on designs before anything is built.
///
/// - Screens: a requested node that is a FRAME, COMPONENT, COMPONENT_SET, INSTANCE or SECTION;
///   of a CANVAS (a page), its top-level layers of those types; of the DOCUMENT, those of every
///   page. Hidden frames are no screens. A response with none is refused with one error.
/// - Geometry: `absoluteBoundingBox` (canvas coordinates) minus the screen's origin; Figma px
///   are taken as points (designers map them 1:1 to iOS pt / Android dp, §3.2). A screen at
///   least 1024 px wide is audited as `web`, narrower ones as `ios`.
/// - Hidden: `visible: false` or an opacity product of 0 drops a layer and its subtree.
/// - Text: TEXT layers are text with their `characters`; colour from the topmost visible
///   paint of their own fills if it is SOLID (alpha × paint opacity × the layer's and its
///   ancestors' opacities), or of a per-run override's fills when that contrasts less; the
///   backdrop composited by `FigmaBackdrop`; font size and weight the smallest and lightest
///   of the base style and the per-run overrides.
/// - Roles: guessed from layer and component names (`FigmaRoles`) for container layers (FRAME,
///   GROUP, INSTANCE, COMPONENT, COMPONENT_SET, SECTION) not inside another guessed control; a
///   guessed control's label is the text inside it (up to 8 TEXT layers, joined by spaces),
///   whose layers then are not stops of their own. A group of vector shapes (VECTOR, BOOLEAN_OPERATION, STAR,
///   REGULAR_POLYGON, with LINE, ELLIPSE, RECTANGLE) collapses into one image; so does a lone
///   VECTOR, BOOLEAN_OPERATION, STAR or REGULAR_POLYGON, a layer with a visible IMAGE fill and
///   a layer named like an image (with no text inside). An outlined shape (`FigmaBackdrop`)
///   counted in the backdrop of a text or icon painted over it is that backdrop, a plain
///   view. Other layers are plain views. An icon's colour is the solid paint (fill, else
///   stroke) of its largest shape, measured against its backdrop for non-text contrast.
/// - Contrast the file cannot decide (a blend mode, blur or shadow on the item; what is
///   beneath undecidable, `FigmaBackdrop.decide`) is reported over an `unknown` backdrop:
///   `incomplete`, check by eye.
/// - Pointers: each node's JSON Pointer into the file the user sent, and findings carry the
///   Figma node id (`sourceId`) so a plugin can select the layer.
public enum FigmaImporter {
    public struct Screen: Sendable {
        public var name: String
        public var document: Document
    }

    static let frameTypes: Set<String> = ["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]
    /// Shapes that make a layer an icon (LINE, ELLIPSE and RECTANGLE alone are decoration).
    static let vectorTypes: Set<String> = ["VECTOR", "BOOLEAN_OPERATION", "STAR", "REGULAR_POLYGON"]
    static let shapeTypes: Set<String> = ["VECTOR", "BOOLEAN_OPERATION", "STAR", "REGULAR_POLYGON", "LINE", "ELLIPSE", "RECTANGLE"]
    static let groupTypes: Set<String> = ["GROUP", "FRAME", "INSTANCE", "COMPONENT", "BOOLEAN_OPERATION"]
    /// Layers that can be a guessed control: a shape named "button" is the button's background.
    static let containerTypes: Set<String> = ["FRAME", "GROUP", "INSTANCE", "COMPONENT", "COMPONENT_SET", "SECTION"]
    /// Names and ids written into findings are cut to this many bytes.
    static let maxNameBytes = 120

    /// Outline tests (`FigmaBackdrop.coverage`, in edges and sub-paths) a request may pay for:
    /// `geometryFactor` per request byte and `geometryConstant` on top, all screens together.
    /// Past it shapes are judged by their boxes, so a shape of many paths under many texts
    /// costs time in proportion to the file, not to texts × edges.
    static let geometryFactor = 16
    static let geometryConstant = 1 << 25

    /// The file's screens. `interrupt` is asked as the layers are walked (every
    /// `WorkMeter.pollUnits` layers or outline edges): the importer stops mid-way when the
    /// client leaves or the time budget runs out.
    public static func screens(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default,
                               interrupt: AuditInterrupt = .never) throws(InputError) -> [Screen] {
        var reader = FigmaReader(bytes, limits: limits)
        try reader.read()
        let layers = reader.layers
        let white = Color(red: 1, green: 1, blue: 1)
        var roots: [(layer: Int, page: Color)] = []
        for top in reader.tops {
            let t = layers[top]
            if frameTypes.contains(t.type) {
                roots += screenFrames(top, layers).map { ($0, white) }
            } else if reader.requested && t.type != "CANVAS" && t.type != "DOCUMENT" && t.visible && t.opacity > 0
                        && holdsText(top, layers) {
                // A requested layer that is no frame (a text style, a group) was asked for: audited as it is.
                roots.append((top, white))
            } else if t.type == "CANVAS" {
                roots += pageFrames(top, layers).map { ($0, layers[top].pageColor?.withAlpha(1) ?? white) }
            } else if t.type == "DOCUMENT" {
                for page in t.children where layers[page].type == "CANVAS" && layers[page].visible {
                    roots += pageFrames(page, layers).map { ($0, layers[page].pageColor?.withAlpha(1) ?? white) }
                }
            }
        }
        guard !roots.isEmpty else {
            throw InputError(.missing, "the Figma document has no frames: screens are the top-level FRAME, COMPONENT, INSTANCE or SECTION layers of a page, or requested nodes of those types or holding text", at: "")
        }
        let json = reader.source
        let names = reader.componentNames
        // Per-layer facts, in arrays made once: screens are disjoint subtrees, each writes its own layers.
        var facts = LayerFacts(count: layers.count)
        let allowance = bytes.count.multipliedReportingOverflow(by: geometryFactor)
        var meter = WorkMeter(interrupt, allowance: allowance.overflow ? .max : allowance.partialValue &+ geometryConstant)
        var screens: [Screen] = []
        for root in roots {
            screens.append(Screen(name: layers[root.layer].name,
                                  document: try document(root.layer, page: root.page, layers: layers, json: json,
                                                         components: names, facts: &facts, meter: &meter)))
        }
        return screens
    }

    private static func pageFrames(_ page: Int, _ layers: [FigmaLayer]) -> [Int] {
        layers[page].children.filter { frameTypes.contains(layers[$0].type) && layers[$0].visible && layers[$0].opacity > 0 }
            .flatMap { screenFrames($0, layers) }
    }

    /// The screens a frame-type layer stands for: itself, but a SECTION is an area of the
    /// canvas that groups screens (Figma: "Sections ... organize frames"), so each shown frame
    /// in it is a screen (sections in it are opened in turn); a section holding no frame is
    /// audited as one screen.
    private static func screenFrames(_ layer: Int, _ layers: [FigmaLayer]) -> [Int] {
        guard layers[layer].type == "SECTION" else { return [layer] }
        var frames: [Int] = []
        var stack = Array(layers[layer].children.reversed())
        while let i = stack.popLast() {
            guard frameTypes.contains(layers[i].type), layers[i].visible, layers[i].opacity > 0 else { continue }
            if layers[i].type == "SECTION" { stack += layers[i].children.reversed() } else { frames.append(i) }
        }
        return frames.isEmpty ? [layer] : frames
    }

    /// Whether a shown TEXT layer is in `layer`'s subtree (at most 4,096 layers looked at).
    private static func holdsText(_ layer: Int, _ layers: [FigmaLayer]) -> Bool {
        var stack = [layer]
        var looked = 0
        while let i = stack.popLast(), looked < 4_096 {
            looked += 1
            guard layers[i].visible, layers[i].opacity > 0 else { continue }
            if layers[i].type == "TEXT" { return true }
            stack += layers[i].children
        }
        return false
    }

    /// The layers of `root`'s subtree in paint order (pre-order, children bottom-most first).
    static func paintOrder(_ root: Int, _ layers: [FigmaLayer]) -> [Int] {
        var order: [Int] = []
        var stack = [root]
        while let i = stack.popLast() {
            order.append(i)
            stack += layers[i].children.reversed()
        }
        return order
    }

    /// What the importer works out per layer, indexed like `FigmaReader.layers`.
    struct LayerFacts {
        /// Place in its screen's paint order (-1 outside every screen read so far).
        var position: [Int]
        /// Painted: visible, and the opacity product above 0, down from the screen.
        var shown: [Bool]
        /// Product of the opacities from the screen down to the layer.
        var opacity: [Double]
        /// The layer or an ancestor below the screen has a blend mode other than NORMAL or
        /// PASS_THROUGH or a blur, texture or noise effect: its colours cannot be composited.
        var mixed: [Bool]
        /// The layer and its ancestors down from the screen are neither rotated nor flipped
        /// (`relativeTransform`), so its `fillGeometry` lies in its box as written.
        var straight: [Bool]
        /// The subtree holds shown text; is a group of shapes; holds a vector shape.
        var hasText: [Bool]
        var shapesOnly: [Bool]
        var hasVector: [Bool]

        init(count: Int) {
            position = Array(repeating: -1, count: count)
            shown = Array(repeating: false, count: count)
            opacity = Array(repeating: 0, count: count)
            hasText = shown; shapesOnly = shown; hasVector = shown; mixed = shown; straight = shown
        }
    }

    private static func document(_ root: Int, page: Color, layers: [FigmaLayer], json: JSONSource,
                                 components: [String: String], facts: inout LayerFacts,
                                 meter: inout WorkMeter) throws(InputError) -> Document {
        let order = paintOrder(root, layers)
        for (p, i) in order.enumerated() { facts.position[i] = p }
        // Shown and opacity products, parents first (paint order is pre-order).
        for i in order {
            let l = layers[i]
            let parentShown = i == root ? true : facts.shown[l.parent]
            let parentOpacity = i == root ? 1 : facts.opacity[l.parent]
            facts.opacity[i] = parentOpacity * FigmaBackdrop.unit(l.opacity)
            facts.shown[i] = parentShown && l.visible && facts.opacity[i] > 0
            facts.mixed[i] = (i == root ? false : facts.mixed[l.parent]) || l.blends || l.distorts
            facts.straight[i] = (i == root ? true : facts.straight[l.parent]) && l.straight == true
        }
        // Bottom-up facts: a subtree holding shown text; a group of shapes with a vector in it.
        for i in order.reversed() where facts.shown[i] {
            let l = layers[i]
            let kids = l.children.filter { facts.shown[$0] }
            facts.hasText[i] = l.type == "TEXT" || kids.contains { facts.hasText[$0] }
            facts.hasVector[i] = vectorTypes.contains(l.type) || kids.contains { facts.hasVector[$0] }
            if shapeTypes.contains(l.type) && kids.isEmpty {
                facts.shapesOnly[i] = true
            } else if groupTypes.contains(l.type) && !kids.isEmpty {
                facts.shapesOnly[i] = kids.allSatisfy { facts.shapesOnly[$0] }
            }
        }
        let shown = facts.shown, hasText = facts.hasText, shapesOnly = facts.shapesOnly, hasVector = facts.hasVector
        /// A shape group or lone vector shape read as one image (an icon).
        func isIcon(_ i: Int) -> Bool {
            shapesOnly[i] && hasVector[i] && (vectorTypes.contains(layers[i].type) || groupTypes.contains(layers[i].type))
        }
        // What is beneath each text and icon, worked out once. The outlined shapes among it are
        // backdrops (a card or a badge drawn as a vector), not icons of their own.
        var beneath: [Int: FigmaBackdrop.Beneath] = [:]
        var isBackdrop = Set<Int>()
        // Icons are the outermost shape groups below the screen (the walk below does not descend into them).
        // A requested layer that is no frame is wrapped in a screen of its own: it is a node too.
        let wraps = !frameTypes.contains(layers[root].type)
        for i in order where (i != root || wraps) && shown[i]
            && (layers[i].type == "TEXT" || isIcon(i) && (i == root || layers[i].parent == root || !isIcon(layers[i].parent))) {
            guard let box = layers[i].box else { continue }
            var b = try FigmaBackdrop.beneath(i, box: box, order: order, layers: layers, facts: facts, page: page, meter: &meter)
            // Outside a frame nothing says what the layer will be painted on: undecidable.
            if wraps && b.layers.isEmpty { b.kind = .unknown }
            beneath[i] = b
            for j in b.layers where FigmaBackdrop.outlined.contains(layers[j].type) { isBackdrop.insert(j) }
        }

        let origin = layers[root].box ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var document = Document()
        document.platform = origin.width >= 1024 ? .web : .ios
        var values: [Int32] = [], ids: [String] = [], guesses: [String] = []
        func relative(_ box: Rect?) -> Rect? {
            box.map { Rect(x: $0.x - origin.x, y: $0.y - origin.y, width: $0.width, height: $0.height) }
        }
        func record(_ layer: Int, guess: String) {
            values.append(Int32(layer))
            ids.append(cut(layers[layer].id))
            guesses.append(cut(guess))
        }

        var rootNode = Node()
        rootNode.typeName = layers[root].type
        rootNode.isAccessibilityElement = false
        rootNode.frame = relative(layers[root].box)
        rootNode.identifier = layers[root].name.isEmpty ? nil : cut(layers[root].name)
        _ = document.append(rootNode, parent: nil)
        record(root, guess: "")
        // Each node's parent, and how many children each has so far; children are stored once
        // all nodes are in (`fillChildren`): a screen's list has thousands of rows.
        var parents: [Int32] = [-1], childCount: [Int] = [0]

        // (layer, node of its parent, inside a guessed control)
        var stack: [(layer: Int, parent: Int, inControl: Bool)] = wraps ? [(root, 0, false)]
            : layers[root].children.reversed().map { ($0, 0, false) }
        while let (i, parent, inControl) = stack.popLast() {
            try meter.step()
            guard shown[i] else { continue }
            let l = layers[i]
            var node = Node()
            node.typeName = l.type
            node.frame = relative(l.box)
            var guessName = ""
            var descend = true
            let componentName = l.componentID.flatMap { components[$0] }
            let guessed: NodeKind? = l.type == "TEXT" ? nil
                : (FigmaRoles.guess(l.name).map { guessName = l.name; return $0 }
                    ?? componentName.flatMap { n in FigmaRoles.guess(n).map { guessName = n; return $0 } })
            if l.type == "TEXT" {
                node.kind = .text
                node.text = l.characters ?? ""
                node.style = textStyle(i, beneath: beneath[i], layers: layers, facts: facts)
                if inControl { node.isAccessibilityElement = false }
            } else if let kind = guessed, kind != .image, !inControl, containerTypes.contains(l.type) {
                node.kind = kind
                node.label = label(of: i, layers: layers, shown: shown)
            } else if isBackdrop.contains(i) && guessed != .image {
                // A vector shape with a text or icon on it is their backdrop (a card, a badge), not an icon.
                guessName = ""
                descend = false
            } else if (guessed == .image && !hasText[i]) || isIcon(i)
                        || l.fills.contains(where: { $0.visible && $0.kind == .image }) && !hasText[i] {
                node.kind = .image
                descend = false
                if inControl { node.isAccessibilityElement = false }
                if guessed != .image { guessName = "" }
                if shapesOnly[i] && hasVector[i] {
                    node.style = try iconStyle(i, beneath: beneath[i], order: order, layers: layers, facts: facts, page: page,
                                               meter: &meter)
                }
            } else {
                guessName = ""
            }
            let index = document.nodes.count
            node.parent = parent
            node.depth = document.nodes[parent].depth + 1
            node.indexInParent = childCount[parent]
            childCount[parent] += 1
            document.nodes.append(node)
            parents.append(Int32(parent))
            childCount.append(0)
            record(i, guess: guessName)
            if descend {
                let control = inControl || (guessed != nil && guessed != .image && node.kind != .view)
                for child in l.children.reversed() { stack.append((child, index, control)) }
            }
        }
        document.fillChildren(parents: parents)
        document.sourceMap = SourceMap(json: json, valueOfNode: values, sourceIDs: ids, roleGuesses: guesses)
        return document
    }

    /// A TEXT layer's colour, font and backdrop. Undecidable (an image backdrop: check by
    /// eye) when the text itself blends, is blurred or casts a shadow (its edges are not its
    /// fill's colour), or when what is beneath is (`FigmaBackdrop`).
    private static func textStyle(_ i: Int, beneath: FigmaBackdrop.Beneath?, layers: [FigmaLayer], facts: LayerFacts) -> Style {
        let l = layers[i]
        var style = Style()
        style.fontSize = l.fontSize
        style.fontWeight = l.fontWeight
        // The base fill and each run's own: the one with the least contrast is measured.
        var colors: [Color] = []
        var blends = facts.mixed[i] || l.shadowed
        for fills in [l.fills] + l.runFills {
            guard let top = fills.last(where: { $0.visible }), top.kind == .solid else { continue }
            blends = blends || top.blends
            colors.append(top.color.withAlpha(top.color.alpha * FigmaBackdrop.unit(top.opacity) * facts.opacity[i]))
        }
        guard let beneath else {
            style.foreground = colors.first
            return style
        }
        if beneath.kind != .solid || blends {
            style.backgroundKind = beneath.kind == .solid ? .unknown : beneath.kind
            style.foreground = colors.first
        } else if let (background, foreground) = FigmaBackdrop.decide(beneath, foregrounds: colors) {
            style.background = background
            style.foreground = foreground
        } else {
            style.backgroundKind = .unknown
            style.foreground = colors.first
        }
        return style
    }

    /// An icon's colour and backdrop, for non-text contrast: the solid top paint (fill, else
    /// stroke) of its largest shape by box area, the icon's dominant colour (a logo's or
    /// illustration's accents are not what makes it recognisable); at most 1,024 shapes looked
    /// at; none when no shape is painted solid.
    private static func iconStyle(_ i: Int, beneath known: FigmaBackdrop.Beneath?, order: [Int], layers: [FigmaLayer],
                                  facts: LayerFacts, page: Color, meter: inout WorkMeter) throws(InputError) -> Style? {
        guard let box = layers[i].box else { return nil }
        let beneath: FigmaBackdrop.Beneath
        if let known {
            beneath = known
        } else {
            beneath = try FigmaBackdrop.beneath(i, box: box, order: order, layers: layers, facts: facts, page: page, meter: &meter)
        }
        var largest: (color: Color, area: Double, blends: Bool)?
        var blends = layers[i].shadowed
        var stack = [i]
        var looked = 0
        while let j = stack.popLast(), looked < 1_024 {
            looked += 1
            guard facts.shown[j] else { continue }
            stack += layers[j].children.reversed()
            blends = blends || facts.mixed[j]
            guard shapeTypes.contains(layers[j].type), let b = layers[j].box else { continue }
            for paints in [layers[j].fills, layers[j].strokes] {
                guard let top = paints.last(where: { $0.visible }), top.kind == .solid else { continue }
                let color = top.color.withAlpha(top.color.alpha * FigmaBackdrop.unit(top.opacity) * facts.opacity[j])
                guard color.alpha > 0 else { continue }
                if largest.map({ b.width * b.height > $0.area }) ?? true { largest = (color, b.width * b.height, top.blends) }
                break
            }
        }
        guard let largest else { return nil }
        var style = Style()
        style.foreground = largest.color
        if beneath.kind != .solid || blends || largest.blends {
            style.backgroundKind = beneath.kind == .solid ? .unknown : beneath.kind
        } else if let (background, _) = FigmaBackdrop.decide(beneath, foregrounds: [largest.color]) {
            style.background = background
        } else {
            style.backgroundKind = .unknown
        }
        return style
    }

    /// The characters of the first 8 shown TEXT layers under `i`, in paint order, joined by
    /// spaces; at most 1,024 layers are looked at.
    private static func label(of i: Int, layers: [FigmaLayer], shown: [Bool]) -> String {
        var texts: [String] = []
        var stack = Array(layers[i].children.reversed())
        var looked = 0
        while let j = stack.popLast(), texts.count < 8, looked < 1_024 {
            looked += 1
            guard shown[j] else { continue }
            if layers[j].type == "TEXT", let text = layers[j].characters, !text.isEmpty { texts.append(text) }
            stack += layers[j].children.reversed()
        }
        return texts.joined(separator: " ")
    }

    private static func cut(_ text: String) -> String {
        guard text.utf8.count > maxNameBytes else { return text }
        var out = ""
        for c in text where out.utf8.count + c.utf8.count <= maxNameBytes { out.append(c) }
        return out
    }
}
