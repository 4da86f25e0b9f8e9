import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// ATF's checks as our rules on Android trees (google/Accessibility-Test-Framework-for-Android,
/// `framework/checks/*.java` at c65cab0): our own small dumps fed through the importer, and
/// JSON trees with `platform: android`.
@Suite struct AndroidTargetSizeTests {
    // TouchTargetSizeCheck `meetsRequiredSize`: Math.round(px / density) >= 48.
    @Test func sizesAreRoundedToWholeDpAsATFDoes() throws {
        // 125 px / 2.625 = 47.62 dp rounds to 48: passes (it failed before the variant, unrounded).
        let passes = try Android.findings(.targetSize, Android.screen(Android.button("[100,500][225,625]"), width: 1080, height: 2340), density: 2.625)
        #expect(passes.findings.isEmpty)
        // 124 px / 2.625 = 47.24 dp rounds to 47: fails, reported in whole dp.
        let fails = try Android.findings(.targetSize, Android.screen(Android.button("[100,500][224,624]"), width: 1080, height: 2340), density: 2.625)
        #expect(fails.findings.count == 1)
        let f = try #require(fails.findings.first)
        #expect(f.message == "Target is 47x47 dp, smaller than 48x48 dp.")
        #expect(f.number("width") == 47)
        #expect(f.number("height") == 47)
        #expect(f.number("requiredWidth") == 48)
        #expect(f.impact == .serious)
        #expect(fails.document.pointer(of: f.node) == "/hierarchy/node[1]/node[1]")
    }

    // TouchTargetSizeCheck `getMinimumAllowableSizeForView`: 32 dp in the dimension touching the screen edge.
    @Test func thirtyTwoDpWhereTheTargetTouchesTheScreenEdge() throws {
        // Against the left edge, 40 dp wide and 48 high: the width needs only 32.
        #expect(try Android.findings(.targetSize, Android.screen(Android.button("[0,100][40,148]"))).findings.isEmpty)
        // Against the right edge (right == screen width).
        #expect(try Android.findings(.targetSize, Android.screen(Android.button("[368,100][400,148]"))).findings.isEmpty)
        // The same width away from the edge fails.
        let inside = try Android.findings(.targetSize, Android.screen(Android.button("[10,100][50,148]"))).findings
        #expect(inside.map(\.message) == ["Target is 40x48 dp, smaller than 48x48 dp."])
        // At the left edge but too short: the height still needs 48.
        let short = try Android.findings(.targetSize, Android.screen(Android.button("[0,100][40,140]"))).findings
        #expect(short.map(\.message) == ["Target is 40x40 dp, smaller than 32x48 dp (32 dp where it touches the screen's edge)."])
        #expect(short.first?.number("requiredWidth") == 32)
        #expect(short.first?.number("requiredHeight") == 48)
        // Against the bottom edge: 30 dp high is below even 32.
        let bottom = try Android.findings(.targetSize, Android.screen(Android.button("[100,770][160,800]"))).findings
        #expect(bottom.first?.number("requiredHeight") == 32)
        #expect(bottom.first?.number("requiredWidth") == 48)
    }

    // ViewHierarchyElement `isAgainstScrollableEdge` -> NOT_RUN.
    @Test func aTargetAtTheEdgeOfAScrollingContainerIsNotJudged() throws {
        func scroller(_ child: String) -> String {
            Android.screen(Android.node(["class": "android.widget.ScrollView", "scrollable": "true", "bounds": "[0,100][400,500]"], child))
        }
        // Touching the scroller's top: possibly scrolled half out of view.
        #expect(try Android.findings(.targetSize, scroller(Android.button("[100,100][130,130]"))).findings.isEmpty)
        // Well inside it: judged.
        #expect(try Android.findings(.targetSize, scroller(Android.button("[100,200][130,230]"))).findings.count == 1)
        // A container that does not scroll is no exception.
        let still = Android.screen(Android.node(["class": "android.widget.LinearLayout", "bounds": "[0,100][400,500]"],
                                                     Android.button("[100,100][130,130]")))
        #expect(try Android.findings(.targetSize, still).findings.count == 1)
    }

    @Test func everyScrollingAncestorCountsNotOnlyTheNearest() throws {
        // A horizontal list inside a vertical scroll view, its content running past the scroll view's bottom.
        func nested(_ button: String) -> String {
            Android.screen(Android.node(["class": "android.widget.ScrollView", "scrollable": "true", "bounds": "[0,100][400,300]"],
                Android.node(["class": "android.widget.LinearLayout", "bounds": "[0,100][400,900]"],
                    Android.node(["class": "android.widget.HorizontalScrollView", "scrollable": "true", "bounds": "[0,250][400,600]"], button))))
        }
        // Its bottom on the outer scroll view's bottom edge: not judged.
        #expect(try Android.findings(.targetSize, nested(Android.button("[100,270][130,300]"))).findings.isEmpty)
        // Clear of every edge of both: judged.
        #expect(try Android.findings(.targetSize, nested(Android.button("[100,260][130,290]"))).findings.count == 1)
    }

