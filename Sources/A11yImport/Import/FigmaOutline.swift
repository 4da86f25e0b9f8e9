import A11yModel
/// The painted area of a shape, from `fillGeometry` (FIG-TS `Path`: SVG path data and a
/// winding rule; Figma sends it only with `?geometry=paths`), so that a vector shape beneath
/// a text can be known to lie under it, beside it, or partly under it (`FigmaBackdrop`).
///
/// Path data is read as Figma writes it: absolute commands M, L, H, V, C, Q and Z with
/// numbers between them, in the layer's own coordinates (its top-left corner at 0, 0).
/// Curves are flattened into 16 straight pieces each. Anything else (relative commands, arcs,
/// more than `maxPoints` points, malformed numbers) leaves the outline unknown (nil), and the
/// shape is then judged by its box alone, as without geometry.
struct FigmaOutline {
    struct Point { var x: Double, y: Double }
    /// Closed polygons, one per sub-path.
    var polygons: [[Point]] = []
    /// Each polygon's box: a point beside it (or left of none of its edges) is decided
    /// without testing its edges, so a shape of many small sub-paths costs little per point.
    private(set) var bounds: [Bounds] = []
    struct Bounds {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        init(_ polygon: [Point]) {
            for p in polygon {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
    }
    /// What one `contains` costs at most, in `WorkMeter` units: one per polygon and per edge.
    private(set) var cost = 0
    /// `windingRule: "EVENODD"`; otherwise NONZERO.
    var evenOdd = false

    static let maxPoints = 8_192
    static let curvePieces = 16

    init?(path: String, windingRule: String) {
        evenOdd = windingRule == "EVENODD"
        var current: [Point] = []
        var count = 0
        var command: UInt8 = 0
        var numbers: [Double] = []
        var pen = Point(x: 0, y: 0)

        /// Applies `command` to its numbers (all of them read); false on a malformed command.
        func apply() -> Bool {
            func add(_ p: Point) -> Bool {
                count += 1
                guard count <= Self.maxPoints else { return false }
                current.append(p)
                pen = p
                return true
            }
            switch command {
            case UInt8(ascii: "M"):
                if current.count > 2 { polygons.append(current) }
                current = []
                return add(Point(x: numbers[0], y: numbers[1]))
            case UInt8(ascii: "L"):
                return !current.isEmpty && add(Point(x: numbers[0], y: numbers[1]))
            case UInt8(ascii: "H"):
                return !current.isEmpty && add(Point(x: numbers[0], y: pen.y))
            case UInt8(ascii: "V"):
                return !current.isEmpty && add(Point(x: pen.x, y: numbers[0]))
            case UInt8(ascii: "C"), UInt8(ascii: "Q"):
                guard !current.isEmpty else { return false }
                let cubic = command == UInt8(ascii: "C")
                let p0 = pen
                for step in 1...Self.curvePieces {
                    let t = Double(step) / Double(Self.curvePieces), u = 1 - t
                    let point: Point
                    if cubic {
                        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                        point = Point(x: a * p0.x + b * numbers[0] + c * numbers[2] + d * numbers[4],
                                      y: a * p0.y + b * numbers[1] + c * numbers[3] + d * numbers[5])
                    } else {
                        let (a, b, c) = (u * u, 2 * u * t, t * t)
                        point = Point(x: a * p0.x + b * numbers[0] + c * numbers[2],
                                      y: a * p0.y + b * numbers[1] + c * numbers[3])
                    }
                    guard add(point) else { return false }
                }
                return true
            default: // Z
                if current.count > 2 { polygons.append(current) }
                // A sub-path after Z without M starts where this one started.
                current = current.first.map { [$0] } ?? []
                pen = current.first ?? pen
                return true
            }
        }
        /// Numbers each command takes (Z none).
        func arity(_ command: UInt8) -> Int? {
            switch command {
            case UInt8(ascii: "M"), UInt8(ascii: "L"): 2
            case UInt8(ascii: "H"), UInt8(ascii: "V"): 1
            case UInt8(ascii: "C"): 6
            case UInt8(ascii: "Q"): 4
            case UInt8(ascii: "Z"): 0
            default: nil
            }
        }

        var bytes = Array(path.utf8)[...]
        while let byte = bytes.first {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                bytes.removeFirst()
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                // A command letter: the previous command's numbers must be complete.
                guard numbers.isEmpty, arity(byte) != nil else { return nil }
                command = byte
                bytes.removeFirst()
                if command == UInt8(ascii: "Z") { _ = apply() }
            default:
                // A number: sign, digits, point, exponent; a second sign only after an exponent.
                var end = bytes.startIndex
                while end < bytes.endIndex {
                    let c = bytes[end]
                    let isSign = c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                    let afterExponent = end > bytes.startIndex && (bytes[end - 1] == UInt8(ascii: "e") || bytes[end - 1] == UInt8(ascii: "E"))
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: ".")
                            || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                            || isSign && (end == bytes.startIndex || afterExponent) else { break }
                    end += 1
                }
                guard end > bytes.startIndex, let needed = arity(command), needed > 0,
                      let value = Double(String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)), value.isFinite
                else { return nil }
                numbers.append(value)
                bytes = bytes[end...]
                // A full set of numbers applies the command; more numbers repeat it (after M, as L), as SVG allows.
                if numbers.count == needed {
                    guard apply() else { return nil }
                    if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                    numbers = []
                }
            }
        }
        guard numbers.isEmpty else { return nil }
        if current.count > 2 { polygons.append(current) }
        bounds = polygons.map(Bounds.init)
        cost = polygons.reduce(polygons.count) { $0 + $1.count }
    }

    /// Whether (x, y), in the layer's coordinates, is painted: by the winding number of the
    /// polygons (NONZERO) or the parity of their crossings (EVENODD), as SVG fills.
    func contains(x: Double, y: Double) -> Bool {
        var winding = 0
        for (polygon, box) in zip(polygons, bounds) {
            // Only edges crossing the horizontal line through y, right of x, count.
            guard y >= box.minY, y < box.maxY, x < box.maxX else { continue }
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                if (previous.y <= y) != (point.y <= y) {
                    let crossX = previous.x + (y - previous.y) / (point.y - previous.y) * (point.x - previous.x)
                    if crossX > x { winding += point.y > previous.y ? 1 : -1 }
                }
                previous = point
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }
}
