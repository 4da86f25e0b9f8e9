import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// ATF's checks, condition by condition, on dumps of our own (google/Accessibility-Test-Framework-for-Android
/// at c65cab0; `checks/TouchTargetSizeCheck.java`, `checks/SpeakableTextPresentCheck.java`,
/// `ViewHierarchyElementUtils.java`), and the display facts a dump is read with.
enum ATFDump {
    /// A full audit of a UI Automator dump of `body` (density inferred unless given).
    static func run(_ body: String, density: Double? = nil) throws -> AuditRun {
        try Tree.audit(Android.dump(body), AuditSettings(inputFormat: .android, density: density)).get()
    }

    static func findings(_ rule: String, _ run: AuditRun) -> [Finding] {
        run.screens[0].report.run.findings.filter { $0.rule == rule }
    }

    /// A clickable node of `className` at `bounds` with `children`.
    static func clickable(_ bounds: String, _ extra: [String: String] = [:], _ children: String = "") -> String {
        Android.node(["class": "android.widget.FrameLayout", "clickable": "true", "bounds": bounds].merging(extra) { $1 }, children)
    }
}

@Suite struct ATFTouchTargetTests {
    // TouchTargetSizeCheck.runCheckOnHierarchy: every clickable or long-clickable visible view is
    // measured, not only the ones TalkBack stops on.
    @Test func aSmallClickableContainerHoldingAClickableChildIsJudged() throws {
        let card = ATFDump.clickable("[100,100][300,130]", [:],
                                     Android.button("[110,100][160,130]", text: "Buy"))
        let (found, document) = try Android.findings(.targetSize, Android.screen(card))
        // The card (200x30) and the button (50x30) under it; the card is no larger clickable
        // ancestor for the button at density 1 (30 px < 48), so both are ERRORs.
        #expect(found.map { document.pointer(of: $0.node) }.sorted() == ["/hierarchy/node[1]/node[1]", "/hierarchy/node[1]/node[1]/node[1]"])
        #expect(found.map(\.impact) == [.serious, .serious])
    }

    // TouchTargetSizeCheck.hasQualifyingClickableAncestor compares the ancestor's bounds in pixels
    // (`bounds.getHeight()`) with the required size in dp.
    @Test func theClickableAncestorIsComparedInPixelsAgainstDp() throws {
        // At density 3 a row 20 dp (60 px) tall is "large enough": its small child is a WARNING.
        let row = Android.screen(ATFDump.clickable("[0,300][1080,360]", [:], Android.button("[30,306][120,354]", text: "On")),
                                      width: 1080, height: 2340)
        let (dense, document) = try Android.findings(.targetSize, row, density: 3)
        let child = try #require(dense.first { $0.message.hasPrefix("Target is 30x16") })
        #expect(child.impact == .moderate)
        #expect(child.pointer("clickableAncestor", in: document) == "/hierarchy/node[1]/node[1]")
        // The row itself is judged too: 360x20 dp, an ERROR.
        #expect(dense.contains { $0.message.hasPrefix("Target is 360x20 dp") && $0.impact == .serious })
        // A row 40 px tall is below 48 (at density 1, 40 dp): no qualifying ancestor, two ERRORs.
        let low = Android.screen(ATFDump.clickable("[0,300][400,340]", [:], Android.button("[30,306][60,334]", text: "On")))
        #expect(try Android.findings(.targetSize, low).findings.map(\.impact) == [.serious, .serious])
    }

    // hasQualifyingClickableAncestor: the ancestor must share the action (isTargetClickable /
    // isTargetLongClickable).
    @Test func aLongClickOnlyChildUnderAClickOnlyAncestorIsAnError() throws {
        func screen(_ ancestor: [String: String]) -> String {
            Android.screen(ATFDump.clickable("[0,100][400,300]", ancestor,
                Android.node(["class": "android.widget.ImageView", "long-clickable": "true", "content-desc": "Photo", "bounds": "[10,110][40,140]"])))
        }
        #expect(try Android.findings(.targetSize, screen([:])).findings.map(\.impact) == [.serious])
        let both = try Android.findings(.targetSize, screen(["long-clickable": "true"])).findings
        #expect(both.map(\.impact) == [.moderate])
    }

