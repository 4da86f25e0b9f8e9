/// WCAG conformance level.
public enum WCAGLevel: String, Sendable, Comparable, CaseIterable {
    case A, AA, AAA
    private var rank: Int { switch self { case .A: 0; case .AA: 1; case .AAA: 2 } }
    public static func < (a: WCAGLevel, b: WCAGLevel) -> Bool { a.rank < b.rank }
}

/// A value from the request together with where it was found, so later validation
/// (e.g. an unknown rule id) can point at it.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var pointer: String
    public init(_ value: Value, at pointer: String) { self.value = value; self.pointer = pointer }
}

/// `options` of a request. CLI flags set them too, over the tree's own (`OptionOverrides`,
/// declared with the other per-audit parameters in `AuditParameter.all`).
public struct AuditOptions: Sendable {
    /// Highest WCAG level checked; AA by default. AAA turns on rules such as 1.4.6.
    public var level: WCAGLevel = .AA
    /// The preset whose rules run by default (`RulePresets`: `wcag22-aa@1`), instead of the
    /// latest preset of `level`.
    public var preset: Located<String>?
    /// Rules to run in addition to the defaults for the level (e.g. off-by-default rules).
    public var enable: [Located<String>] = []
    /// Rules not to run.
    public var disable: [Located<String>] = []
    /// When set, only these rules run.
    public var only: [Located<String>]?
    public var thresholds = Thresholds()
    public var suppressions: [Suppression] = []
    /// Fingerprints of known findings (see reports); empty when no baseline is given.
    public var baseline: [Located<String>]?
    /// Name of the input used in reports (SARIF artifact URI).
    public var source: String?
    /// The tree's own `preset` and `only` that a front end's flag or query replaced: still
    /// checked, so a request naming an unknown preset or rule is refused whatever replaced it.
    public var replaced: (presets: [Located<String>], only: [Located<String>]) = ([], [])

    public init() {}
}

/// Overrides of the platform defaults. nil keeps the default.
public struct Thresholds: Sendable {
    public var targetWidth: Double?
    public var targetHeight: Double?
    public var contrastText: Double?
    public var contrastLargeText: Double?
    public var contrastNonText: Double?
    public init() {}
}

/// Suppresses matching findings. Every given field must match; at least one of
/// `id`, `identifier`, `node` or `rule` is set.
public struct Suppression: Sendable {
    public var rule: String?
    public var id: String?
    public var identifier: String?
    /// JSON Pointer of the node.
    public var node: String?
    public var reason: String?
    public var pointer: String
    public init(pointer: String) { self.pointer = pointer }

    /// The bytes of its texts, which every suppressed finding it matches writes again.
    package var writtenBytes: Int {
        [rule, id, identifier, node, reason].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    }
}
