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
    package func isInInactiveWindow(_ node: Int, of document: Document) -> Bool {
        guard !inactiveWindows.isEmpty else { return false }
        var i = node
        while let parent = document.nodes[i].parent, parent != document.root { i = parent }
        return inactiveWindows.contains(i)
    }

    /// SystemUI and input methods by package: `com.android.systemui`, and a package with a
    /// part `inputmethod` (`com.google.android.inputmethod.latin`, `com.sec.android.inputmethod`),
    /// `honeyboard` (Samsung) or `swiftkey` (`com.touchtype.swiftkey`).
    package static func isNeverActive(package: String) -> Bool {
        package == "com.android.systemui"
            || package.split(separator: ".").contains { $0 == "inputmethod" || $0 == "honeyboard" || $0 == "swiftkey" }
    }

    public enum DensitySource: String, Sendable {
        /// Given by the caller with the dump.
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

    package static func isTVClass(_ name: String) -> Bool { tvClassPrefixes.contains { name.hasPrefix($0) } }

    package static func isTVPackage(_ name: String) -> Bool {
        name.split(separator: ".").dropFirst().contains { $0.hasPrefix("tv") || $0.hasPrefix("leanback") }
    }

    package static func isTVResolution(width: Int, height: Int) -> Bool {
        (width == 1280 && height == 720) || (width == 1920 && height == 1080) || (width == 3840 && height == 2160)
    }

    /// Android Automotive: car UI library and Car App Library classes, packages with a part
    /// `car` or `automotive` (`com.android.car.carlauncher`, `com.google.android.apps.automotive.templates.host`).
    package static func isCarClass(_ name: String) -> Bool { name.hasPrefix("com.android.car.") || name.hasPrefix("androidx.car.") }

    package static func isCarPackage(_ name: String) -> Bool {
        name.split(separator: ".").dropFirst().contains { $0 == "car" || $0 == "automotive" }
    }

    package static let tvReason = "Android TV (a TV's classes, package or resolution on a landscape screen): driven by a D-pad remote, there is no touch screen, so touch targets are not judged."
}

extension AndroidDisplay {
    package init(density: Double, densitySource: DensitySource) { self.density = density; self.densitySource = densitySource }
}
