import A11yModel
/// WCAG 2.2 success criteria the reports link to: number, title, level and the slug of the
/// W3C "Understanding" page.
public enum WCAGCriteria {
    public struct Criterion: Sendable, Equatable {
        public var number: String
        public var title: String
        public var level: WCAGLevel
        public var slug: String

        /// W3C explanation of the criterion, the help link of rules that cite it.
        public var understandingURI: String { "https://www.w3.org/WAI/WCAG22/Understanding/\(slug).html" }
    }

    public static let informationURI = "https://www.w3.org/TR/WCAG22/"

    public static func criterion(_ number: String) -> Criterion? {
        all.first { $0.number == number }
    }

    /// The help link of a rule or finding citing `criteria`: the Understanding page of the
    /// first one this table knows; nil for best practices, which cite none.
    public static func helpURL(_ criteria: [String]) -> String? {
        for number in criteria { if let uri = understandingURIs[number] { return uri } }
        return nil
    }

    private static let understandingURIs: [String: String] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.number, $0.understandingURI) })

    /// The A and AA criteria of WCAG 2.2, plus the AAA ones rules may cite.
    public static let all: [Criterion] = [
        .init(number: "1.1.1", title: "Non-text Content", level: .A, slug: "non-text-content"),
        .init(number: "1.2.1", title: "Audio-only and Video-only (Prerecorded)", level: .A, slug: "audio-only-and-video-only-prerecorded"),
        .init(number: "1.2.2", title: "Captions (Prerecorded)", level: .A, slug: "captions-prerecorded"),
        .init(number: "1.2.3", title: "Audio Description or Media Alternative (Prerecorded)", level: .A, slug: "audio-description-or-media-alternative-prerecorded"),
        .init(number: "1.2.4", title: "Captions (Live)", level: .AA, slug: "captions-live"),
        .init(number: "1.2.5", title: "Audio Description (Prerecorded)", level: .AA, slug: "audio-description-prerecorded"),
        .init(number: "1.3.1", title: "Info and Relationships", level: .A, slug: "info-and-relationships"),
        .init(number: "1.3.2", title: "Meaningful Sequence", level: .A, slug: "meaningful-sequence"),
        .init(number: "1.3.3", title: "Sensory Characteristics", level: .A, slug: "sensory-characteristics"),
        .init(number: "1.3.4", title: "Orientation", level: .AA, slug: "orientation"),
        .init(number: "1.3.5", title: "Identify Input Purpose", level: .AA, slug: "identify-input-purpose"),
        .init(number: "1.4.1", title: "Use of Color", level: .A, slug: "use-of-color"),
        .init(number: "1.4.2", title: "Audio Control", level: .A, slug: "audio-control"),
        .init(number: "1.4.3", title: "Contrast (Minimum)", level: .AA, slug: "contrast-minimum"),
        .init(number: "1.4.4", title: "Resize Text", level: .AA, slug: "resize-text"),
        .init(number: "1.4.5", title: "Images of Text", level: .AA, slug: "images-of-text"),
        .init(number: "1.4.6", title: "Contrast (Enhanced)", level: .AAA, slug: "contrast-enhanced"),
        .init(number: "1.4.10", title: "Reflow", level: .AA, slug: "reflow"),
        .init(number: "1.4.11", title: "Non-text Contrast", level: .AA, slug: "non-text-contrast"),
        .init(number: "1.4.12", title: "Text Spacing", level: .AA, slug: "text-spacing"),
        .init(number: "1.4.13", title: "Content on Hover or Focus", level: .AA, slug: "content-on-hover-or-focus"),
        .init(number: "2.1.1", title: "Keyboard", level: .A, slug: "keyboard"),
        .init(number: "2.1.2", title: "No Keyboard Trap", level: .A, slug: "no-keyboard-trap"),
        .init(number: "2.1.4", title: "Character Key Shortcuts", level: .A, slug: "character-key-shortcuts"),
        .init(number: "2.2.1", title: "Timing Adjustable", level: .A, slug: "timing-adjustable"),
        .init(number: "2.2.2", title: "Pause, Stop, Hide", level: .A, slug: "pause-stop-hide"),
        .init(number: "2.3.1", title: "Three Flashes or Below Threshold", level: .A, slug: "three-flashes-or-below-threshold"),
        .init(number: "2.3.3", title: "Animation from Interactions", level: .AAA, slug: "animation-from-interactions"),
        .init(number: "2.4.1", title: "Bypass Blocks", level: .A, slug: "bypass-blocks"),
        .init(number: "2.4.2", title: "Page Titled", level: .A, slug: "page-titled"),
        .init(number: "2.4.3", title: "Focus Order", level: .A, slug: "focus-order"),
        .init(number: "2.4.4", title: "Link Purpose (In Context)", level: .A, slug: "link-purpose-in-context"),
        .init(number: "2.4.5", title: "Multiple Ways", level: .AA, slug: "multiple-ways"),
        .init(number: "2.4.6", title: "Headings and Labels", level: .AA, slug: "headings-and-labels"),
        .init(number: "2.4.7", title: "Focus Visible", level: .AA, slug: "focus-visible"),
        .init(number: "2.4.9", title: "Link Purpose (Link Only)", level: .AAA, slug: "link-purpose-link-only"),
        .init(number: "2.4.11", title: "Focus Not Obscured (Minimum)", level: .AA, slug: "focus-not-obscured-minimum"),
        .init(number: "2.5.1", title: "Pointer Gestures", level: .A, slug: "pointer-gestures"),
        .init(number: "2.5.2", title: "Pointer Cancellation", level: .A, slug: "pointer-cancellation"),
        .init(number: "2.5.3", title: "Label in Name", level: .A, slug: "label-in-name"),
        .init(number: "2.5.4", title: "Motion Actuation", level: .A, slug: "motion-actuation"),
        .init(number: "2.5.5", title: "Target Size (Enhanced)", level: .AAA, slug: "target-size-enhanced"),
        .init(number: "2.5.7", title: "Dragging Movements", level: .AA, slug: "dragging-movements"),
        .init(number: "2.5.8", title: "Target Size (Minimum)", level: .AA, slug: "target-size-minimum"),
        .init(number: "3.1.1", title: "Language of Page", level: .A, slug: "language-of-page"),
        .init(number: "3.1.2", title: "Language of Parts", level: .AA, slug: "language-of-parts"),
        .init(number: "3.2.1", title: "On Focus", level: .A, slug: "on-focus"),
        .init(number: "3.2.2", title: "On Input", level: .A, slug: "on-input"),
        .init(number: "3.2.3", title: "Consistent Navigation", level: .AA, slug: "consistent-navigation"),
        .init(number: "3.2.4", title: "Consistent Identification", level: .AA, slug: "consistent-identification"),
        .init(number: "3.2.6", title: "Consistent Help", level: .A, slug: "consistent-help"),
        .init(number: "3.3.1", title: "Error Identification", level: .A, slug: "error-identification"),
        .init(number: "3.3.2", title: "Labels or Instructions", level: .A, slug: "labels-or-instructions"),
        .init(number: "3.3.3", title: "Error Suggestion", level: .AA, slug: "error-suggestion"),
        .init(number: "3.3.4", title: "Error Prevention (Legal, Financial, Data)", level: .AA, slug: "error-prevention-legal-financial-data"),
        .init(number: "3.3.7", title: "Redundant Entry", level: .A, slug: "redundant-entry"),
        .init(number: "3.3.8", title: "Accessible Authentication (Minimum)", level: .AA, slug: "accessible-authentication-minimum"),
        .init(number: "4.1.2", title: "Name, Role, Value", level: .A, slug: "name-role-value"),
        .init(number: "4.1.3", title: "Status Messages", level: .AA, slug: "status-messages"),
    ]
}
