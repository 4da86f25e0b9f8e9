import A11yModel
/// How badly a finding hurts users (axe-core's scale).
public enum Impact: String, Sendable, Comparable, CaseIterable {
    case minor, moderate, serious, critical
    private var rank: Int { switch self { case .minor: 0; case .moderate: 1; case .serious: 2; case .critical: 3 } }
    public static func < (a: Impact, b: Impact) -> Bool { a.rank < b.rank }
}

public enum Outcome: String, Sendable {
    /// The check failed.
    case violation
    /// The check could not decide; a person must look (e.g. contrast over a gradient).
    case incomplete
}

/// A measured figure attached to a finding (`data` on the wire).
public enum DataValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case strings([String])
    /// Another node the finding is about (written as its path-table entry, or its pointer in reports for people).
    case node(Int)
    /// Other nodes the finding is about (a list capped like `strings`).
    case nodes([Int])

    /// A list a finding's budget may cut (`strings`, `nodes`).
    var isList: Bool {
        switch self {
        case .strings, .nodes: true
        default: false
        }
    }
}

/// One problem on one node. Pointer, id, identifier and frame are derived from `node`
/// when the report is written.
public struct Finding: Sendable {
    public var rule: String
    public var wcag: [String]
    public var level: WCAGLevel?
    public var impact: Impact
    public var outcome: Outcome
    public var message: String
    /// Node index in the document.
    public var node: Int
    /// Frame the finding is about (element or node frame), if known.
    public var frame: Rect?
    /// Ordered key/value figures.
    public var data: [(key: String, value: DataValue)]

    public init(rule: String, wcag: [String], level: WCAGLevel?, impact: Impact, outcome: Outcome = .violation,
                message: String, node: Int, frame: Rect? = nil, data: [(key: String, value: DataValue)] = []) {
        self.rule = rule; self.wcag = wcag; self.level = level; self.impact = impact; self.outcome = outcome
        self.message = message; self.node = node; self.frame = frame; self.data = data
    }
}

/// One check, read like an axe-core rule or an ATF check: what it is (a stable id, its WCAG
/// criteria, level, impact, description and help), which items of a screen it is about (its
/// `selector`), why it does not run on some of them (ATF's "not run" results), and the check
/// of each item it runs on. Rules are pure: they read the analysis through `RuleContext` and
/// return findings; `RuleEvaluation` walks the selector and calls the check.
///
/// A rule with no item to check on a screen is *inapplicable* (axe's fourth outcome), never
/// passed: `summary.rules.inapplicable` lists it with the reason its selector gives.
public struct Rule: Sendable {
    /// Stable kebab-case id used in findings, options and suppressions.
    public var id: String
    /// WCAG success criteria, e.g. `["1.4.3"]`; empty for best practices.
    public var wcag: [String]
    /// Conformance level; nil marks a best practice.
    public var level: WCAGLevel?
    /// Default impact of its findings (a finding may raise or lower it).
    public var impact: Impact
    /// One line for catalogues.
    public var description: String
    /// What to do about a finding.
    public var help: String
    /// Whether it runs without being named in `rules.enable`. For the registry's rules this is
    /// whether the latest presets hold it (`RulePresets`); a registry made by hand (tests,
    /// tools) sets it per rule.
    public var enabledByDefault: Bool
    /// Which items it looks at, and why it skips some.
    public var selector: RuleSelector
    /// What it checks on each item it runs on.
    public var check: RuleCheck

    /// A rule that checks each item its selector picks on its own; `check` returns the
    /// item's finding, or nil when the item passes.
    public init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
                enabledByDefault: Bool = true, appliesTo selector: RuleSelector,
                check: @escaping @Sendable (RuleContext, Int) -> Finding?) {
        self.init(id: id, wcag: wcag, level: level, impact: impact, description: description, help: help,
                  enabledByDefault: enabledByDefault, selector: selector, check: .each(check))
    }

    /// A rule whose check of one item may find several problems (a label and a value).
    public init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
                enabledByDefault: Bool = true, appliesTo selector: RuleSelector,
                checks: @escaping @Sendable (RuleContext, Int) -> [Finding]) {
        self.init(id: id, wcag: wcag, level: level, impact: impact, description: description, help: help,
                  enabledByDefault: enabledByDefault, selector: selector, check: .eachMany(checks))
    }

    /// A rule that compares the items its selector picks with each other (duplicates), or
    /// reports what an engine noticed about them: `checkTogether` gets them all at once, in
    /// the selector's order.
    public init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
                enabledByDefault: Bool = true, appliesTo selector: RuleSelector,
                checkTogether: @escaping @Sendable (RuleContext, [Int]) -> [Finding]) {
        self.init(id: id, wcag: wcag, level: level, impact: impact, description: description, help: help,
                  enabledByDefault: enabledByDefault, selector: selector, check: .together(checkTogether))
    }

    /// A rule about the screen as a whole, never inapplicable (registries made by hand in
    /// tests and tools).
    public init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
                enabledByDefault: Bool = true, check: @escaping @Sendable (RuleContext) -> [Finding]) {
        self.init(id: id, wcag: wcag, level: level, impact: impact, description: description, help: help,
                  enabledByDefault: enabledByDefault, selector: .screen, check: .together { ctx, _ in check(ctx) })
    }

    init(id: String, wcag: [String], level: WCAGLevel?, impact: Impact, description: String, help: String,
         enabledByDefault: Bool, selector: RuleSelector, check: RuleCheck) {
        self.id = id; self.wcag = wcag; self.level = level; self.impact = impact
        self.description = description; self.help = help; self.enabledByDefault = enabledByDefault
        self.selector = selector
        self.check = check
    }

    /// Whether the rule runs by default at `level`: best practices always, criteria up to the level.
    public func isDefault(at level: WCAGLevel) -> Bool {
        guard enabledByDefault else { return false }
        return isWithin(level)
    }

    /// Whether a check at `level` covers it: best practices always, criteria up to the level.
    func isWithin(_ level: WCAGLevel) -> Bool {
        guard let own = self.level else { return true }
        return own <= level
    }
}