    // TouchTargetSizeCheck `hasQualifyingClickableAncestor` and `hasWebViewAncestor` -> WARNING.
    @Test func aLargeClickableAncestorOrWebContentLowersTheImpact() throws {
        let row = Android.screen(Android.node(["class": "android.widget.LinearLayout", "clickable": "true", "bounds": "[0,100][400,200]"],
                                                   Android.button("[10,110][40,140]", text: "On")))
        let (found, document) = try Android.findings(.targetSize, row)
        let f = try #require(found.first)
        #expect(found.count == 1)
        #expect(f.impact == .moderate)
        #expect(f.pointer("clickableAncestor", in: document) == "/hierarchy/node[1]/node[1]")
        #expect(document.pointer(of: f.node) == "/hierarchy/node[1]/node[1]/node[1]")
        #expect(f.message == "Target is 30x30 dp, smaller than 48x48 dp. A larger clickable container may take its touches: if it does the same, make this one not clickable.")
        // A clickable list is no such ancestor (ATF excludes AbsListView).
        let list = Android.screen(Android.node(["class": "android.widget.ListView", "clickable": "true", "bounds": "[0,100][400,200]"],
                                                    Android.button("[10,110][40,140]", text: "On")))
        #expect(try Android.findings(.targetSize, list).findings.map(\.impact) == [.serious])

        let web = Android.screen(Android.node(["class": "android.webkit.WebView", "bounds": "[0,0][400,800]"],
                                                   Android.node(["class": "android.view.View", "text": "Terms", "clickable": "true", "bounds": "[10,300][50,320]"])))
        let (webFindings, webDocument) = try Android.findings(.targetSize, web)
        let w = try #require(webFindings.first)
        #expect(w.impact == .moderate)
        #expect(w.pointer("webView", in: webDocument) == "/hierarchy/node[1]/node[1]")
    }

