import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yTestSupport
import A11yCoreTestSupport

/// `spoken` and `spokenHint` of android trees in TalkBack's words (`TalkBackSpeech`). Facts from
/// google/talkback (google/talkback has no tests for the compositor; each expectation names the
/// source that decides it). Paths are under
/// `talkback/src/main/java/com/google/android/accessibility/talkback/compositor/`, words from
/// `talkback/src/main/res/values/strings_compositor.xml`.
@Suite struct TalkBackSpeechTests {
    /// What TalkBack says for each element of a UI Automator dump of `body` (our own fixtures).
    private func said(_ body: String) throws -> [Said] {
        try Android.analysis(Android.dump(body)).elements.said
    }

    private func said(json: String) throws -> [Said] { try Tree.said(json) }

    /// A focusable, clickable node of `className` with `attributes`.
    private func control(_ className: String, _ attributes: [String: String] = [:]) -> String {
        Android.node(["class": className, "clickable": "true", "focusable": "true"].merging(attributes) { $1 })
    }

    // MARK: Role words (AccessibilityNodeFeedbackUtils.getNodeRoleName, utils/.../Role.getRole)

    /// roledescription/DefaultDescription: state, name, role ("Button", `value_button`);
    /// hint/ClickableHint.clickableHint: "Double-tap to activate" (`template_hint_clickable`).
    @Test func buttonSaysNameThenButton() throws {
        #expect(try said(control("android.widget.Button", ["text": "OK"])) == [Said("OK, Button", "Double-tap to activate")])
    }

