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

/// The screen an Android dump was read on: its density, how that was chosen, and whether it
/// is a touch screen. Reported with the audit (`display` in the JSON response).
public struct AndroidDisplay: Sendable, Equatable {
    public var density: Double
    public var densitySource: DensitySource
    /// False on a TV: nothing is touched, so touch-target rules do not apply.
    public var touchScreen = true
    /// Why the screen is not a touch screen.
    public var notTouchReason: String?
    /// The nodes that root a window of SystemUI (status and navigation bars, notification
    /// shade) or of an input method (a keyboard) in a dump of several windows. ATF's checks
    /// judge the active window only (`AccessibilityHierarchyCheck.getElementsToEvaluate`:
    /// `hierarchy.getActiveWindow().getAllViews()`), and these are never it.
    public var inactiveWindows: [Int] = []

    /// Whether `node` lies in one of `inactiveWindows` (its depth-1 ancestor, or itself, is one).
    func isInInactiveWindow(_ node: Int, of document: Document) -> Bool {
        guard !inactiveWindows.isEmpty else { return false }
        var i = node
        while let parent = document.nodes[i].parent, parent != document.root { i = parent }
        return inactiveWindows.contains(i)
    }

    /// SystemUI and input methods by package: `com.android.systemui`, and a package with a
    /// part `inputmethod` (`com.google.android.inputmethod.latin`, `com.sec.android.inputmethod`),
    /// `honeyboard` (Samsung) or `swiftkey` (`com.touchtype.swiftkey`).
    static func isNeverActive(package: String) -> Bool {
        package == "com.android.systemui"
            || package.split(separator: ".").contains { $0 == "inputmethod" || $0 == "honeyboard" || $0 == "swiftkey" }
    }

    public enum DensitySource: String, Sendable {
        /// `--density` / `?density=`.
        case given
        /// The navigation bar is exactly 48 or 24 dp at this density.
        case navigationBar = "navigation-bar"
        /// The status bar would be under 24 dp at any denser bucket.
        case statusBar = "status-bar"
        /// The largest bucket with a shorter side of at least 360 dp (600 dp and at most 2 tablet-shaped).
        case screenSize = "screen-size"
        /// A TV screen: 540 dp on its shorter side.
        case television
    }

    /// What marks a dump as a TV screen, driven by a D-pad remote and not by touch (on a
    /// landscape screen):
    /// - a class of Android TV's UI libraries: AndroidX Leanback, its support-library
    ///   predecessor, Compose for TV;
    /// - a window of a TV package: a package name part `tv` or starting with `tv` or
    ///   `leanback` (`com.google.android.tvlauncher`, `com.google.android.youtube.tv`,
    ///   `com.android.tv.settings`, `com.google.android.leanbacklauncher`);
    /// - a TV's resolution (1280x720, 1920x1080, 3840x2160) in the display's natural
    ///   orientation (`rotation="0"`): phones are naturally portrait, and tablets that are
    ///   naturally landscape are 16:10 or squarer. Not when the dump shows Android
    ///   Automotive (a car's screen is a touch screen and may be 16:9 too).
    static let tvClassPrefixes = ["androidx.leanback.", "android.support.v17.leanback.", "androidx.tv."]

    static func isTVClass(_ name: String) -> Bool { tvClassPrefixes.contains { name.hasPrefix($0) } }

    static func isTVPackage(_ name: String) -> Bool {
        name.split(separator: ".").dropFirst().contains { $0.hasPrefix("tv") || $0.hasPrefix("leanback") }
    }

    static func isTVResolution(width: Int, height: Int) -> Bool {
        (width == 1280 && height == 720) || (width == 1920 && height == 1080) || (width == 3840 && height == 2160)
    }

    /// Android Automotive: car UI library and Car App Library classes, packages with a part
    /// `car` or `automotive` (`com.android.car.carlauncher`, `com.google.android.apps.automotive.templates.host`).
    static func isCarClass(_ name: String) -> Bool { name.hasPrefix("com.android.car.") || name.hasPrefix("androidx.car.") }

    static func isCarPackage(_ name: String) -> Bool {
        name.split(separator: ".").dropFirst().contains { $0 == "car" || $0 == "automotive" }
    }

    static let tvReason = "Android TV (a TV's classes, package or resolution on a landscape screen): driven by a D-pad remote, there is no touch screen, so touch targets are not judged."
}