    @Test func jsonAndroidTreesAreRoundedAndACustomSizeScalesTheEdgeMinimum() throws {
        func button(_ x: Double, _ w: Double, _ h: Double, options: String = "{}") -> String {
            InlineTree.screen("""
                {"type": "button", "label": "Close", "frame": {"x": \(x), "y": 100, "width": \(w), "height": \(h)}}
                """, platform: "android", options: options)
        }
        #expect(try RuleFixture.findings(.targetSize, button(10, 47.5, 47.5)).isEmpty)
        #expect(try RuleFixture.findings(.targetSize, button(10, 47.4, 48)).first?.number("width") == 47)
        // A 40 dp minimum: round(32 x 40 / 48) = 27 dp against the edge.
        let forty = #"{"thresholds": {"targetSize": 40}}"#
        #expect(try RuleFixture.findings(.targetSize, button(0, 27, 40, options: forty)).isEmpty)
        #expect(try RuleFixture.findings(.targetSize, button(0, 26, 40, options: forty)).first?.number("requiredWidth") == 27)
        // iOS trees keep the plain, unrounded measure.
        #expect(try RuleFixture.findings(.targetSize, InlineTree.screen("""
            {"type": "button", "label": "Close", "frame": {"x": 0, "y": 100, "width": 43.9, "height": 44}}
            """)).count == 1)
    }
}

@Suite struct EditableContentDescriptionTests {
    func field(_ attributes: [String: String]) -> String {
        Android.screen(Android.node(["class": "android.widget.EditText", "clickable": "true", "focusable": "true",
                                          "bounds": "[10,100][390,160]"].merging(attributes) { $1 }))
    }

    // EditableContentDescCheck: ERROR when an editable field has a contentDescription.
    @Test func anEditTextWithAContentDescriptionIsReported() throws {
        let (found, document) = try Android.findings(.editableContentDescription, field(["content-desc": "Email", "text": "ann@example.com"]))
        #expect(found.count == 1)
        let f = try #require(found.first)
        #expect(f.message == "Editable field has the contentDescription \"Email\", which TalkBack may read instead of what was typed.")
        #expect(f.string("contentDescription") == "Email")
        #expect(f.wcag == ["4.1.2"])
        #expect(f.impact == .serious)
        #expect(document.pointer(of: f.node) == "/hierarchy/node[1]/node[1]")
        // A password field too.
        #expect(try Android.findings(.editableContentDescription, field(["content-desc": "PIN", "password": "true"])).findings.count == 1)
    }

    @Test func fieldsNamedOtherwiseAndOtherViewsAreNot() throws {
        #expect(try Android.findings(.editableContentDescription, field(["hint": "Email"])).findings.isEmpty)
        let text = Android.screen(Android.node(["class": "android.widget.TextView", "content-desc": "Email", "bounds": "[10,100][390,160]"]))
        #expect(try Android.findings(.editableContentDescription, text).findings.isEmpty)
        // Hidden fields are not judged.
        #expect(try Android.findings(.editableContentDescription, field(["content-desc": "Email", "visible-to-user": "false"])).findings.isEmpty)
    }

    @Test func jsonTreesSayItWithContentDescriptionOnAndroidOnly() throws {
        let node = #"{"type": "textField", "label": "Email", "contentDescription": "Email", "frame": {"x": 0, "y": 0, "width": 300, "height": 48}}"#
        #expect(try RuleFixture.findings(.editableContentDescription, InlineTree.screen(node, platform: "android")).count == 1)
        #expect(try RuleFixture.findings(.editableContentDescription, InlineTree.screen(node)).isEmpty)
        // A label alone is how every other platform names a field.
        let labelled = #"{"type": "textField", "label": "Email", "frame": {"x": 0, "y": 0, "width": 300, "height": 48}}"#
        #expect(try RuleFixture.findings(.editableContentDescription, InlineTree.screen(labelled, platform: "android")).isEmpty)
    }

    @Test func onByDefaultAtLevelA() {
        #expect(Rule.editableContentDescription.isDefault(at: .A))
    }
}

@Suite struct ClassNameRuleTests {
    func view(_ className: String, _ extra: [String: String] = [:]) -> String {
        Android.screen(Android.node(["class": className, "text": "Hi", "bounds": "[10,100][390,160]"].merging(extra) { $1 }))
    }

    // ClassNameCheck: WARNING when the accessibility class name is not in an SDK package.
    @Test func aCustomClassIsReported() throws {
        let (found, document) = try Android.findings(.className, view("com.example.FancyButton"))
        #expect(found.map(\.message) == ["Class com.example.FancyButton is not an Android SDK type: accessibility services may not know its role."])
        #expect(found.first?.string("className") == "com.example.FancyButton")
        #expect(found.first?.impact == .minor)
        #expect(found.first?.wcag == [])
        #expect(found.map { document.pointer(of: $0.node) } == ["/hierarchy/node[1]/node[1]"])
    }

    @Test func sdkPackagesAreAccepted() throws {
        for name in ["android.widget.Button", "android.view.View", "androidx.compose.ui.platform.ComposeView",
                     "android.webkit.WebView", "android.support.v7.widget.RecyclerView", "android.app.ActionBar$Tab"] {
            #expect(try Android.findings(.className, view(name)).findings.isEmpty, "\(name)")
        }
        // Hidden nodes are not judged (ATF: NOT_RUN when not visible).
        #expect(try Android.findings(.className, view("com.example.Fancy", ["visible-to-user": "false"])).findings.isEmpty)
    }

    @Test func jsonTreesOnAndroidOnlyAndAnEmptyName() throws {
        let empty = InlineTree.screen(#"{"type": "view", "className": "", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#, platform: "android")
        #expect(try RuleFixture.findings(.className, empty).map(\.message) == ["Node reports no class name: accessibility services cannot tell its role."])
        let custom = #"{"type": "view", "className": "com.example.Fancy"}"#
        #expect(try RuleFixture.findings(.className, InlineTree.screen(custom, platform: "android")).count == 1)
        #expect(try RuleFixture.findings(.className, InlineTree.screen(custom)).isEmpty)
        // A node without a class name is not judged (ATF: NOT_RUN).
        #expect(try RuleFixture.findings(.className, InlineTree.screen(#"{"type": "view"}"#, platform: "android")).isEmpty)
    }
}

@Suite struct AndroidFactsTests {
    @Test func theImporterKeepsClassContentDescriptionAndScrolling() throws {
        let doc = try Android.document(Android.dump(Android.screen(
            Android.node(["class": "android.widget.ScrollView", "scrollable": "true"],
                         Android.node(["class": "android.widget.ImageView", "content-desc": "Logo"]) + Android.node(["class": "android.widget.TextView", "text": "Hi"])))))
        #expect(doc.nodes.map(\.className) == [nil, "android.widget.FrameLayout", "android.widget.ScrollView", "android.widget.ImageView", "android.widget.TextView"])
        #expect(doc.nodes.map(\.contentDescription) == [nil, nil, nil, "Logo", nil])
        #expect(doc.nodes.map(\.scrollable) == [false, false, true, false, false])
    }

    @Test func theWireFieldsDecodeAndEmptyContentDescriptionIsAbsent() throws {
        let d = try Tree.decode(#"{"root": {"className": "android.widget.Button", "contentDescription": "Save", "scrollable": true, "children": [{"contentDescription": "", "scrollable": false}]}}"#)
        #expect(d.nodes.map(\.className) == ["android.widget.Button", nil])
        #expect(d.nodes.map(\.contentDescription) == ["Save", nil])
        #expect(d.nodes.map(\.scrollable) == [true, false])
        #expect(Tree.failure(#"{"root": {"scrollable": "yes"}}"#)?.pointer == "/root/scrollable")
        #expect(Tree.failure(#"{"root": {"className": 3}}"#)?.pointer == "/root/className")
    }
}

@Suite struct SpeakableTextPresentTests {
    // SpeakableTextPresentCheck: ERROR when a view TalkBack would focus has no speakable text.
    @Test func aFocusableViewWithNothingToSayIsReportedOnAndroid() throws {
        let empty = Android.screen(Android.node(["class": "android.widget.FrameLayout", "focusable": "true", "bounds": "[10,100][390,200]"]))
        let (found, document) = try Android.findings(.controlName, empty)
        #expect(found.map(\.message) == ["TalkBack focuses this element, but it has nothing to speak."])
        #expect(found.first?.impact == .serious)
        #expect(found.map { document.pointer(of: $0.node) } == ["/hierarchy/node[1]/node[1]"])
        // A clickable one is a control without a name, as before.
        let control = Android.screen(Android.node(["class": "android.widget.FrameLayout", "clickable": "true", "bounds": "[10,100][390,200]"]))
        #expect(try Android.findings(.controlName, control).findings.map(\.message) == ["Interactive element has no accessibility label."])
    }

    @Test func textAHintOrAStateIsSomethingToSay() throws {
        func focusable(_ extra: [String: String]) -> String {
            Android.screen(Android.node(["class": "android.widget.FrameLayout", "focusable": "true", "bounds": "[10,100][390,200]"].merging(extra) { $1 }))
        }
        #expect(try Android.findings(.controlName, focusable(["text": "Today"])).findings.isEmpty)
        #expect(try Android.findings(.controlName, focusable(["hint": "Swipe for more"])).findings.isEmpty)
        // Images without a description are image-name's.
        #expect(try Android.findings(.controlName, focusable(["class": "android.widget.ImageView"])).findings.isEmpty)
        // An element with nothing to say on iOS is not control-name's (only controls are).
        let ios = InlineTree.screen(#"{"type": "view", "isAccessibilityElement": true, "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#)
        #expect(try RuleFixture.findings(.controlName, ios).isEmpty)
        #expect(try RuleFixture.findings(.controlName, InlineTree.screen(#"{"type": "view", "isAccessibilityElement": true, "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#, platform: "android")).count == 1)
    }
}

@Suite struct RedundantDescriptionTests {
    // RedundantDescriptionCheck: WARNING per ATF word in a content description, whatever the role.
    @Test func atfWordsInAContentDescriptionAreReportedWhateverTheRole() throws {
        // Not clickable, so no button trait: the label check alone would let "button" pass.
        let image = Android.screen(Android.node(["class": "android.widget.ImageView", "content-desc": "Play button", "bounds": "[10,100][110,200]"]))
        let (found, document) = try Android.findings(.labelRoleWords, image)
        #expect(found.map(\.message) == ["Label \"Play button\" contains \"button\", which TalkBack already conveys."])
        #expect(found.first?.strings("words") == ["button"])
        #expect(found.map { document.pointer(of: $0.node) } == ["/hierarchy/node[1]/node[1]"])
        let box = Android.screen(Android.node(["class": "android.widget.CheckBox", "checkable": "true", "clickable": "true",
                                                    "content-desc": "Remember me check box, tap", "bounds": "[10,100][390,200]"]))
        #expect(try Android.findings(.labelRoleWords, box).findings.first?.strings("words") == ["check box", "tap"])
    }

    @Test func textIsJudgedAsOnOtherPlatforms() throws {
        // ATF reads only content descriptions; the label check still wants "tap to", not "tap".
        let text = Android.screen(Android.node(["class": "android.widget.TextView", "text": "Tap water", "bounds": "[10,100][390,200]"]))
        #expect(try Android.findings(.labelRoleWords, text).findings.isEmpty)
        // Plain text nobody taps is content, not judged; the same words on a clickable text are.
        let plain = Android.screen(Android.node(["class": "android.widget.TextView", "text": "Tap to retry", "bounds": "[10,100][390,200]"]))
        #expect(try Android.findings(.labelRoleWords, plain).findings.isEmpty)
        let instruction = Android.screen(Android.node(["class": "android.widget.TextView", "text": "Tap to retry", "clickable": "true",
                                                            "bounds": "[10,100][390,200]"]))
        #expect(try Android.findings(.labelRoleWords, instruction).findings.first?.strings("words") == ["tap to"])
    }
}
