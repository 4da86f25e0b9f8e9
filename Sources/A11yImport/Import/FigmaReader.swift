import A11yJSON
import A11yModel
/// Reads a Figma REST response on our JSON reader into `FigmaLayer`s (import-formats.md §3.1):
/// `GET /v1/files/:key` (`{"document": DOCUMENT, "components": {...}, ...}`) or
/// `GET /v1/files/:key/nodes` (`{"nodes": {"<id>": {"document": node, "components": ...}}}`).
/// Everything else in the file (auto layout, effect parameters, stroke geometry, unknown fields and node
/// types) is skipped. Layers are read without recursion (an explicit stack), at most
/// `DecodeLimits.maxNodes` of them and `maxNodeDepth` deep.
struct FigmaReader {
    private var reader: JSONReader
    private let limits: DecodeLimits
    private(set) var layers: [FigmaLayer] = []
    /// Pointers of the layers (a layer's index is its value here).
    private(set) var source = JSONSource()
    /// Top values read: `document` of a file, each `nodes[id].document` of a nodes response.
    private(set) var tops: [Int] = []
    /// Whether the tops are requested nodes (`/nodes`), not a file's document.
    private(set) var requested = false
    /// `components` maps: component id to its name.
    private(set) var componentNames: [String: String] = [:]
    /// What is being read, for errors: a layer, or one of its fields. Its pointer is built
    /// only for an error (`at`): building it per field cost depth steps each in a deep file.
    private var reading: (layer: Int, key: String?)?
    /// Pointer of what is being read.
    private var at: String {
        guard let reading else { return "" }
        let layer = source.pointer(of: reading.layer)
        return reading.key.map { layer + "/" + Self.escape($0) } ?? layer
    }

    init(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) {
        reader = JSONReader(bytes, maxDepth: limits.maxJSONDepth, maxStringBytes: limits.maxStringBytes)
        self.limits = limits
    }

    mutating func read() throws(InputError) {
        do {
            try expect(.object, "a Figma response must be a JSON object")
            try beginObject()
            var sawTree = false
            while let key = try nextKey() {
                switch key {
                case "document":
                    sawTree = true
                    tops.append(try readTree(pointer: "/document"))
                case "nodes":
                    sawTree = true
                    requested = true
                    try readNodesMap()
                case "components":
                    try readComponents()
                default:
                    try skipValue()
                }
            }
            try finish()
            if !sawTree {
                throw InputError(.missing, "a Figma response has \"document\" (GET /v1/files/:key) or \"nodes\" (GET /v1/files/:key/nodes)", at: "")
            }
        }
    }

    // MARK: Envelope

    private mutating func readNodesMap() throws(InputError) {
        do {
            try expect(.object, "\"nodes\" must be an object of node ids", at: "/nodes")
            try beginObject()
            while let id = try nextKey() {
                let entry = "/nodes/" + Self.escape(id)
                // A node the API could not find is `null`: the answer lacks what was asked for.
                if try peek() == .null {
                    throw InputError(.missing, "node not found: \(id) (the API answers null for an id the file does not have)", at: entry)
                }
                try expect(.object, "each entry of \"nodes\" must be an object", at: entry)
                try beginObject()
                while let key = try nextKey() {
                    switch key {
                    case "document": tops.append(try readTree(pointer: entry + "/document"))
                    case "components": try readComponents()
                    default: try skipValue()
                    }
                }
            }
        }
    }

    /// `{"<id>": {"name": ..., ...}}`: component names, which role guesses read for instances.
    private mutating func readComponents() throws(InputError) {
        do {
            guard try peek() == .object else { try skipValue(); return }
            try beginObject()
            while let id = try nextKey() {
                guard try peek() == .object else { try skipValue(); continue }
                try beginObject()
                while let key = try nextKey() {
                    if key == "name", try peek() == .string {
                        componentNames[id] = try readString()
                    } else {
                        try skipValue()
                    }
                }
            }
        }
    }

