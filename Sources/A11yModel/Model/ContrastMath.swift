#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG relative luminance and contrast ratio on sRGB.
package enum ContrastMath {
    @inlinable @inline(__always) static func linear(_ c: Double) -> Double {
        // Hex colours have 8-bit channels: exactly k/255 takes the precomputed value (same bits).
        if c >= 0, c <= 1 {
            let k = Int(c * 255 + 0.5)
            if Double(k) / 255 == c { return linearOfByte[k] }
        }
        return computeLinear(c)
    }

    /// `pow` is most of a contrast check's cost; a page uses a handful of colours.
    @usableFromInline static let linearOfByte: [Double] = (0...255).map { computeLinear(Double($0) / 255) }

    @usableFromInline static func computeLinear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    @inlinable package static func luminance(_ c: Color) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// `luminance` of the colour whose 8-bit channels are `red`, `green`, `blue` (0...255 each).
    @inlinable package static func luminance(levels red: Int, _ green: Int, _ blue: Int) -> Double {
        0.2126 * linearOfByte[red] + 0.7152 * linearOfByte[green] + 0.0722 * linearOfByte[blue]
    }

    /// Unrounded ratio, lighter over darker; compare this against thresholds.
    @inlinable package static func ratio(_ a: Color, _ b: Color) -> Double {
        ratio(luminances: luminance(a), luminance(b))
    }

    /// The ratio of two luminances, lighter over darker.
    @inlinable package static func ratio(luminances la: Double, _ lb: Double) -> Double {
        (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` composited over an opaque `bottom` (source-over); the result is opaque.
    @inlinable package static func blend(_ top: Color, over bottom: Color) -> Color {
        let a = top.alpha
        return Color(red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
                     blue: top.blue * a + bottom.blue * (1 - a))
    }

    /// Two decimals, for reports only. A failing ratio is rounded down when rounding would
    /// reach the requirement, so 2.9953 against 3 reads 2.99, never "3 is below 3".
    package static func reported(_ ratio: Double, required: Double) -> Double {
        let rounded = (ratio * 100).rounded() / 100
        return ratio < required && rounded >= required ? (ratio * 100).rounded(.down) / 100 : rounded
    }
}