/// Which items of a screen a rule is about, in the domain's words (axe: the rule's selector
/// and `matches`; ATF: the views a check evaluates), and why it does not run where it cannot
/// judge (ATF's NOT_RUN result ids, each with its reason).
///
/// For each screen: when `notRunOnScreen` gives a reason, the rule is inapplicable for it
/// (not an Android tree, no touch screen). Otherwise the items of `items` that `where`
/// accepts are the rule's subjects; a subject for which `notRun` gives a reason is skipped
/// (no colours known, the input does not say). The rule is inapplicable when it has no
/// subject (`none` says why) or skipped every one (the first reason given says why).
public struct RuleSelector: Sendable {
    /// Where the items come from; an item is an index into what it names.
    public enum Items: Sendable {
        /// The screen as a whole: one item (0).
        case screen
        /// `RuleContext.elements`, the screen reader's stops in reading order.
        case elements
        /// The elements the user operates (`RuleContext.controls`), in reading order.
        case controls
        /// Every node of the tree, parents before children.
        case nodes
        /// The nodes of one kind (every canvas, every carousel), parents before children.
        case nodesOfKind(NodeKind)
        /// The nodes that declare a structure the engines resolve (deferral, labeled pairs,
        /// nested identifiers), parents before children.
        case nodesDeclaring(NodeDeclaration)
        /// The nodes that draw text (`RuleContext.nodesDrawingText`).
        case nodesDrawingText
        /// The nodes that set a style of their own (`RuleContext.nodesWithOwnStyle`).
        case nodesWithOwnStyle
        /// The nodes that declare a component (`RuleContext.nodesWithComponent`).
        case nodesWithComponent
        /// The nodes that say `focusable: false` (`RuleContext.nodesNotFocusable`).
        case nodesNotFocusable
    }

    public var items: Items
    /// Whether the rule is about the item (nil: every item).
    public var filter: (@Sendable (RuleContext, Int) -> Bool)?
    /// Why the rule is inapplicable when it is about no item of the screen, e.g. "no images".
    public var none: String
    /// The same, when it depends on the screen (worked out only when needed); wins over `none`.
    public var whenNone: (@Sendable (RuleContext) -> String)?
    /// Why the rule does not run on this screen at all, or nil when it does.
    public var notRunOnScreen: (@Sendable (RuleContext) -> String?)?
    /// Why the rule cannot judge an item it is about, or nil when it can.
    public var notRun: (@Sendable (RuleContext, Int) -> String?)?

    /// The items of `items` for which `where` holds; `none` says why the rule is
    /// inapplicable when there is none.
    public init(_ items: Items, where filter: (@Sendable (RuleContext, Int) -> Bool)? = nil, none: String,
                notRunOnScreen: (@Sendable (RuleContext) -> String?)? = nil,
                notRun: (@Sendable (RuleContext, Int) -> String?)? = nil) {
        self.items = items; self.filter = filter; self.none = none
        self.notRunOnScreen = notRunOnScreen; self.notRun = notRun
    }

    /// The same, with the reason for having no item worked out from the screen.
    public init(_ items: Items, where filter: (@Sendable (RuleContext, Int) -> Bool)? = nil,
                whenNone: @escaping @Sendable (RuleContext) -> String,
                notRun: (@Sendable (RuleContext, Int) -> String?)? = nil) {
        self.init(items, where: filter, none: "", notRun: notRun)
        self.whenNone = whenNone
    }

    /// The whole screen, always there to check.
    public static let screen = RuleSelector(.screen, none: "")
}

/// A structure a node declares for the engines to resolve.
public enum NodeDeclaration: Sendable {
    /// A deferral content list (Blueprint's AccessibilityDeferral container).
    case deferral
    /// One side of a labeled pair.
    case labeledPair
    /// An `a11yRoot` or `nestedIdentifier`: a step of a nested identifier path.
    case nestedIdentifier
}

/// What a rule checks on the items its selector picks.
public enum RuleCheck: Sendable {
    /// Each item on its own: its finding, or nil.
    case each(@Sendable (RuleContext, Int) -> Finding?)
    /// Each item on its own, which may have several findings.
    case eachMany(@Sendable (RuleContext, Int) -> [Finding])
    /// All items at once, in the selector's order.
    case together(@Sendable (RuleContext, [Int]) -> [Finding])
}

/// Why a rule does not run, in the words `summary.rules.inapplicable` uses. Reasons several
/// rules share are named here so they read the same everywhere.
enum NotRunReason {
    static let notAndroid = "not an Android tree"
    static let noColours = "no colours and no screenshot"
    static let noTouchScreen = "the screen is no touch screen (a TV)"
}