    // MARK: Layers

    /// Reads one node and its subtree; returns its layer index.
    private mutating func readTree(pointer: String) throws(InputError) -> Int {
        /// An open node: its layer, whether its `children` array is being read, how many read.
        struct Open { var layer: Int; var inChildren = false; var count = 0 }
        let top = try beginLayer(parent: -1, pointer: pointer, index: 0)
        var stack = [Open(layer: top)]
        do {
            while let open = stack.last {
                if open.inChildren {
                    if try nextElement() {
                        guard stack.count <= limits.maxNodeDepth else {
                            throw InputError(.limit, "nesting deeper than \(limits.maxNodeDepth) levels", at: source.pointer(of: open.layer))
                        }
                        let child = try beginLayer(parent: open.layer, pointer: nil, index: open.count)
                        stack[stack.count - 1].count += 1
                        layers[open.layer].children.append(child)
                        stack.append(Open(layer: child))
                    } else {
                        stack[stack.count - 1].inChildren = false
                    }
                    continue
                }
                guard let key = try nextKey() else {
                    stack.removeLast()
                    // Auto layout's `itemReverseZIndex` draws the first child on top: keep children bottom-most first.
                    if layers[open.layer].reverseZ { layers[open.layer].children.reverse() }
                    continue
                }
                reading = (open.layer, key)
                if key == "children" {
                    try expect(.array, "children must be an array")
                    try beginArray()
                    stack[stack.count - 1].inChildren = true
                } else {
                    try readField(key, of: open.layer)
                }
            }
        }
        return top
    }

    private mutating func beginLayer(parent: Int, pointer: String?, index: Int) throws(InputError) -> Int {
        let value = pointer.map { source.addTop($0) } ?? source.addChild(of: parent, at: index)
        guard layers.count < limits.maxNodes else {
            throw InputError(.limit, "more than \(limits.maxNodes) nodes", at: source.pointer(of: value))
        }
        reading = (value, nil)
        do {
            try expect(.object, "a node must be an object")
            source.offset.append(Int32(clamping: reader.position))
            try beginObject()
        }
        var layer = FigmaLayer()
        layer.parent = parent
        layers.append(layer)
        return value
    }

    private mutating func readField(_ key: String, of i: Int) throws(InputError) {
        do {
            switch key {
            case "type": layers[i].type = try string()
            case "id": layers[i].id = try string()
            case "name": layers[i].name = try string()
            case "characters": layers[i].characters = try string()
            case "componentId": layers[i].componentID = try string()
            case "visible": layers[i].visible = try bool()
            case "isMask": layers[i].isMask = try bool()
            case "blendMode": layers[i].blends = FigmaPaint.blends(try string())
            case "effects":
                let (distorts, shadowed) = try effects()
                layers[i].distorts = distorts
                layers[i].shadowed = shadowed
            case "itemReverseZIndex": layers[i].reverseZ = try bool()
            case "opacity": layers[i].opacity = try number()
            case "absoluteBoundingBox": layers[i].box = try rect()
            case "fills": layers[i].fills = try paints()
            case "strokes": layers[i].strokes = try paints()
            case "backgroundColor": layers[i].pageColor = try color()
            case "fillGeometry": layers[i].outline = try outlines()
            case "relativeTransform": layers[i].straight = try isStraight()
            case "style":
                let (size, weight, _) = try typeStyle()
                layers[i].fontSize = Self.smaller(layers[i].fontSize, size)
                layers[i].fontWeight = Self.smaller(layers[i].fontWeight, weight)
            case "styleOverrideTable":
                guard try peek() == .object else { try skipValue(); return }
                try beginObject()
                while try nextKey() != nil {
                    let (size, weight, fills) = try typeStyle()
                    layers[i].fontSize = Self.smaller(layers[i].fontSize, size)
                    layers[i].fontWeight = Self.smaller(layers[i].fontWeight, weight)
                    if let fills, layers[i].runFills.count < 64 { layers[i].runFills.append(fills) }
                }
            default: try skipValue()
            }
        }
    }

