import Testing
@testable import A11yCore
@testable import A11yEngines
import A11yTestSupport
import A11yCoreTestSupport

/// What TalkBack focuses, in what order and what it says, on our own small dumps. Each test
/// names the google/talkback source it follows (commit 26a27dc; `utils/` is
/// `utils/src/main/java/com/google/android/accessibility/utils/`, `compositor/` is
/// `talkback/src/main/java/com/google/android/accessibility/talkback/compositor/`).
@Suite struct TalkBackFocusTests {
    private func said(_ body: String) throws -> [String] {
        try Android.analysis(Android.dump(body)).elements.map(\.spoken)
    }

    private func hints(_ body: String) throws -> [String?] {
        try Android.analysis(Android.dump(body)).elements.map(\.spokenHint)
    }

    private func text(_ t: String, _ bounds: String = "[0,0][100,100]") -> String {
        Android.node(["class": "android.widget.TextView", "text": t, "bounds": bounds])
    }

    // MARK: utils/AccessibilityNodeInfoUtils.shouldFocusNode

    /// `shouldFocusNode`: a focusable node that speaks (through its non-actionable children,
    /// `hasNonActionableSpeakingChildren`) is focused even when it holds focusable nodes, which
    /// are focused too, after it (pre-order traversal).
    @Test func aClickableCardIsOneStopAndItsButtonsAreStopsOfTheirOwn() throws {
        let card = Android.node(["class": "android.widget.FrameLayout", "clickable": "true", "focusable": "true", "bounds": "[0,0][500,200]"],
            Android.node(["class": "android.widget.ImageView", "bounds": "[0,0][100,100]"])
            + text("Title", "[100,0][400,50]") + text("Artist", "[100,50][400,100]")
            + Android.node(["class": "android.widget.ImageButton", "clickable": "true", "focusable": "true",
                            "content-desc": "More", "bounds": "[400,0][500,100]"]))
        let analysis = try Android.analysis(Android.dump(card))
        #expect(analysis.elements.map(\.spoken) == ["Title, Artist", "More, Button"])
        #expect(analysis.elements.map(\.node) == [1, 5])
        #expect(analysis.elements[0].spokenHint == "Double-tap to activate")
    }

    /// `shouldFocusNode`: a labelled clickable container holding focusable children is focused
    /// (its content description speaks for it), and so are the children.
    @Test func aLabelledContainerWithFocusableChildrenIsKept() throws {
        let row = Android.node(["class": "android.widget.LinearLayout", "clickable": "true", "content-desc": "Task: buy milk"],
            Android.node(["class": "android.widget.CheckBox", "clickable": "true", "checkable": "true", "text": "Done"]))
        #expect(try said(row) == ["Task: buy milk", "not checked, Done, Check box"])
    }

    /// `shouldFocusNode`: a focusable node with children and nothing to speak is not focused
    /// ("Don't focus, is focusable but has nothing to speak"); its focusable children are.
    @Test func aSilentFocusableContainerIsNotAStop() throws {
        let row = Android.node(["class": "android.widget.LinearLayout", "clickable": "true"],
            Android.node(["class": "android.widget.Button", "clickable": "true", "text": "OK"]))
        #expect(try said(row) == ["OK, Button"])
    }

    /// `isSpeakingNode`: a checkable node speaks; a non-focusable checkable with no focusable
    /// ancestor is focused for its state (`hasStateDescription`).
    @Test func aCheckableViewOfAnyClassSaysItsState() throws {
        let compose = Android.node(["class": "android.view.View", "checkable": "true", "checked": "true", "clickable": "true",
                                    "focusable": "true"],
            Android.node(["class": "android.widget.TextView", "text": "Dark theme"]))
        #expect(try said(compose) == ["checked, Dark theme"])
        #expect(try hints(compose) == ["Double-tap to toggle"])
    }

    // MARK: compositor/roledescription/TreeNodesDescription.treeNodesDescription

    /// `treeNodesDescription`: the container's own role description, then each non-focusable
    /// child's appended description with its state and role (a Switch: `SwitchDescription`).
    @Test func aClickableRowSpeaksItsNonFocusableSwitchsState() throws {
        let row = Android.node(["class": "android.widget.LinearLayout", "clickable": "true", "focusable": "true"],
            text("Wi-Fi") + Android.node(["class": "android.widget.Switch", "checkable": "true", "checked": "true"]))
        #expect(try said(row) == ["Wi-Fi, on, Switch"])
    }

    /// `treeNodesDescription`: a drop-down list says its own role description first, then the
    /// selected item its child shows (a Spinner writes no text of its own in a dump).
    @Test func aSpinnerSaysItsRoleThenTheChildsValue() throws {
        let spinner = Android.node(["class": "android.widget.Spinner", "clickable": "true", "focusable": "true"],
            Android.node(["class": "android.widget.TextView", "text": "Daily"]))
        #expect(try said(spinner) == ["Drop down list, Daily"])
        let withOwnText = Android.node(["class": "android.widget.Spinner", "clickable": "true", "text": "Weekly"])
        #expect(try said(withOwnText) == ["Weekly, Drop down list"])
    }

    // MARK: compositor/AccessibilityNodeFeedbackUtils.getUnlabelledNodeDescription

