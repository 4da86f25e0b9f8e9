import A11yEngines
import A11yModel
/// One element of an Android hierarchy dump as written, before it becomes a `Node`: the
/// attributes UI Automator's `AccessibilityNodeInfoDumper` and Appium UiAutomator2's page
/// source write (import-formats.md §1), each a serialisation of `AccessibilityNodeInfo`.
struct AndroidElement {
    /// Index of the parent element, -1 for the root (`<hierarchy>`).
    var parent: Int32 = -1
    var depth: Int32 = 0
    /// Position among the parent's element children, from 0.
    var indexInParent: Int32 = 0
    /// `class`: the class the node reports for accessibility (`getClassName()`). Appium's
    /// element name is this class with `$@#&` turned into `.`, so the attribute is read
    /// first and the element name only stands in when there is no attribute.
    var className = ""
    var text = ""
    var contentDescription = ""
    var resourceID = ""
    var hint = ""
    var flags: Flags = [.enabled, .important, .visible]
    /// `bounds="[left,top][right,bottom]"` in physical pixels (right and bottom exclusive).
    var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0

    struct Flags: OptionSet {
        let rawValue: UInt32
        static let checkable = Flags(rawValue: 1 << 0)
        static let checked = Flags(rawValue: 1 << 1)
        static let clickable = Flags(rawValue: 1 << 2)
        static let longClickable = Flags(rawValue: 1 << 3)
        static let contextClickable = Flags(rawValue: 1 << 4)
        static let focusable = Flags(rawValue: 1 << 5)
        static let screenReaderFocusable = Flags(rawValue: 1 << 6)
        static let scrollable = Flags(rawValue: 1 << 7)
        static let password = Flags(rawValue: 1 << 8)
        static let selected = Flags(rawValue: 1 << 9)
        /// Default true: `enabled` is always written, but a missing one reads as enabled.
        static let enabled = Flags(rawValue: 1 << 10)
        static let heading = Flags(rawValue: 1 << 11)
        /// `a11y-important` (Appium only); absent reads as true, as ATF assumes before API 24.
        static let important = Flags(rawValue: 1 << 12)
        /// `visible-to-user` (UI Automator) or `displayed` (Appium); absent means visible,
        /// since both dumpers skip invisible nodes unless told otherwise.
        static let visible = Flags(rawValue: 1 << 13)
        /// `showing-hint`: `text` holds the hint, not what was typed.
        static let showingHint = Flags(rawValue: 1 << 14)
        /// `NAF="true"`: UI Automator's "not accessibility friendly" mark.
        static let notAccessibilityFriendly = Flags(rawValue: 1 << 15)
        static let hasBounds = Flags(rawValue: 1 << 16)
        static let focused = Flags(rawValue: 1 << 17)
        // Noted as the values are read, so walks over elements need not look at the strings.
        /// `text` holds something other than whitespace.
        static let textNotBlank = Flags(rawValue: 1 << 18)
        /// `content-desc` holds something other than whitespace.
        static let descriptionNotBlank = Flags(rawValue: 1 << 19)
        static let hasHint = Flags(rawValue: 1 << 20)
        /// `class` is `android.widget.Spinner` (not a scrolling container, for ATF).
        static let spinner = Flags(rawValue: 1 << 21)
        /// `class` names a scrolling container (`AndroidClasses.isScrollingContainer`).
        static let scrollingContainer = Flags(rawValue: 1 << 22)
        /// The dump says `a11y-important` (Appium); UI Automator does not.
        static let importanceStated = Flags(rawValue: 1 << 23)
        /// `text` or `content-desc` is not empty (whitespace counts: TalkBack's `hasText`).
        static let speaksText = Flags(rawValue: 1 << 24)
    }

    /// Our kind for the class (`AndroidClasses`), decided once per distinct class.
    var kind: NodeKind = .view
    /// TalkBack's role for the class and clickability (`TalkBackSpeech.role`), decided once per class.
    var talkBackRole: TalkBackSpeech.Role = .none

    /// Text or a content description that is not blank.
    var speaks: Bool { !flags.isDisjoint(with: [.textNotBlank, .descriptionNotBlank]) }

}