    // TouchTargetSizeCheck.runCheckOnHierarchy reads isClickable / isLongClickable and
    // isVisibleToUser only: a disabled control is measured like any other.
    @Test func disabledControlsAreMeasured() throws {
        let off = Android.screen(Android.button("[100,100][130,130]", text: "Pay", ["enabled": "false"]))
        let found = try Android.findings(.targetSize, off).findings
        #expect(found.map(\.impact) == [.serious])
        // A hidden one is not (NOT_RUN "not visible").
        let hidden = Android.screen(Android.button("[100,100][130,130]", text: "Pay", ["visible-to-user": "false"]))
        #expect(try Android.findings(.targetSize, hidden).findings.isEmpty)
    }

    // AccessibilityHierarchyCheck.getElementsToEvaluate: hierarchy.getActiveWindow().getAllViews();
    // a keyboard's and SystemUI's windows are never the active one.
    @Test func onlyTheActiveWindowIsJudged() throws {
        let app = Android.screen(Android.button("[100,100][130,130]", text: "Pay"))
        let keyboard = Android.node(["class": "android.widget.FrameLayout", "package": "com.google.android.inputmethod.latin", "bounds": "[0,500][400,800]"],
                                    Android.button("[10,600][40,640]", text: "q", ["package": "com.google.android.inputmethod.latin"])
                                    + Android.node(["class": "android.view.View", "clickable": "true", "package": "com.google.android.inputmethod.latin", "bounds": "[50,600][80,640]"]))
        let bars = Android.node(["class": "android.widget.FrameLayout", "package": "com.android.systemui", "bounds": "[0,0][400,24]"],
                                Android.button("[10,2][30,22]", text: "Wi-Fi"))
        let (targets, document) = try Android.findings(.targetSize, app + keyboard + bars)
        #expect(targets.map { document.pointer(of: $0.node) } == ["/hierarchy/node[1]/node[1]"])
        #expect(try Android.findings(.controlName, app + keyboard + bars).findings.isEmpty)
        // Nor by the other ATF checks: a custom class in SystemUI's window.
        let custom = Android.node(["class": "com.android.systemui.statusbar.Clock", "text": "12:00", "package": "com.android.systemui", "bounds": "[300,0][400,24]"])
        let systemUI = Android.node(["class": "android.widget.FrameLayout", "package": "com.android.systemui", "bounds": "[0,0][400,24]"], custom)
        #expect(try Android.findings(.className, app + systemUI).findings.isEmpty)
        #expect(try Android.findings(.className, Android.screen(custom)).findings.count == 1)
        // The same unnamed view in the app's window is reported.
        let own = Android.screen(Android.node(["class": "android.view.View", "clickable": "true", "bounds": "[50,600][80,640]"]))
        #expect(try Android.findings(.controlName, own).findings.count == 1)
    }

    // ViewHierarchyElementUtils.ABS_LIST_VIEW_CLASS_NAME: only AbsListView (ListView, GridView)
    // is excluded as the clickable ancestor; a RecyclerView is none.
    @Test func onlyAbsListViewsAreExcludedAsClickableAncestors() throws {
        func under(_ className: String) -> String {
            Android.screen(ATFDump.clickable("[0,100][400,300]", ["class": className], Android.button("[10,110][40,140]", text: "On")))
        }
        #expect(try Android.findings(.targetSize, under("androidx.recyclerview.widget.RecyclerView")).findings.map(\.impact) == [.moderate])
        #expect(try Android.findings(.targetSize, under("android.widget.GridView")).findings.map(\.impact) == [.serious])
    }
}

