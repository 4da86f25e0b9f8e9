import A11yModel
/// What TalkBack says when it focuses an element of an android tree, and the usage hint it
/// reads after a pause: the android counterpart of `SpokenOutput` (VoiceOver's wording, kept
/// for ios and web trees). Facts from google/talkback (paths under
/// `talkback/src/main/java/com/google/android/accessibility/talkback/compositor/`; words from
/// `talkback/src/main/res/values/strings_compositor.xml`):
///
/// - The focus utterance (`rule/EventTypeViewAccessibilityFocusedFeedbackRule`) is the node
///   tree description, then "Heading" or the collection position, joined with ", "
///   (`CompositorUtils.getSeparator()`).
/// - The tree description (`roledescription/TreeNodesDescription.aggregateNodeTreeDescription`)
///   in the default description order, state-name-role (`pref_node_desc_order_default` in
///   `res/values/donottranslate.xml`): "selected", then the checked status ("checked" /
///   "not checked", said only when there is something else to say), then state, name and role
///   with repeats dropped (`CompositorUtils.dedupJoin`), then the node's own hint, then
///   "disabled" (never for headings).
/// - State, name and role by TalkBack's role (`utils/.../Role.getRole`, from the class name):
///   `roledescription/DefaultDescription`, `SwitchDescription` ("on" / "off"),
///   `EditTextDescription` (the typed text, else the hint shown, else the description;
///   "password" and "N characters" for passwords), `NonTextViewsDescription` ("Unlabelled"
///   images), `SeekBarDescription` (the value as state).
/// - The usage hint (`hint/AccessibilityFocusHint`, `NodeRoleHint`, `ClickableHint`) only for
///   enabled nodes: "Double-tap to toggle" (checkable), "Double-tap to activate" (clickable),
///   "Double-tap to edit text", "Double-tap to change" (drop-down lists), and the adjust hint of
///   seek controls.
///
/// Our element carries no state description, range type, focus, long-click or collection
/// info of its own: the value stands for the state description, an element with the button,
/// link or switch trait is clickable, and a series position ("2 of 3") for collection info.
package enum TalkBackSpeech {
    /// TalkBack's roles that change what is said (`Role.getRole`).
    package enum Role: Equatable {
        case none, button, imageButton, image, checkBox, radioButton, switchButton, toggleButton, checkedTextView
        case editText, seekControl, progressBar, dropDownList, list, grid, tabBar, webView

        /// The role word (`AccessibilityNodeFeedbackUtils.getNodeRoleName`): a toggle button is
        /// said as "Switch"; a checked text view, a plain view and a layout have none.
        package var word: String? {
            switch self {
            case .button, .imageButton: "Button"
            case .checkBox: "Check box"
            case .radioButton: "Radio button"
            case .switchButton, .toggleButton: "Switch"
            case .editText: "Edit box"
            case .image: "Image"
            case .seekControl: "Slider"
            case .progressBar: "Progress bar"
            case .dropDownList: "Drop down list"
            case .list: "List"
            case .grid: "Grid"
            case .tabBar: "Tab bar"
            case .webView: "Webview"
            case .none, .checkedTextView: nil
            }
        }
    }

    static let separator = ", "
    static let activateHint = "Double-tap to activate"
    static let toggleHint = "Double-tap to toggle"
    static let editTextHint = "Double-tap to edit text"
    static let dropDownHint = "Double-tap to change"
    /// `template_hint_adjustable_2gesture` with the default reading-control gestures
    /// (`title_pref_shortcut_up` / `title_pref_shortcut_down` in `res/values/strings.xml`).
    static let adjustHint = "\"Swipe up\" or \"Swipe down\" to adjust"

    /// TalkBack's role of a node of class `className` (`Role.getRole`: the class decides,
    /// a clickable image is an image button). JSON trees name our kinds instead of classes
    /// (no "." in the name): the kind then stands for the class (a `toggle` is a switch).
    package static func role(className: String, kind: NodeKind, clickable: Bool) -> Role {
        switch className {
        case "android.widget.ImageView", "android.widget.ImageButton",
             "com.google.android.material.floatingactionbutton.FloatingActionButton":
            return clickable ? .imageButton : .image
        case "android.widget.Switch", "androidx.appcompat.widget.SwitchCompat",
             "com.google.android.material.switchmaterial.SwitchMaterial",
             "com.google.android.material.materialswitch.MaterialSwitch":
            return .switchButton
        case "android.widget.ToggleButton": return .toggleButton
        case "android.widget.RadioButton", "com.google.android.material.radiobutton.MaterialRadioButton": return .radioButton
        case "android.widget.CheckBox", "android.widget.CompoundButton",
             "com.google.android.material.checkbox.MaterialCheckBox", "com.google.android.material.chip.Chip":
            return .checkBox
        case "android.widget.Button", "com.google.android.material.button.MaterialButton",
             "com.google.android.material.floatingactionbutton.ExtendedFloatingActionButton":
            return .button
        case "android.widget.CheckedTextView": return .checkedTextView
        case "android.widget.EditText", "android.widget.AutoCompleteTextView", "android.widget.MultiAutoCompleteTextView",
             "com.google.android.material.textfield.TextInputEditText":
            return .editText
        // A rating bar is no seek bar by class, but has range info and the set-progress action.
        case "android.widget.SeekBar", "android.widget.RatingBar": return .seekControl
        case "android.widget.ProgressBar": return .progressBar
        case "android.widget.Spinner": return .dropDownList
        case "android.widget.GridView": return .grid
        case "android.widget.ListView", "android.widget.ExpandableListView", "android.widget.AbsListView": return .list
        case "android.widget.TabWidget": return .tabBar
        case "android.webkit.WebView": return .webView
        default:
            if className.utf8.contains(UInt8(ascii: ".")) { return .none }
            switch kind {
            case .button: return .button
            case .image: return clickable ? .imageButton : .image
            case .toggle: return .switchButton
            case .textField, .secureTextField: return .editText
            case .slider, .ratingInput: return .seekControl
            case .progressBar: return .progressBar
            case .list: return .list
            default: return .none
            }
        }
    }

    /// The utterance and usage hint of an element of `node` (its kind and class name give the
    /// role); `position` is its place in a series, when known.
    static func speech(label: String?, value: String?, hint: String?, traits: Traits, node: Node,
                       position: AccessibilityElement.Position?, maxBytes: Int) -> (spoken: String, hint: String?) {
        let clickable = !traits.isDisjoint(with: [.button, .link, .toggleButton])
        let role = role(className: node.typeName, kind: node.kind, clickable: clickable)
        let checkable = node.kind == .toggle || traits.contains(.toggleButton)
            || [.checkBox, .radioButton, .switchButton, .toggleButton].contains(role)
        // An Android import says which children the stop speaks for, and its own name apart.
        var name = label, children: String?
        if let spokenFor = node.talkBackChildren { name = spokenFor.name; children = spokenFor.children }
        var facts = Facts(role: role, checkable: checkable, isPassword: node.kind == .secureTextField)
        facts.longClickable = node.longClickable == true
        facts.hasChildren = !node.childRange.isEmpty
        facts.clickable = node.clickable ?? clickable
        return speech(label: name, value: value, hint: hint, traits: traits, facts: facts, children: children,
                      position: position, maxBytes: maxBytes)
    }

    static func speech(label: String?, value: String?, hint: String?, traits: Traits, role: Role, checkable: Bool,
                       isPassword: Bool, position: AccessibilityElement.Position?,
                       maxBytes: Int) -> (spoken: String, hint: String?) {
        var facts = Facts(role: role, checkable: checkable, isPassword: isPassword)
        facts.clickable = !traits.isDisjoint(with: [.button, .link, .toggleButton])
        return speech(label: label, value: value, hint: hint, traits: traits, facts: facts, children: nil,
                      position: position, maxBytes: maxBytes)
    }

    /// What TalkBack knows of a node besides its texts and traits.
    package struct Facts {
        var role: Role
        var checkable: Bool
        var isPassword: Bool
        /// `isClickable()` (our button, link or switch trait when the tree does not say).
        package var clickable = false
        var longClickable = false
        /// Whether the node has children in TalkBack's tree (an unlabelled node has none).
        var hasChildren = true
    }

    static func speech(label: String?, value: String?, hint: String?, traits: Traits, facts: Facts, children: String?,
                       position: AccessibilityElement.Position?, maxBytes: Int) -> (spoken: String, hint: String?) {
        let enabled = !traits.contains(.notEnabled)
        var parts: [String?]
        if isUnlabelled(label: label, value: value, hint: hint, facts: facts, enabled: enabled, children: children) {
            // EventTypeViewAccessibilityFocusedFeedbackRule: the unlabelled description
            // (`AccessibilityNodeFeedbackUtils.getUnlabelledNodeDescription`) replaces the tree description.
            parts = [unlabelled]
        } else {
            let tree = treeDescription(label: label, value: value, hint: hint, facts: facts, children: children)
            parts = [traits.contains(.selected) ? "selected" : nil, tree]
            if !enabled && !traits.contains(.header) { parts.append("disabled") }
        }
        // A list item's "N of M" (CollectionStateFeedbackUtils, `list_index_template`) comes
        // after "Heading"; one of one is not said.
        if traits.contains(.header) { parts.append("Heading") }
        if let position, position.count > 1 { parts.append("\(position.index) of \(position.count)") }
        let spoken = join(parts).truncated(toBytes: maxBytes)
        return (spoken, usageHint(facts: facts, clickable: isClickable(traits, facts), enabled: enabled))
    }

    static let unlabelled = "Unlabelled"

    /// `getUnlabelledNodeDescription` with `TalkBackLabelManager.needsLabel`: an enabled,
    /// clickable or long-clickable node without children, not checkable nor a seek or progress
    /// bar, with no role word, state, text or hint.
    private static func isUnlabelled(label: String?, value: String?, hint: String?, facts: Facts, enabled: Bool,
                                     children: String?) -> Bool {
        enabled && (facts.clickable || facts.longClickable) && !facts.hasChildren && children == nil
            && !facts.checkable && facts.role.word == nil
            && label.nonEmpty == nil && value.nonEmpty == nil && hint.nonEmpty == nil
    }

    /// `TreeNodesDescription.getAppendedTreeDescription` in the default order: the checked
    /// status, then the role description (state, name, role: `RoleDescriptionExtractor`) and
    /// the descriptions of the children it speaks for (`treeNodesDescription`), then the hint.
    /// `children` is already in TalkBack's words.
    package static func treeDescription(label: String?, value: String?, hint: String?, facts: Facts, children: String?) -> String {
        let label = label.nonEmpty.map(TalkBackSymbols.cleanUp), value = value.nonEmpty, ownHint = hint.nonEmpty
        let role = facts.role, checkable = facts.checkable
        // A checkable's raw value ("1" / "0" / "2") is its checked state; any other value stands
        // for the state description the app set, which replaces TalkBack's own state words.
        // `isChecked()` is a boolean here: mixed ("2") reads as not checked.
        let isChecked = value == "1"
        let isRawState = value == nil || value == "0" || value == "1" || value == "2"
        let stateDescription = checkable && isRawState ? nil : value
        var name = label, state = stateDescription, spokenOwnHint = ownHint
        switch role {
        case .switchButton, .toggleButton:
            // SwitchDescription: the state description, else "on" / "off".
            state = stateDescription ?? (isChecked ? "on" : "off")
        case .editText:
            // EditTextDescription: what was typed, else the hint it shows, else the description;
            // the hint is said again only when it is not the text shown.
            state = nil
            if facts.isPassword {
                name = join([label ?? "password", value.map(characterCount)])
            } else {
                name = value.map(TalkBackSymbols.cleanUp) ?? ownHint ?? label
            }
            if value == nil { spokenOwnHint = nil }
        case .image, .imageButton:
            // NonTextViewsDescription: an image with nothing to say is "Unlabelled".
            if state == nil && name == nil { state = unlabelled }
        case .seekControl, .progressBar:
            // SeekBarDescription.seekBarPercentText: the range's current value as its type says.
            state = stateDescription.map(rangeText)
        default:
            break
        }
        let described = join([dedupJoin([state, name, role.word]), children])
        // TreeNodesDescription.nodeStatusDescription: not for switches, whose state word is
        // said above; a checked text view only when checked; nothing without a description.
        var status: String?
        if checkable && stateDescription == nil && role != .switchButton && role != .toggleButton
            && (role != .checkedTextView || isChecked) && !described.isEmpty {
            status = isChecked ? "checked" : "not checked"
        }
        return join([status, described, spokenOwnHint])
    }

    /// A range's current value as a dump writes it (Appium: `Float.toString`, "50.0"): the
    /// framework's seek and progress bars give integer ranges (`RANGE_TYPE_INT`, said as the
    /// whole number, `template_value`); a fractional value is a float range, said as written.
    /// Any other text is the app's state description, said as it is.
    static func rangeText(_ value: String) -> String {
        guard let number = Double(value), number.isFinite else { return value }
        if number == number.rounded(.towardZero), abs(number) < 2_147_483_648 { return String(Int(number)) }
        return value
    }

    /// Edit boxes are clickable as the framework makes them; others when they are clickable.
    private static func isClickable(_ traits: Traits, _ facts: Facts) -> Bool {
        facts.role == .editText || facts.clickable
    }

    static let longPressHint = "Double-tap and hold to long press"

    /// `NodeRoleHint.getHint` for an enabled node; TalkBack gives disabled nodes no usage hint.
    /// The long-press hint (`LongClickableHint`, `template_hint_long_clickable`) follows the
    /// click hint, except on drop-down lists and adjustable seek controls.
    private static func usageHint(facts: Facts, clickable: Bool, enabled: Bool) -> String? {
        guard enabled else { return nil }
        let longPress = facts.longClickable ? longPressHint : nil
        switch facts.role {
        case .dropDownList: return clickable ? dropDownHint : nil
        case .editText: return join([editTextHint, longPress])
        case .seekControl: return adjustHint
        default:
            let click = clickable ? (facts.checkable ? toggleHint : activateHint) : nil
            return join([click, longPress]).nonEmptyString
        }
    }

    /// `template_password_character_count`: "1 character", "N characters" (Java's length, in UTF-16 units).
    private static func characterCount(_ text: String) -> String {
        let n = text.utf16.count
        return n == 1 ? "1 character" : "\(n) characters"
    }

    /// The non-empty parts joined with ", ".
    package static func joined(_ parts: [String?]) -> String { join(parts) }

    /// The non-empty parts joined with ", ".
    private static func join(_ parts: [String?]) -> String {
        var out = ""
        for case let part? in parts where !part.isEmpty {
            if !out.isEmpty { out += separator }
            out += part
        }
        return out
    }

    /// `CompositorUtils.dedupJoin`: the non-empty parts joined with ", ", a part said before
    /// (ignoring case) left out.
    private static func dedupJoin(_ parts: [String?]) -> String {
        var seen: [String] = []
        var kept: [String] = []
        for case let part? in parts where !part.isEmpty {
            let key = part.lowercased()
            if seen.contains(key) { continue }
            seen.append(key)
            kept.append(part)
        }
        return join(kept)
    }
}

private extension String {
    var nonEmptyString: String? { isEmpty ? nil : self }
}

extension TalkBackSpeech.Facts {
    package init(role: TalkBackSpeech.Role, checkable: Bool, isPassword: Bool) {
        self.role = role; self.checkable = checkable; self.isPassword = isPassword
    }
}
