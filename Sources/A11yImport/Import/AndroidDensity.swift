import A11yModel
/// Android's density: dp = px / density (= px x 160 / dpi). Neither dump records it
/// (import-formats.md §1.2); Appium reports it in session details (`pixelRatio`).
public enum AndroidDensity {
    /// Densities a caller may give with a dump: 0.1 to 100 pixels per dp.
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

    /// Every `DisplayMetrics.DENSITY_*` constant from 120 to 640 dpi, as dpi / 160: what a
    /// system bar's exact height is matched against (a Samsung phone at 450 dpi is 2.8125).
    static let constants: [Double] = [120, 140, 160, 180, 200, 213, 220, 240, 260, 280, 300, 320, 340, 360,
                                      400, 420, 440, 450, 480, 520, 560, 600, 640].map { $0 / 160 }

    /// The narrowest screen our inference assumes, in dp: phones are at least 360 dp wide in
    /// practice (the Android CDD's floor is 320 dp).
    static let narrowestPhoneWidth = 360.0
    /// A tablet's shorter side is at least 600 dp (the `sw600dp` resource qualifier's line).
    static let narrowestTabletWidth = 600.0
    /// Screens closer to square than 1.65:1 (4:3, 16:10; phones are 16:9 = 1.78 and longer,
    /// old WVGA phones 5:3 = 1.67) are taken for tablets.
    static let tabletAspectRatio = 1.65
    /// Tablets ship at mdpi to xhdpi (Nexus 7 at 1.33 and 2, Nexus 9 and 10, Pixel C and Pixel
    /// Tablet at 2): a tablet-shaped screen is read at no more than 2.
    static let densestTablet = 2.0

    /// SystemUI's bar heights in dp (frameworks/base `core/res/res/values/dimens.xml`):
    /// `status_bar_height` 24 dp (more on phones with a display cutout, never less),
    /// `navigation_bar_height` 48 dp with three buttons, 24 dp with gesture navigation.
    static let statusBarHeight = 24.0
    static let navigationBarHeights = [48.0, 24.0]

    /// The rule used when the caller gives no density: the largest bucket at which the
    /// screen's shorter side is still at least 360 dp. A 1080 px wide screen reads as 3.0
    /// (xxhdpi, 360 dp), 1440 px as 4.0, 720 px as 2.0. It errs towards the denser bucket, so
    /// targets read no larger than they are likely to be; pass the real density when known.
    static func inferred(shorterSidePixels: Int) -> Double {
        inferred(AndroidScreen(width: shorterSidePixels, height: shorterSidePixels * 2)).density
    }

    /// The density of `screen`, and how it was chosen (see `AndroidDisplay.DensitySource`):
    /// 1. A TV screen is laid out at 960x540 dp (Android TV's design grid), so 1920x1080 px is 2.0.
    /// 2. A navigation bar whose thickness is exactly 48 or 24 dp (Android's rounding,
    ///    `(int)(dp x density + 0.5)`) at a `DENSITY_*` constant that the other bounds allow
    ///    names that density (the largest such one when several do).
    /// 3. Otherwise the largest bucket the bounds allow: the screen's shorter side at least
    ///    360 dp (600 dp and a density of at most 2 when tablet-shaped), and a status bar at
    ///    least 24 dp tall.
    static func inferred(_ screen: AndroidScreen) -> (density: Double, source: AndroidDisplay.DensitySource) {
        let longer = Double(max(screen.width, screen.height))
        // A dump with bounds along one dimension only: that one stands for both.
        let shorter = min(screen.width, screen.height) > 0 ? Double(min(screen.width, screen.height)) : longer
        guard shorter > 0 else { return (1, .screenSize) }
        if screen.isTV { return (shorter / 540, .television) }
        let tabletShaped = longer / shorter < tabletAspectRatio
        let narrowest = tabletShaped ? narrowestTabletWidth : narrowestPhoneWidth
        func allowed(_ d: Double) -> Bool {
            guard shorter / d >= narrowest, !tabletShaped || d <= densestTablet else { return false }
            // The status bar is never shorter than 24 dp: a denser screen would make it so.
            if let bar = screen.statusBar, bar > 0, pixels(statusBarHeight, at: d) > bar { return false }
            return true
        }
        if let bar = screen.navigationBar, bar > 0,
           let d = constants.last(where: { d in allowed(d) && navigationBarHeights.contains { pixels($0, at: d) == bar } }) {
            return (d, .navigationBar)
        }
        let bySize = buckets.last { shorter / $0 >= narrowest && (!tabletShaped || $0 <= densestTablet) } ?? buckets[0]
        let d = buckets.last(where: allowed) ?? buckets[0]
        return (d, d < bySize ? .statusBar : .screenSize)
    }

    /// Android's conversion of a dimension in dp to whole pixels (`TypedValue.complexToDimensionPixelSize`).
    static func pixels(_ dp: Double, at density: Double) -> Int { Int(dp * density + 0.5) }
}

/// What a dump shows of its screen, in pixels, for `AndroidDensity.inferred`.
struct AndroidScreen {
    var width: Int
    var height: Int
    /// The thickness of the system status bar and navigation bar (`android:id/statusBarBackground`,
    /// `android:id/navigationBarBackground`: the views a window draws behind the bars), nil when
    /// the dump has none or they are hidden (zero size).
    var statusBar: Int?
    var navigationBar: Int?
    /// An Android TV screen (see `AndroidDisplay.television`).
    var isTV = false
}