@Suite struct ATFSpeakableTextTests {
    // ViewHierarchyElementUtils.getDescriptionForTreeStatus / ruleSwitch: a checkable view's state
    // ("not checked", "Off") is speakable text, so SpeakableTextPresentCheck passes it.
    @Test func anUnnamedCheckBoxSwitchOrCheckableViewPasses() throws {
        for className in ["android.widget.CheckBox", "android.widget.Switch", "android.view.View"] {
            let toggle = Android.screen(Android.node(["class": className, "checkable": "true", "clickable": "true", "focusable": "true",
                                                           "bounds": "[10,100][110,200]"]))
            #expect(try Android.findings(.controlName, toggle).findings.isEmpty, "\(className)")
        }
        // Without the state, an unnamed clickable view is still reported.
        let plain = Android.screen(Android.node(["class": "android.view.View", "clickable": "true", "bounds": "[10,100][110,200]"]))
        #expect(try Android.findings(.controlName, plain).findings.map(\.impact) == [.critical])
    }

    // getSpeakableTextFromElementSubtree appends getHintText(); getText() is the hint while it shows.
    @Test func anEditTextNamedOnlyByItsHintPasses() throws {
        func field(_ extra: [String: String]) -> String {
            Android.screen(Android.node(["class": "android.widget.EditText", "clickable": "true", "focusable": "true",
                                              "bounds": "[10,100][390,160]"].merging(extra) { $1 }))
        }
        #expect(try Android.findings(.textFieldName, field(["hint": "CPF"])).findings.isEmpty)
        #expect(try Android.findings(.textFieldName, field(["text": "CPF", "showing-hint": "true"])).findings.isEmpty)
        // What was typed is spoken too.
        #expect(try Android.findings(.textFieldName, field(["text": "123"])).findings.isEmpty)
        // Nothing at all: reported.
        #expect(try Android.findings(.textFieldName, field([:])).findings.map(\.impact) == [.critical])
        // Other platforms keep asking for a label.
        let ios = InlineTree.screen(#"{"type": "textField", "hint": "Email", "frame": {"x": 0, "y": 0, "width": 300, "height": 44}}"#)
        #expect(try RuleFixture.findings(.textFieldName, ios).count == 1)
    }

    // shouldFocusView: a focusable view with important descendants is focused only when it
    // speaks (isSpeakingView); a silent one is NOT_RUN, not an ERROR.
    @Test func aSilentContainerWithImportantChildrenIsNotJudged() throws {
        let tree = InlineTree.screen("""
            {"type": "button", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "isAccessibilityElement": true,
             "children": [{"type": "view", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}
            """, platform: "android")
        #expect(try RuleFixture.findings(.controlName, tree).isEmpty)
        let unimportant = InlineTree.screen("""
            {"type": "button", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "isAccessibilityElement": true,
             "children": [{"type": "view", "importantForAccessibility": false, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}
            """, platform: "android")
        #expect(try RuleFixture.findings(.controlName, unimportant).count == 1)
    }

    // runCheckOnHierarchy: a WebView with no children is NOT_RUN (RESULT_ID_WEB_CONTENT);
    // getSpeakableTextFromElementSubtree: an empty AbsListView says "List showing 0 items".
    @Test func anEmptyWebViewOrListIsNotReported() throws {
        for className in ["android.webkit.WebView", "android.widget.ListView"] {
            let view = Android.screen(Android.node(["class": className, "focusable": "true", "bounds": "[10,100][390,700]"]))
            #expect(try Android.findings(.controlName, view).findings.isEmpty, "\(className)")
        }
    }
}

@Suite struct AndroidDisplayTests {
    static func bars(status: Int?, navigation: Int?, width: Int, height: Int) -> String {
        var body = ""
        if let status { body += Android.node(["resource-id": "android:id/statusBarBackground", "bounds": "[0,0][\(width),\(status)]"]) }
        if let navigation { body += Android.node(["resource-id": "android:id/navigationBarBackground", "bounds": "[0,\(height - navigation)][\(width),\(height)]"]) }
        return Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][\(width),\(height)]"], body)
    }

