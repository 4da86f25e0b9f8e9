/// A rectangle in root coordinates (points on iOS, dp on Android, CSS px on the web).
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    // Frames are finite, but sums of two near Double's limit are not: derived values stop at
    // the largest finite Double so a response never carries `null` where a number belongs.
    public var maxX: Double { Rect.finite(x + width) }
    public var maxY: Double { Rect.finite(y + height) }
    public var midX: Double { Rect.finite(x + width / 2) }
    public var midY: Double { Rect.finite(y + height / 2) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var center: Point { Point(x: midX, y: midY) }

    /// The smallest rectangle holding both; used for the frame of a combined element.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: Rect.finite(x1 - x0), height: Rect.finite(y1 - y0))
    }

    /// `value`, or the largest finite Double where a sum overflowed (widths are never negative,
    /// so only the positive side can overflow).
    @inline(__always)
    static func finite(_ value: Double) -> Double { Swift.min(value, .greatestFiniteMagnitude) }
}

public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}
