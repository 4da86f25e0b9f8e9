import A11yEngines
import A11yModel
/// What a rule sees. Read this first when writing a rule.
///
/// A rule is its metadata, a selector and a check (`Rule(id:wcag:level:impact:description:help:appliesTo:check:)`,
/// one file each in this folder, listed once in `RuleRegistry.all`): the selector
/// (`RuleSelector`) picks the elements or nodes the rule is about and says why it skips some,
/// and the check gets a `RuleContext` and one item, and returns its finding. Through the
/// context both read:
///
/// - **The screen as a screen-reader user meets it**: `elements`, in reading order, each with
///   its spoken label, value, hint, traits and frame, and the node it stands for. Indexed
///   questions answer what rules ask of an element: `isInteractive(elementAt:)`,
///   `isTextField(elementAt:)`, `isImage(elementAt:)`, `lacksLabel(elementAt:)`,
///   `kind(ofElementAt:)`; `controls` lists the elements the user operates.
/// - **The tree the app drew**: `document`, `nodes` / `node(_:)` (kind, label, text, style,
///   traits, component...), `traits(ofNode:)` with what `kind` and `enabled` imply,
///   `isReachable(_:)`, `drawsText(_:)`, `hasEmptyFrame(_:)`, `hasNoFrame(_:)`,
///   `combinesChildren(_:)`, and the nodes some rules are about: `nodesDrawingText`,
///   `nodesWithOwnStyle`, `nodesWithComponent`, `nodesNotFocusable`, `nodes(ofKind:)`,
///   `nodes(declaring:)`.
/// - **How a node is rendered**: `style(ofNode:)`, its colours, font and opacity after
///   inheritance and the background behind it (`RenderedStyle`, `ContrastMath`).
/// - **The screen as it was drawn**, when a screenshot came with the input: `screenshot`
///   (decoded RGBA pixels, its scale and origin), and `pixels(ofNode:)` / `pixels(of:)` for
///   the screenshot pixels a frame in tree units covers (`Screenshot`; A11yImport's `ScreenshotPlacement` placed it).
/// - **The run's settings**: `thresholds` (e.g. `thresholds.contrastText`, the platform's
///   values or the request's) and `options`.
///
/// A finding is made with `finding(element:...)`, `finding(elementAt:...)` or
/// `finding(node:...)`: the context stamps the rule's id, criteria, level and impact, and the
/// frame of what it is about. Checks that several rules share sit beside them
/// (`TextContrastCheck`, `TargetSizeCheck`, `ComponentCheck`, `LabelWords`).
/// Whatever is worked out once per run for every rule (rendered styles, element facts) lives
/// behind this context (`RuleInputs`), not in the rules.
///
/// **Cost**: a rule's doc comment states its cost in the screen's size (e.g. "O(n) in
/// elements"); none may be quadratic. Index what you compare (a dictionary by label, by
/// frame) instead of comparing every item with every other. A rule that walks subtrees or
/// does more than constant work per item counts its steps with `stopping(after:)` and
/// returns when it answers true: the audit was interrupted (time budget, client gone).
public struct RuleContext: Sendable {
    /// The rule being run, as its position in `inputs.rules`.
    var position: Int
    let inputs: RuleInputs
    /// The rules' "keep going?", made by `RuleRunner`: counts their steps and asks the audit's
    /// interrupt as they go (`stopping(after:)`).
    let poll: InterruptPoll

    public var rule: Rule { inputs.rules[position] }

    public init(rule: Rule, analysis: Analysis, options: AuditOptions) {
        self.init(at: 0, inputs: RuleInputs(analysis: analysis, options: options, rules: [rule]))
    }

    init(at position: Int, inputs: RuleInputs, poll: InterruptPoll = InterruptPoll(.never, every: .max)) {
        self.position = position
        self.inputs = inputs
        self.poll = poll
    }

    /// Counts `units` steps of the rule's work; true when the rule must stop now and return
    /// whatever it has (the audit was interrupted: the runner throws, nothing is reported).
    @inline(__always)
    public func stopping(after units: Int = 1) -> Bool { poll.stopping(after: units) }

    public var analysis: Analysis { _read { yield inputs.analysis } }
    public var options: AuditOptions { _read { yield inputs.options } }
    /// Thresholds in force: platform defaults overridden by the request's `thresholds`.
    public var thresholds: ResolvedThresholds { _read { yield inputs.thresholds } }
    public var document: Document { _read { yield inputs.analysis.document } }

    // MARK: Elements

    /// What the screen reader visits, in reading order.
    public var elements: [AccessibilityElement] { _read { yield inputs.analysis.elements } }