    /// `getUnlabelledNodeDescription` with `labeling/TalkBackLabelManager.needsLabel`: a clickable
    /// node without children, role word, text or state is "Unlabelled" (`value_unlabelled`).
    @Test func aClickableViewWithNothingToSayIsUnlabelled() throws {
        #expect(try said(Android.node(["class": "android.view.View", "clickable": "true"])) == ["Unlabelled"])
        // A button has its role word: NonTextViewsDescription / DefaultDescription instead.
        #expect(try said(Android.node(["class": "android.widget.Button", "clickable": "true"])) == ["Button"])
    }

    // MARK: compositor/hint/LongClickableHint, NodeRoleHint.getDefaultHint

    /// `NodeRoleHint.getDefaultHint`: the click hint, then `LongClickableHint.longClickableHint`
    /// (`template_hint_long_clickable` with `value_double_tap`).
    @Test func longClickableControlsGetTheLongPressHint() throws {
        let both = Android.node(["class": "android.widget.Button", "clickable": "true", "long-clickable": "true", "text": "Photo"])
        #expect(try hints(both) == ["Double-tap to activate, Double-tap and hold to long press"])
        let longOnly = Android.node(["class": "android.view.View", "long-clickable": "true", "text": "Message"])
        #expect(try hints(longOnly) == ["Double-tap and hold to long press"])
    }

    // MARK: utils/output/SpeechCleanupUtils.cleanUp

    /// `cleanUp` (via `AccessibilityNodeFeedbackUtils.prepareSpans`): a one-character text is
    /// said by its symbol name (`strings_symbols.xml`), a whitespace-only text by its first
    /// character's; longer texts as written.
    @Test func symbolsAreSaidByTheirNames() throws {
        #expect(try said(Android.node(["class": "android.widget.Button", "clickable": "true", "text": "×"]))
                == ["Multiplication sign, Button"])
        #expect(try said(text(" ")) == ["Space"])
        #expect(try said(text("x ×")) == ["x ×"])
        #expect(TalkBackSymbols.cleanUp(" → ") == "Rightwards Arrow")
    }

    // MARK: compositor/roledescription/SeekBarDescription.seekBarPercentText

    /// `seekBarPercentText`: an integer range (the framework's SeekBar and ProgressBar) says the
    /// whole number (`template_value`); a fractional current value is a float range, said as is.
    @Test func rangeValuesAreSaidAsTheirTypeFormatsThem() throws {
        #expect(TalkBackSpeech.rangeText("50.0") == "50")
        #expect(TalkBackSpeech.rangeText("2.5") == "2.5")
        #expect(TalkBackSpeech.rangeText("50%") == "50%")
        #expect(try said(Android.node(["class": "android.widget.ProgressBar", "text": "30.0"])) == ["30, Progress bar"])
    }

    // MARK: utils/traversal/ReorderedChildrenIterator, NodeCachedBoundsCalculator

    /// `ReorderedChildrenIterator.reorder`: a child whose bounds come from its children (a
    /// container TalkBack does not focus, larger than what it holds) moves after a sibling
    /// its children's box places after it while its own bounds placed it before.
    @Test func aContainerLaidOutOfOrderIsReordered() throws {
        // The group spans the screen from the top, but its texts sit at the bottom; the
        // heading sibling sits above them.
        let group = Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1000,1000]", "content-desc": ""],
            text("Footer one", "[0,800][500,900]") + text("Footer two", "[500,800][1000,900]"))
        let xml = group + text("Heading", "[0,100][1000,200]")
        // Marked important so it is in TalkBack's tree (a plain wrapper would be left out).
        let focusableGroup = xml.replacingOccurrences(of: "class=\"android.widget.FrameLayout\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\"",
                                                      with: "class=\"android.widget.FrameLayout\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" a11y-important=\"true\"")
        #expect(try said(focusableGroup) == ["Heading", "Footer one", "Footer two"])
        // Bounds that already agree with the children: the dump's order stands.
        let plain = text("Below", "[0,500][100,600]") + text("Above", "[0,0][100,100]")
        #expect(try said(plain) == ["Below", "Above"])
    }

    /// `ReorderedChildrenIterator.init`: no reordering inside a web container
    /// (`WebInterfaceUtils.isWebContainer`); the same children elsewhere are reordered.
    @Test func webViewChildrenKeepTheirOrder() throws {
        let children = Android.node(["class": "android.view.View", "a11y-important": "true", "bounds": "[0,0][1000,1000]"],
                                    text("Footer", "[0,800][1000,900]"))
            + text("Heading", "[0,100][1000,200]")
        let web = Android.node(["class": "android.webkit.WebView", "a11y-important": "true", "bounds": "[0,0][1000,1000]"], children)
        #expect(try said(web) == ["Footer", "Heading"])
        let layout = web.replacingOccurrences(of: "android.webkit.WebView", with: "android.widget.FrameLayout")
        #expect(try said(layout) == ["Heading", "Footer"])
    }

    /// `isTopLevelScrollItem` on TalkBack's tree: a ScrollView whose only child is a layout not
    /// important for accessibility has the texts as its items, each focused on its own.
    @Test func aScrollViewIsWalkedThroughItsUnimportantWrapper() throws {
        let scroll = Android.node(["class": "android.widget.ScrollView", "scrollable": "true", "focusable": "true"],
            Android.node(["class": "android.widget.LinearLayout", "a11y-important": "false"],
                text("First", "[0,0][100,50]") + text("Second", "[0,50][100,100]")))
        #expect(try said(scroll) == ["First", "Second"])
        // The same wrapper marked important is one item speaking for both.
        let kept = scroll.replacingOccurrences(of: "a11y-important=\"false\"", with: "a11y-important=\"true\"")
        #expect(try said(kept) == ["First, Second"])
    }
}
