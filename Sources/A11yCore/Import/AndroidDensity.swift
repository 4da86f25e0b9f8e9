/// Android's density: dp = px / density (= px x 160 / dpi). Neither dump records it
/// (import-formats.md §1.2); Appium reports it in session details (`pixelRatio`).
public enum AndroidDensity {
    /// Densities a caller may give (`--density`, `?density=`): 0.1 to 100 pixels per dp.
    /// Real screens are 0.75 to 4; the bounds keep every given value sane and every frame
    /// divided by it finite (a density of 4.9e-324 made every frame infinite), and the
    /// OpenAPI document says the same.
    public static let smallestAccepted = 0.1
    public static let largestAccepted = 100.0
    public static let acceptedRange = smallestAccepted...largestAccepted

    public static func isAcceptable(_ density: Double) -> Bool { acceptedRange.contains(density) }

    /// The density buckets of Android's `DisplayMetrics` (DENSITY_LOW ... DENSITY_XXXHIGH and
    /// the common in-between values 213, 420, 440, 560 dpi), as dpi / 160.
    static let buckets: [Double] = [0.75, 1, 1.33125, 1.5, 2, 2.625, 2.75, 3, 3.5, 4]

    /// The narrowest screen our inference assumes, in dp: phones are at least 360 dp wide in
    /// practice (the Android CDD's floor is 320 dp).
    static let narrowestPhoneWidth = 360.0

    /// The rule used when the caller gives no density: the largest bucket at which the
    /// screen's shorter side is still at least 360 dp. A 1080 px wide screen reads as 3.0
    /// (xxhdpi, 360 dp), 1440 px as 4.0, 720 px as 2.0. It errs towards the denser bucket, so
    /// targets read no larger than they are likely to be; pass the real density when known.
    static func inferred(shorterSidePixels: Int) -> Double {
        guard shorterSidePixels > 0 else { return 1 }
        let side = Double(shorterSidePixels)
        return buckets.last { side / $0 >= narrowestPhoneWidth } ?? buckets[0]
    }
}