    /// Operated by the user: an operable trait (button, link, adjustable...) or a control's node.
    public func isInteractive(elementAt e: Int) -> Bool { inputs.facts[e].isInteractive }
    /// A text field or search field, by node kind or trait.
    public func isTextField(elementAt e: Int) -> Bool { inputs.facts[e].isTextField }
    /// An image, by node kind or trait.
    public func isImage(elementAt e: Int) -> Bool { inputs.facts[e].isImage }
    /// No spoken label, or one of whitespace only.
    public func lacksLabel(elementAt e: Int) -> Bool { inputs.facts[e].hasBlankLabel }
    /// The kind of the node the element stands for.
    public func kind(ofElementAt e: Int) -> NodeKind { inputs.facts[e].kind }
    /// Text nobody operates (a paragraph, a heading, an artist's name): shown content, whose
    /// words are the screen's, not a control's name. Best-practice rules about how labels
    /// are worded judge control and image labels, not these.
    public func isPlainText(elementAt e: Int) -> Bool {
        let f = inputs.facts[e]
        guard !f.isInteractive, !f.isImage else { return false }
        let traits = inputs.analysis.elements[e].traits
        return f.kind == .text || traits.contains(.staticText) || traits.contains(.header)
    }
    /// Indices of the elements the user operates (`isInteractive(elementAt:)`), in reading order.
    public var controls: [Int] { inputs.controls }

    // MARK: Nodes

    /// The document's nodes, parents before children.
    public var nodes: [Node] { _read { yield inputs.analysis.document.nodes } }
    public func node(_ index: Int) -> Node { inputs.analysis.document.nodes[index] }
    /// The node's traits with those its kind and `enabled: false` imply.
    public func traits(ofNode index: Int) -> Traits {
        let nodes = inputs.analysis.document.nodes
        return Node.effectiveTraits(traits: nodes[index].traits, kind: nodes[index].kind, enabled: nodes[index].enabled)
    }
    /// Visited by the screen reader (not hidden, not behind a modal).
    public func isReachable(_ node: Int) -> Bool { inputs.analysis.reachable(node) }
    /// How the node is painted: colours, font and opacity after inheritance, and its backdrop.
    func style(ofNode index: Int) -> RenderedStyle { inputs.styles.styles[index] }
    /// Nodes that draw text (a `text`, or the label of a text node), in document order.
    public var nodesDrawingText: [Int] { inputs.styles.drawingText }
    /// Nodes that set a `style` of their own, in document order.
    public var nodesWithOwnStyle: [Int] { inputs.styles.styled }
    /// Nodes that declare a `component` (carousel, tab set, rating...), in document order.
    public var nodesWithComponent: [Int] { inputs.styles.withComponent }
    /// Nodes that say `focusable: false`, in document order.
    public var nodesNotFocusable: [Int] { inputs.styles.unfocusable }
    /// Nodes of `kind`, in document order.
    public func nodes(ofKind kind: NodeKind) -> [Int] { inputs.styles.nodes(ofKind: kind, in: inputs.analysis.document.nodes) }
    /// Nodes that declare `declaration` (a deferral, one side of a labeled pair, a nested
    /// identifier step), in document order.
    public func nodes(declaring declaration: NodeDeclaration) -> [Int] { inputs.styles.nodes(declaring: declaration) }
    /// The node draws text: a non-empty `text`, or the label of a text node.
    public func drawsText(_ node: Int) -> Bool { inputs.styles.flags[node].contains(.drawsText) }
    /// The node's `frame` has no area.
    public func hasEmptyFrame(_ node: Int) -> Bool { inputs.styles.flags[node].contains(.emptyFrame) }
    /// The node has neither `accessibilityFrame` nor `frame`, so it cannot be measured.
    public func hasNoFrame(_ node: Int) -> Bool { inputs.styles.flags[node].contains(.unknownFrame) }
    /// The node folds its subtree into one element (`grouping: combine` or a `combinable`).
    public func combinesChildren(_ node: Int) -> Bool { inputs.styles.flags[node].contains(.combines) }

    // MARK: Screenshot

    /// The screenshot given with this screen, placed on its tree; nil when none was given.
    public var screenshot: Screenshot? { inputs.analysis.document.screenshot }

    /// The screenshot pixels a frame in tree units covers (clipped to the image); nil with no
    /// screenshot, or when the frame falls outside it.
    public func pixels(of frame: Rect) -> PixelRect? { screenshot?.pixelRect(frame) }

    /// The screenshot pixels where the node is drawn: its `frame`, else its element's frame.
    public func pixels(ofNode index: Int) -> PixelRect? {
        guard let screenshot, let frame = node(index).frame ?? inputs.analysis.frame(ofNode: index) else { return nil }
        return screenshot.pixelRect(frame)
    }

    // MARK: Findings

    /// A finding of this rule on `node`; the frame defaults to the node's element frame.
    public func finding(node: Int, message: String, outcome: Outcome = .violation, impact: Impact? = nil,
                        frame: Rect? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        let rule = inputs.rules[position]
        return Finding(rule: rule.id, wcag: rule.wcag, level: rule.level, impact: impact ?? rule.impact, outcome: outcome,
                       message: message, node: node, frame: frame ?? inputs.analysis.frame(ofNode: node), data: data)
    }

    /// A finding about an element, placed on the node it stands for.
    public func finding(element: AccessibilityElement, message: String, outcome: Outcome = .violation,
                        impact: Impact? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        finding(node: element.node, message: message, outcome: outcome, impact: impact, frame: element.frame, data: data)
    }

    /// A finding about `elements[index]`, placed on the node it stands for.
    public func finding(elementAt index: Int, message: String, outcome: Outcome = .violation,
                        impact: Impact? = nil, data: [(key: String, value: DataValue)] = []) -> Finding {
        finding(node: inputs.facts[index].node, message: message, outcome: outcome, impact: impact,
                frame: elements[index].frame, data: data)
    }
}
