import A11yModel
/// Who will act on a finding, by the input they sent: the words of a fix differ between an
/// iOS app (accessibilityLabel, Dynamic Type), an Android app (contentDescription, sp), a web
/// page (aria-label, rem) and a design file (layer names and annotations in Figma).
public enum Audience: String, Sendable, CaseIterable {
    case ios, android, web, design

    /// The audience of `document`: a design when it was imported from a Figma file (its
    /// source is JSON, not a tree of our wire format nor an XML dump), else its platform's.
    init(_ document: Document) {
        if document.sourceMap?.json != nil { self = .design; return }
        switch document.platform {
        case .ios: self = .ios
        case .android: self = .android
        case .web: self = .web
        }
    }
}

/// A rule's help in its audience's words. `Rule.help` is the general (iOS-worded) text the
/// catalogue shows; a rule whose fix is said with platform APIs has variants here, and a
/// report of a document picks the variant of its audience.
public enum PlatformHelp {
    public static func help(_ rule: Rule, for audience: Audience) -> String {
        variants[rule.id]?[audience] ?? rule.help
    }

    package static func help(_ rule: Rule, in document: Document) -> String { help(rule, for: Audience(document)) }

    /// Only where the wording names platform APIs; every other rule's help fits all.
    static let variants: [String: [Audience: String]] = [
        "image-name": [
            .android: "Describe the image in its contentDescription, or hide it (importantForAccessibility=\"no\", or a null contentDescription) when it is decorative.",
            .web: "Describe the image in its alt text (or aria-label), or hide it (alt=\"\" or aria-hidden=\"true\") when it is decorative.",
            .design: "Annotate the image with the description it should read, or mark the layer decorative, so the build gives it a label or hides it.",
        ],
        "text-scaling": [
            .android: "Size text in sp (not dp or px) so it follows the system font size, and let its container grow with it.",
            .web: "Size text in rem or em (not px) so it follows the browser's text size, and let its container grow with it.",
            .design: "Use the design system's text styles and annotate that text follows the system size, with room to grow.",
        ],
        "text-field-name": [
            .android: "Label the field: android:labelFor on its visible label, or a TextInputLayout hint; a placeholder is not a name.",
            .web: "Label the field: a <label for> or aria-labelledby pointing at its visible label, or aria-label; a placeholder is not a name.",
            .design: "Give the field a visible label in the design and name the layer after it; a placeholder is not a name.",
        ],
        "control-name": [
            .android: "Give the control a contentDescription (or visible text) that says what it does (e.g. \"Share\", not an icon name).",
            .web: "Give the control a name that says what it does: its text, aria-label or aria-labelledby (e.g. \"Share\", not an icon name).",
            .design: "Name the layer (or annotate it) with what the control does (e.g. \"Share\", not an icon name), so the build labels it.",
        ],
        "label-code-like": [
            .android: "Replace the contentDescription with human wording; keep identifiers in the resource-id.",
            .web: "Replace the accessible name with human wording; keep identifiers in id or data-testid.",
            .design: "Rename the layer (or its annotation) with human wording; keep technical names out of what is read.",
        ],
        "target-size": [
            .android: "Enlarge the touch target to 48x48 dp (32 dp against the screen's edge): android:minWidth / minHeight, padding, or a TouchDelegate.",
            .web: "Enlarge the target to 24x24 CSS px (min-width / min-height or padding), or keep 24 px between it and other targets.",
            .design: "Draw the control's hit area at its platform's minimum (iOS 44x44 pt, Android 48x48 dp, web 24x24 px) and annotate it.",
        ],
        "label-in-name": [
            .android: "Start the contentDescription with the text the control shows (or drop it and let the visible text be read).",
            .web: "Start the aria-label with the visible text (or drop it and let the visible text be the name).",
            .design: "Name the layer (or annotation) starting with the text the control shows.",
        ],
        "label-role-words": [
            .android: "Drop the word from the contentDescription: TalkBack already says \"Button\" / \"Selected\" from the role and state; put instructions in the hint.",
            .web: "Drop the word from the accessible name: the screen reader already says \"button\" / \"selected\" from the role and state.",
            .design: "Drop role words (\"button\", \"selected\") from the layer name or annotation: the role is read on its own.",
        ],
        "auto-advance-reduce-motion": [
            .android: "Stop auto-advancing when animations are off (Settings.Global.ANIMATOR_DURATION_SCALE is 0) and while TalkBack focuses it; offer a pause control.",
            .web: "Stop auto-advancing under prefers-reduced-motion and while it has focus; offer a pause control.",
            .design: "Annotate a pause control and that the carousel stops under reduced motion.",
        ],
        "missing-role-trait": [
            .android: "Use the native widget, or set the role (AccessibilityNodeInfo className, e.g. android.widget.Button).",
            .web: "Use the native element (<button>, <a href>) or add the ARIA role (e.g. role=\"button\").",
            .design: "Use the design system's component for the control, or annotate its role (button, link, tab).",
        ],
    ]
}