    static func display(_ body: String, density: Double? = nil) throws -> AndroidDisplay {
        try #require(try Android.document(Android.dump(body), density: density).androidDisplay)
    }

    // frameworks/base core/res/res/values/dimens.xml: navigation_bar_height 48 dp (24 dp with
    // gesture navigation), status_bar_height 24 dp; px = (int)(dp x density + 0.5).
    @Test func theNavigationBarNamesTheDensity() throws {
        let pixel = try Self.display(Self.bars(status: 142, navigation: 63, width: 1080, height: 2424))
        #expect(pixel.density == 2.625)
        #expect(pixel.densitySource == .navigationBar)
        // A tablet of 1600x2560 px with a 96 px bar is 2.0 (800 dp), not 4.0 as a phone.
        let tablet = try Self.display(Self.bars(status: 48, navigation: 96, width: 1600, height: 2560))
        #expect(tablet.density == 2)
        #expect(tablet.densitySource == .navigationBar)
    }

    // Appium's display size around an app window laid out between the bars: its insets are
    // the bars (72 px at the bottom is a 24 dp gesture bar at 3.0, not 3.5 by the width).
    @Test func anAppWindowsInsetsAreTheBars() throws {
        func appium(_ window: String) -> String {
            "<hierarchy rotation=\"0\" width=\"1344\" height=\"2992\">"
                + Android.node(["class": "android.widget.FrameLayout", "bounds": window]) + "</hierarchy>"
        }
        let inset = try #require(try Android.document(appium("[0,151][1344,2920]"), density: nil).androidDisplay)
        #expect(inset.density == 3)
        #expect(inset.densitySource == .navigationBar)
        // An edge-to-edge window, or a floating one, says nothing about the bars.
        #expect(try Android.document(appium("[0,0][1344,2992]"), density: nil).androidDisplay?.density == 3.5)
        #expect(try Android.document(appium("[100,900][1244,2000]"), density: nil).androidDisplay?.density == 3.5)
    }

    @Test func theStatusBarBoundsTheDensity() throws {
        // 63 px is 24 dp at 2.625; at 3.0 it would be 21 dp, shorter than any status bar.
        let short = try Self.display(Self.bars(status: 63, navigation: nil, width: 1080, height: 2340))
        #expect(short.density == 2.625)
        #expect(short.densitySource == .statusBar)
        // A tall (cutout) status bar allows the screen-size bucket.
        let tall = try Self.display(Self.bars(status: 85, navigation: nil, width: 1080, height: 2340))
        #expect(tall.density == 3)
        #expect(tall.densitySource == .screenSize)
        // A hidden bar (zero size) says nothing.
        #expect(try Self.display(Self.bars(status: 0, navigation: 0, width: 1080, height: 2340)).densitySource == .screenSize)
    }

    @Test func aTabletShapedScreenIsAtLeast600DpAndAtMostXhdpi() throws {
        // 16:10, no bars: 2.0 (800 dp), not 4.0 (a 400 dp phone) nor 2.625 (609 dp).
        let plain = try Self.display(Android.node(["bounds": "[0,0][1600,2560]"]))
        #expect(plain.density == 2)
        // A 7" 16:10 tablet of 1200 px: 2.0 is 600 dp; 800 px: 1.33 (601 dp).
        #expect(try Self.display(Android.node(["bounds": "[0,0][1920,1200]"])).density == 2)
        #expect(try Self.display(Android.node(["bounds": "[0,0][800,1280]"])).density == 1.33125)
        let given = try Self.display(Self.bars(status: 48, navigation: 96, width: 1600, height: 2560), density: 1.5)
        #expect(given == AndroidDisplay(density: 1.5, densitySource: .given))
    }

