import A11yModel
/// Named, versioned sets of rules that run by default, like ATF's versioned presets and
/// axe-core's tags: a pipeline pinned to `wcag22-aa@1` runs the same rules next year, however
/// many rules are added meanwhile, so it does not start failing on a rule it never asked for.
///
/// A preset is a WCAG level and a version: `wcag22-aa@2` runs the rules that versions 1 and 2
/// hold whose level is at most AA, and every best practice among them. Without `@N` a preset
/// is its latest version, and with no preset the request's `level` picks one (AA unless said
/// otherwise): that is what runs by default. A rule held by no version (`label-in-name`, new
/// and unreviewed) runs only when enabled by name.
public enum RulePresets {
    /// The rules each version added, oldest first. A new rule that should run by default goes
    /// into a new version at the end, never into an old one.
    static let versions: [[String]] = [
        // @1: what ran by default when presets came (2026-11-28).
        [
            "text-contrast", "text-contrast-enhanced", "non-text-contrast", "text-scaling", "image-name",
            "canvas-alternative", "rating-display-announcement", "code-block-announcement", "target-size",
            "target-size-enhanced", "keyboard-focusable", "auto-advance-reduce-motion", "link-purpose",
            "control-name", "text-field-name", "conflicting-role-traits", "missing-role-trait",
            "combined-button-trait", "carousel-announcement", "accordion-state", "rating-input-announcement",
            "progress-announcement", "spinner-announcement", "tab-set-selection", "editable-content-description",
            "deferral-several-receivers", "deferral-ambiguous-source", "deferral-error-unreceived",
            "labeled-pair-incomplete", "label-role-words", "label-trailing-period", "label-code-like",
            "label-equals-hint", "duplicate-label", "duplicate-frame", "duplicate-identifier",
            "nested-identifier-container", "deferral-missing-source", "class-name",
        ],
        // @2: adjustable-value (4.1.2: an adjustable element reads its value).
        ["adjustable-value"],
        // @3: heading-name (best practice, axe-core's empty-heading: a heading has a spoken name).
        ["heading-name"],
    ]

    /// The levels presets are named after.
    static let levels: [(name: String, level: WCAGLevel)] = [("wcag22-a", .A), ("wcag22-aa", .AA), ("wcag22-aaa", .AAA)]

    /// The latest version.
    public static var latest: Int { versions.count }

    /// Every preset name with its version, for messages and catalogues.
    public static var names: [String] {
        levels.flatMap { level in (1...latest).map { "\(level.name)@\($0)" } }
    }

    /// A preset: the rules of versions 1...`version` at or below `level`.
    public struct Preset: Equatable, Sendable {
        public var level: WCAGLevel
        public var version: Int
    }

    /// `wcag22-aa@1`, or `wcag22-aa` for the latest version; nil for any other text.
    public static func preset(named text: String) -> Preset? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let level = levels.first(where: { $0.name == parts[0] })?.level else { return nil }
        guard parts.count == 2 else { return Preset(level: level, version: latest) }
        guard let version = Int(parts[1]), (1...latest).contains(version), String(version) == parts[1] else { return nil }
        return Preset(level: level, version: version)
    }

    /// The ids the versions up to `version` hold.
    static func ids(through version: Int) -> Set<String> {
        Set(versions.prefix(version).joined())
    }

    /// "Unknown preset …" naming the presets there are.
    package static func unknownMessage(_ text: String) -> String {
        "Unknown preset \"\(text)\"; presets: \(names.joined(separator: ", ")) (without @N: the latest)."
    }

    /// The registry's rules with `enabledByDefault` set from the latest version.
    static func markingDefaults(_ rules: [Rule]) -> [Rule] {
        let current = ids(through: latest)
        return rules.map { rule in
            var marked = rule
            marked.enabledByDefault = current.contains(rule.id)
            return marked
        }
    }
}