    // MARK: Values

    private mutating func typeStyle() throws(InputError) -> (size: Double?, weight: Double?, fills: [FigmaPaint]?) {
        var size: Double?, weight: Double?, fills: [FigmaPaint]?
        do {
            guard try peek() == .object else { try skipValue(); return (nil, nil, nil) }
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "fontSize": size = try number()
                case "fontWeight": weight = try number()
                case "fills": fills = try paints()
                default: try skipValue()
                }
            }
        }
        return (size, weight, fills)
    }

    private mutating func paints() throws(InputError) -> [FigmaPaint] {
        var out: [FigmaPaint] = []
        do {
            try expect(.array, "must be an array of paints")
            try beginArray()
            while try nextElement() {
                try expect(.object, "a paint must be an object")
                try beginObject()
                var paint = FigmaPaint()
                while let key = try nextKey() {
                    switch key {
                    case "type": paint.kind = FigmaPaint.kind(of: try string())
                    case "visible": paint.visible = try bool()
                    case "opacity": paint.opacity = try number()
                    case "color": paint.color = try color() ?? paint.color
                    case "blendMode": paint.blends = FigmaPaint.blends(try string())
                    default: try skipValue()
                    }
                }
                // More paints than this on one layer are kept out of memory (the top ones matter least here).
                if out.count < 64 { out.append(paint) }
            }
        }
        return out
    }

    /// FIG-TS `Effect`s: whether a visible one distorts the layer's pixels (LAYER_BLUR,
    /// BACKGROUND_BLUR, TEXTURE, NOISE) and whether a visible one is a shadow (DROP_SHADOW,
    /// INNER_SHADOW, whose `type` may be absent). `visible` is required by the schema; absent reads as shown.
    private mutating func effects() throws(InputError) -> (distorts: Bool, shadowed: Bool) {
        var distorts = false, shadowed = false
        do {
            try expect(.array, "must be an array of effects")
            try beginArray()
            while try nextElement() {
                try expect(.object, "an effect must be an object")
                try beginObject()
                var type = "INNER_SHADOW", visible = true
                while let key = try nextKey() {
                    switch key {
                    case "type": type = try string()
                    case "visible": visible = try bool()
                    default: try skipValue()
                    }
                }
                guard visible else { continue }
                if type == "DROP_SHADOW" || type == "INNER_SHADOW" { shadowed = true } else { distorts = true }
            }
        }
        return (distorts, shadowed)
    }

    /// FIG-TS `Path[]`: `{path, windingRule}` each; nil when one of them cannot be read as an outline.
    private mutating func outlines() throws(InputError) -> [FigmaOutline]? {
        var out: [FigmaOutline]? = []
        do {
            try expect(.array, "must be an array of paths")
            try beginArray()
            while try nextElement() {
                try expect(.object, "a path must be an object {path, windingRule}")
                try beginObject()
                var path: String?, rule = "NONZERO"
                while let key = try nextKey() {
                    switch key {
                    case "path": path = try string()
                    case "windingRule": rule = try string()
                    default: try skipValue()
                    }
                }
                if let path, let outline = FigmaOutline(path: path, windingRule: rule) { out?.append(outline) } else { out = nil }
            }
        }
        return out
    }

    /// FIG-TS `Transform` `[[a, c, tx], [b, d, ty]]`: whether its axes are (1, 0) and (0, 1)
    /// (a move, no rotation or flip); nil when it is not two rows of three numbers.
    private mutating func isStraight() throws(InputError) -> Bool? {
        var rows: [[Double]] = []
        do {
            try expect(.array, "must be a 2x3 matrix")
            try beginArray()
            while try nextElement() {
                try expect(.array, "must be a 2x3 matrix")
                try beginArray()
                var row: [Double] = []
                while try nextElement() {
                    let value = try number()
                    if row.count < 3 { row.append(value) }
                }
                if rows.count < 2 { rows.append(row) }
            }
        }
        guard rows.count == 2, rows[0].count == 3, rows[1].count == 3 else { return nil }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
        return near(rows[0][0], 1) && near(rows[0][1], 0) && near(rows[1][0], 0) && near(rows[1][1], 1)
    }

    /// `{r, g, b, a}`, channels 0...1 (FIG-TS `RGBA`); null is nil.
    private mutating func color() throws(InputError) -> Color? {
        var c = Color(red: 0, green: 0, blue: 0, alpha: 1)
        do {
            if try peek() == .null { try readNull(); return nil }
            try expect(.object, "a colour must be an object {r, g, b, a}")
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "r": c.red = Self.unit(try number())
                case "g": c.green = Self.unit(try number())
                case "b": c.blue = Self.unit(try number())
                case "a": c.alpha = Self.unit(try number())
                default: try skipValue()
                }
            }
        }
        return c
    }

    /// `{x, y, width, height}`; null (an invisible node's render bounds) is nil.
    private mutating func rect() throws(InputError) -> Rect? {
        var r = Rect(x: 0, y: 0, width: 0, height: 0)
        do {
            if try peek() == .null { try readNull(); return nil }
            try expect(.object, "a box must be an object {x, y, width, height}")
            try beginObject()
            while let key = try nextKey() {
                switch key {
                case "x": r.x = try number()
                case "y": r.y = try number()
                case "width": r.width = max(0, try number())
                case "height": r.height = max(0, try number())
                default: try skipValue()
                }
            }
        }
        return r
    }

    private mutating func string() throws(InputError) -> String {
        do {
            try expect(.string, "must be a string")
            return try readString()
        }
    }

    private mutating func bool() throws(InputError) -> Bool {
        do {
            try expect(.bool, "must be true or false")
            return try readBool()
        }
    }

    private mutating func number() throws(InputError) -> Double {
        do {
            try expect(.number, "must be a number")
            return try readNumber()
        }
    }

    // The JSON reader's steps, their errors as `InputError`s at the current pointer.
    private mutating func beginObject() throws(InputError) -> Void { do { return try reader.beginObject() } catch { throw syntax(error) } }
    private mutating func nextKey() throws(InputError) -> String? { do { return try reader.nextKey() } catch { throw syntax(error) } }
    private mutating func skipValue() throws(InputError) -> Void { do { return try reader.skipValue() } catch { throw syntax(error) } }
    private mutating func finish() throws(InputError) -> Void { do { return try reader.finish() } catch { throw syntax(error) } }
    private mutating func peek() throws(InputError) -> JSONValueKind { do { return try reader.peek() } catch { throw syntax(error) } }
    private mutating func readNull() throws(InputError) -> Void { do { return try reader.readNull() } catch { throw syntax(error) } }
    private mutating func readString() throws(InputError) -> String { do { return try reader.readString() } catch { throw syntax(error) } }
    private mutating func nextElement() throws(InputError) -> Bool { do { return try reader.nextElement() } catch { throw syntax(error) } }
    private mutating func beginArray() throws(InputError) -> Void { do { return try reader.beginArray() } catch { throw syntax(error) } }
    private mutating func readBool() throws(InputError) -> Bool { do { return try reader.readBool() } catch { throw syntax(error) } }
    private mutating func readNumber() throws(InputError) -> Double { do { return try reader.readNumber() } catch { throw syntax(error) } }

    private mutating func expect(_ kind: JSONValueKind, _ message: String, at pointer: String? = nil) throws(InputError) {
        let found = try peek()
        guard found == kind else { throw InputError(.type, message, at: pointer ?? at) }
    }

    private func syntax(_ e: JSONSyntaxError) -> InputError { InputError(e, at: at) }

    private static func unit(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }

    private static func smaller(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// RFC 6901: `~` as `~0`, `/` as `~1`.
    static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var out = ""
        for c in key.unicodeScalars {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