    // Android TV: Leanback screens are driven by a D-pad; there is no touch target to judge.
    @Test func aTVScreenIsNoTouchScreen() throws {
        let tiles = (0..<4).map { i in
            ATFDump.clickable("[\(100 + i * 300),400][\(340 + i * 300),440]", ["focusable": "true", "text": "Tile \(i)"])
        }.joined()
        let tv = Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1920,1080]"],
                              Android.node(["class": "androidx.leanback.widget.HorizontalGridView", "bounds": "[0,380][1920,460]"], tiles))
        let run = try ATFDump.run(tv)
        let display = try #require(run.screens[0].report.analysis.document.androidDisplay)
        #expect(display.touchScreen == false)
        #expect(display.density == 2)
        #expect(display.densitySource == .television)
        #expect(ATFDump.findings("target-size", run).isEmpty)
        // Not run on this screen, and it says why.
        #expect(!run.screens[0].report.run.rulesPassed.contains("target-size"))
        #expect(run.screens[0].report.run.inapplicable.contains(InapplicableRule(rule: "target-size", reason: "the screen is no touch screen (a TV)")))
        let json = String(decoding: ResponseEncoder.json(run), as: UTF8.self)
        #expect(json.contains(#""display":{"density":2,"densitySource":"television","touchScreen":false,"reason":"Android TV"#))
        let text = TextReport.render(screens: [(name: "tv.xml", report: run.screens[0].report)], color: false)
        #expect(text.contains("\n   read at density 2 (television); Android TV ("))
        // The same tiles on a phone-shaped portrait screen are judged.
        let phone = Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2340]"],
                                 Android.node(["class": "androidx.leanback.widget.HorizontalGridView", "bounds": "[0,380][1080,460]"], tiles))
        let touched = try ATFDump.run(phone)
        #expect(touched.screens[0].report.analysis.document.androidDisplay?.touchScreen == true)
        #expect(touched.screens[0].report.run.rulesRun.contains("target-size"))
        // A TV launcher's package says so too.
        let launcher = Android.node(["class": "android.widget.FrameLayout", "package": "com.google.android.tvlauncher", "bounds": "[0,0][1920,1080]"], tiles)
        #expect(try ATFDump.run(launcher).screens[0].report.analysis.document.androidDisplay?.touchScreen == false)
    }

    // A TV's resolution in its natural orientation: 16:9 landscape at rotation 0.
    @Test func aTVResolutionAtItsNaturalRotationIsATV() throws {
        func display(rotation: Int, width: Int, height: Int) throws -> AndroidDisplay {
            let xml = "<hierarchy rotation=\"\(rotation)\">" + Android.node(["bounds": "[0,0][\(width),\(height)]"]) + "</hierarchy>"
            return try #require(try Android.document(xml, density: nil).androidDisplay)
        }
        #expect(try display(rotation: 0, width: 1920, height: 1080).touchScreen == false)
        #expect(try display(rotation: 0, width: 3840, height: 2160).density == 4)
        // A phone turned on its side, and a naturally landscape 16:10 tablet, are touch screens.
        #expect(try display(rotation: 1, width: 1920, height: 1080).touchScreen)
        #expect(try display(rotation: 0, width: 1920, height: 1200).touchScreen)
        // A car's 16:9 screen (Android Automotive) is a touch screen.
        let car = "<hierarchy rotation=\"0\">" + Android.node(["package": "com.android.car.carlauncher", "bounds": "[0,0][1920,1080]"]) + "</hierarchy>"
        #expect(try Android.document(car, density: nil).androidDisplay?.touchScreen == true)
        // TV packages: a part named tv..., or leanback...
        #expect(AndroidDisplay.isTVPackage("com.google.android.youtube.tv"))
        #expect(AndroidDisplay.isTVPackage("com.google.android.leanbacklauncher"))
        #expect(AndroidDisplay.isTVPackage("com.android.tv.settings"))
        #expect(!AndroidDisplay.isTVPackage("com.facebook.katana"))
    }

    @Test func jsonTreesHaveNoDisplay() throws {
        let json = String(decoding: ResponseEncoder.json(try Tree.report(#"{"platform": "android", "root": {"type": "button", "label": "Go"}}"#)), as: UTF8.self)
        #expect(!json.contains("\"display\""))
    }
}