    /// Role.getRole: a clickable ImageView is an image button, said "Button"; otherwise "Image"
    /// (`value_image`). roledescription/NonTextViewsDescription: "Unlabelled" (`value_unlabelled`)
    /// when it has nothing to say.
    @Test func imagesAndImageButtons() throws {
        #expect(try said(control("android.widget.ImageButton", ["content-desc": "Close"]))
                == [Said("Close, Button", "Double-tap to activate")])
        #expect(try said(control("android.widget.ImageView")) == [Said("Unlabelled, Button", "Double-tap to activate")])
        #expect(try said(Android.node(["class": "android.widget.ImageView", "content-desc": "Logo"]))
                == [Said("Logo, Image", nil)])
    }

    /// TreeNodesDescription.nodeStatusDescription: "checked" / "not checked" (`value_checked`,
    /// `value_not_checked`) before the description; "Check box" and "Radio button" role words;
    /// hint/ClickableHint.checkableHint: "Double-tap to toggle" (`template_hint_checkable`).
    @Test func checkBoxesAndRadioButtonsSayCheckedFirst() throws {
        #expect(try said(control("android.widget.CheckBox", ["text": "Remember me", "checkable": "true"]))
                == [Said("not checked, Remember me, Check box", "Double-tap to toggle")])
        #expect(try said(control("android.widget.CheckBox", ["text": "Remember me", "checkable": "true", "checked": "true"]))
                == [Said("checked, Remember me, Check box", "Double-tap to toggle")])
        #expect(try said(control("android.widget.RadioButton", ["text": "Small", "checkable": "true", "checked": "true"]))
                == [Said("checked, Small, Radio button", "Double-tap to toggle")])
    }

    /// roledescription/SwitchDescription: the state is "on" / "off" (`value_on`, `value_off`),
    /// said first; a ToggleButton is said "Switch" too (getNodeRoleName); no checked status.
    @Test func switchesSayOnOrOff() throws {
        #expect(try said(control("android.widget.Switch", ["text": "Wi-Fi", "checkable": "true", "checked": "true"]))
                == [Said("on, Wi-Fi, Switch", "Double-tap to toggle")])
        #expect(try said(control("androidx.appcompat.widget.SwitchCompat", ["text": "Wi-Fi", "checkable": "true"]))
                == [Said("off, Wi-Fi, Switch", "Double-tap to toggle")])
        #expect(try said(control("android.widget.ToggleButton", ["text": "Bold", "checkable": "true", "checked": "true"]))
                == [Said("on, Bold, Switch", "Double-tap to toggle")])
    }

    /// A checkable plain view has no role word, only its status; a CheckedTextView says its
    /// status only when checked (TreeNodesDescription.nodeStatusDescription).
    @Test func checkableViewsWithoutRoleWord() throws {
        #expect(try said(control("android.view.View", ["text": "Dark theme", "checkable": "true"]))
                == [Said("not checked, Dark theme", "Double-tap to toggle")])
        #expect(try said(control("android.widget.CheckedTextView", ["text": "Option A", "checkable": "true"]))
                == [Said("Option A", "Double-tap to toggle")])
        #expect(try said(control("android.widget.CheckedTextView", ["text": "Option A", "checkable": "true", "checked": "true"]))
                == [Said("checked, Option A", "Double-tap to toggle")])
    }

    /// roledescription/EditTextDescription: the typed text, else the hint shown; "Edit box"
    /// (`value_edit_box`); the node's hint follows only when not shown as the text
    /// (AccessibilityNodeFeedbackUtils.getHintDescription); hint/NodeRoleHint.getEditTextHint:
    /// "Double-tap to edit text" (`template_hint_edit_text`).
    @Test func editBoxes() throws {
        #expect(try said(control("android.widget.EditText", ["text": "Email", "showing-hint": "true"]))
                == [Said("Email, Edit box", "Double-tap to edit text")])
        #expect(try said(control("android.widget.EditText", ["text": "bob", "hint": "Email"]))
                == [Said("bob, Edit box, Email", "Double-tap to edit text")])
    }

    /// EditTextDescription for passwords: the description, else "password" (`value_password`),
    /// then "N characters" (`template_password_character_count`).
    @Test func passwordsSayTheirLength() throws {
        #expect(try said(control("android.widget.EditText", ["text": "•••", "password": "true"]))
                == [Said("password, 3 characters, Edit box", "Double-tap to edit text")])
        #expect(try said(control("android.widget.EditText", ["text": "x", "password": "true", "content-desc": "PIN"]))
                == [Said("PIN, 1 character, Edit box", "Double-tap to edit text")])
    }

    /// roledescription/SeekBarDescription: the value as state (`seekBarPercentText`: the
    /// framework's integer range says "50", `template_value`), "Slider" (`value_seek_bar`);
    /// hint/NodeRoleHint.getSeekBarHint: `template_hint_adjustable_2gesture` with the default
    /// gestures "Swipe up" / "Swipe down" (`title_pref_shortcut_up`, `title_pref_shortcut_down`).
    @Test func seekBarsSayValueNameSlider() throws {
        #expect(try said(control("android.widget.SeekBar", ["content-desc": "Volume", "text": "50.0"]))
                == [Said("50, Volume, Slider", "\"Swipe up\" or \"Swipe down\" to adjust")])
    }

    /// Role.getRole: Spinner is a drop-down list ("Drop down list", `value_spinner`);
    /// ClickableHint.getSpinnerClickableHint: "Double-tap to change" (`template_hint_spinner`).
    @Test func spinnersSayDropDownList() throws {
        #expect(try said(control("android.widget.Spinner", ["content-desc": "Language"]))
                == [Said("Language, Drop down list", "Double-tap to change")])
    }

    /// A clickable layout has no role word (Role.ROLE_VIEW_GROUP); it speaks its children's text
    /// (TreeNodesDescription.treeNodesDescription) and gets the activate hint.
    @Test func clickableContainerHasNoRoleWord() throws {
        let row = Android.node(["class": "android.widget.LinearLayout", "clickable": "true", "focusable": "true"],
                               Android.node(["class": "android.widget.TextView", "text": "Wi-Fi"])
                               + Android.node(["class": "android.widget.TextView", "text": "Connected", "index": "1"]))
        #expect(try said(row) == [Said("Wi-Fi, Connected", "Double-tap to activate")])
    }

    // MARK: States (TreeNodesDescription.aggregateNodeTreeDescription, default order state-name-role)

    /// "selected" (`value_selected`) comes first in the default description order
    /// (`pref_node_desc_order_default` = state, name, role, position).
    @Test func selectedComesFirst() throws {
        #expect(try said(control("android.view.View", ["text": "Home", "selected": "true"]))
                == [Said("selected, Home", "Double-tap to activate")])
    }

    /// "disabled" (`value_disabled`) is always last (AccessibilityNodeFeedbackUtils.getDisabledStateText);
    /// hint/AccessibilityFocusHint.getHint gives disabled nodes no usage hint.
    @Test func disabledComesLastWithoutHint() throws {
        #expect(try said(control("android.widget.Button", ["text": "Pay", "enabled": "false"]))
                == [Said("Pay, Button, disabled", nil)])
    }

    /// rule/EventTypeViewAccessibilityFocusedFeedbackRule: "Heading" (`heading_template`) after the
    /// description; announceDisabled: a heading is never said "disabled".
    @Test func headingsSayHeadingAfterTheDescription() throws {
        #expect(try said(Android.node(["class": "android.widget.TextView", "text": "Settings", "heading": "true"]))
                == [Said("Settings, Heading", nil)])
        #expect(try said(Android.node(["class": "android.widget.TextView", "text": "Settings", "heading": "true",
                                       "enabled": "false"]))
                == [Said("Settings, Heading", nil)])
    }

    /// CollectionStateFeedbackUtils.getCollectionListItemPositionDescription: "N of M"
    /// (`list_index_template`) after "Heading"; one of one is not said.
    @Test func positionsFollowHeading() {
        func spoken(_ traits: Traits, _ position: AccessibilityElement.Position) -> String {
            TalkBackSpeech.speech(label: "Day", value: nil, hint: nil, traits: traits, role: .button, checkable: false,
                                  isPassword: false, position: position, maxBytes: 1000).spoken
        }
        #expect(spoken([.button], .init(index: 2, count: 3)) == "Day, Button, 2 of 3")
        #expect(spoken([.button, .header], .init(index: 2, count: 3)) == "Day, Button, Heading, 2 of 3")
        #expect(spoken([.button], .init(index: 1, count: 1)) == "Day, Button")
    }

    /// CompositorUtils.dedupJoin: a part equal to an earlier one (ignoring case) is left out.
    @Test func repeatsAreDropped() {
        let said = TalkBackSpeech.speech(label: "button", value: nil, hint: nil, traits: [.button], role: .button,
                                         checkable: false, isPassword: false, position: nil, maxBytes: 1000)
        #expect(said.spoken == "button")
    }

    // MARK: JSON trees with `"platform": "android"`

    /// Our kinds stand for classes when a JSON tree names no class: a toggle is a switch, a
    /// value is the state description (said first), a tabSet gives "N of M".
    @Test func jsonAndroidTrees() throws {
        #expect(try said(json: #"{"platform": "android", "root": {"type": "toggle", "label": "Wi-Fi", "value": "1"}}"#)
                == [Said("on, Wi-Fi, Switch", "Double-tap to toggle")])
        // AccessibilityNodeInfo.isChecked() is a boolean in this TalkBack: mixed ("2") is not checked.
        #expect(try said(json: #"{"platform": "android", "root": {"type": "toggle", "label": "Wi-Fi", "value": "2"}}"#)
                == [Said("off, Wi-Fi, Switch", "Double-tap to toggle")])
        #expect(try said(json: #"{"platform": "android", "root": {"type": "text", "label": "Battery", "value": "80%"}}"#)
                == [Said("80%, Battery", nil)])
        let tabs = """
        {"platform": "android", "root": {"type": "tabSet", \(Tree.frame(0, 0, 390, 44)), "children": [
          {"type": "button", "label": "Day", "traits": ["button", "selected"], \(Tree.frame(0, 0, 195, 44))},
          {"type": "button", "label": "Week", \(Tree.frame(195, 0, 195, 44))}
        ]}}
        """
        #expect(try said(json: tabs) == [Said("selected, Day, Button, 1 of 2", "Double-tap to activate"),
                                         Said("Week, Button, 2 of 2", "Double-tap to activate")])
        // The same tree on ios keeps VoiceOver's words.
        #expect(try Tree.analyze(tabs.replacingOccurrences(of: #""platform": "android", "#, with: "")).spoken
                == ["Selected: Day. Button. 1 of 2.", "Week. Button. 2 of 2."])
    }

    // MARK: End to end

    /// A small sign-in screen through the importer: every element in TalkBack's words.
    @Test func signInScreenEndToEnd() throws {
        let screen = Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][1080,2000]"],
            Android.node(["class": "android.widget.TextView", "text": "Sign in", "heading": "true",
                          "bounds": "[0,0][1080,100]"])
            + control("android.widget.EditText", ["index": "1", "text": "Email", "showing-hint": "true",
                                                  "bounds": "[0,100][1080,200]"])
            + control("android.widget.EditText", ["index": "2", "text": "••••", "password": "true",
                                                  "bounds": "[0,200][1080,300]"])
            + control("android.widget.CheckBox", ["index": "3", "text": "Stay signed in", "checkable": "true",
                                                  "checked": "true", "bounds": "[0,300][1080,400]"])
            + control("android.widget.Button", ["index": "4", "text": "Continue", "enabled": "false",
                                                "bounds": "[0,400][1080,500]"]))
        #expect(try said(screen) == [
            Said("Sign in, Heading", nil),
            Said("Email, Edit box", "Double-tap to edit text"),
            Said("password, 4 characters, Edit box", "Double-tap to edit text"),
            Said("checked, Stay signed in, Check box", "Double-tap to toggle"),
            Said("Continue, Button, disabled", nil),
        ])
    }
}
