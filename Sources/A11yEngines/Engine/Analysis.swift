import A11yModel
/// What the engines computed for one document: the screen reader's view of the tree,
/// composed identifiers, and structural problems the rules report.
public struct Analysis: Sendable {
    public var document: Document { didSet { elementFacts = [] } }
    /// Elements in navigation order.
    public var elements: [AccessibilityElement] { didSet { elementFacts = [] } }
    /// Composed nested identifiers, in document order.
    public var identifiers: [ComposedIdentifier]
    /// For each node: the element it is part of (index into `elements`), if any.
    public var elementOfNode: [Int?]
    /// For each node: reachable by the screen reader (not hidden, not behind a modal).
    public var isReachable: [Bool]
    /// For each node: composed nested identifier, if any.
    public var composedIdentifier: [String?]
    /// Structural problems noticed by the engines (deferral, nested ids, labeled pairs).
    public var diagnostics: [Diagnostic]
    /// What rules ask of each element (`ElementFacts.of`), one per element when the analyzer
    /// made them; dropped when elements or document change.
    var elementFacts: [ElementFacts]

    public init(document: Document) {
        self.init(document: document, elements: [], identifiers: [], elementOfNode: [], isReachable: [],
                  composedIdentifier: [], diagnostics: [], elementFacts: [])
    }

    init(document: Document, elements: [AccessibilityElement], identifiers: [ComposedIdentifier],
         elementOfNode: [Int?], isReachable: [Bool], composedIdentifier: [String?], diagnostics: [Diagnostic],
         elementFacts: [ElementFacts]) {
        self.document = document; self.elements = elements; self.identifiers = identifiers
        self.elementOfNode = elementOfNode; self.isReachable = isReachable
        self.composedIdentifier = composedIdentifier; self.diagnostics = diagnostics
        self.elementFacts = elementFacts
    }
}

public struct ComposedIdentifier: Equatable, Sendable {
    public var node: Int
    public var identifier: String
    public init(node: Int, identifier: String) { self.node = node; self.identifier = identifier }
}

/// A structural problem found while building elements; rules turn these into findings.
public struct Diagnostic: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A deferral container with more than one receiver: nothing was deferred.
        case deferralSeveralReceivers
        /// A deferral content identifier that matches no source.
        case deferralContentWithoutSource
        /// A deferral content identifier that matches two or more sources.
        case deferralContentWithSeveralSources
        /// An `error` source that could not reach a receiver.
        case deferralErrorWithoutReceiver
        /// A node with nested identifiers below it whose grouping is not `contain`.
        case nestedIdentifierContainerNotContain
        /// A labeled pair with no counterpart of the other role.
        case labeledPairMissingCounterpart
    }
    public var kind: Kind
    /// The node at fault.
    public var node: Int
    public var message: String
    /// Other nodes involved (receivers, sources), at most `AuditBudget.maxListEntries`.
    public var related: [Int]
    /// Related nodes left out of `related` (the budget's list or output cap).
    public var relatedOmitted: Int
    public init(_ kind: Kind, node: Int, message: String, related: [Int] = [], relatedOmitted: Int = 0) {
        self.kind = kind; self.node = node; self.message = message; self.related = related
        self.relatedOmitted = relatedOmitted
    }
}
