/// Bounds on what one audit may build and answer, so a small hostile request cannot turn
/// into a huge response, a huge peak of memory or an allocation failure. `DecodeLimits`
/// bounds what a request may hold; this bounds what the engines and rules derive from it.
/// Defaults are documented in docs/reliability.md ("Limits").
///
/// Each bound is met in the way a reader of the answer would expect:
/// - a derived text that is too long is cut (at a UTF-8 boundary) and ends with
///   `truncationMarker`, so the answer says it was cut;
/// - a list inside a finding keeps its first entries and counts the rest (`relatedOmitted`);
/// - findings and suppressed findings past their caps are counted, not listed
///   (`summary.findingsOmitted`, `summary.suppressedOmitted`);
/// - output that would pass `maxOutputBytes` stops listing findings (counted as omitted), and
///   stops the audit with an `InputError` of kind `.limit` when elements or identifiers
///   would pass it: those are the answer itself, and half of them would mislead.
public struct AuditBudget: Sendable, Equatable {
    /// Bytes of one text the engines compose: joined strategy labels, composed labels,
    /// values and hints, composed and nested identifiers, deferred content, spoken text.
    public var maxTextBytes = 65_536
    /// Entries of one list inside a finding (`data.related`).
    public var maxListEntries = 100
    /// Findings listed per screen; the first in reading order are kept while the rules run.
    public var maxFindings = AuditBudget.defaultMaxFindings
    /// Suppressed findings listed per screen.
    public var maxSuppressed = 10_000
    /// Bytes of variable-length output (texts and JSON Pointers of elements, identifiers,
    /// findings and their lists) the whole audit may produce. Entry points that see the
    /// request's bytes set it to `outputFactor × request bytes + outputConstant`.
    public var maxOutputBytes: Int

    /// Variable-length output allowed per byte of request.
    public static let outputFactor = 32
    /// Variable-length output allowed on top, whatever the request's size.
    public static let outputConstant = 4 << 20
    /// What a response in any format is designed to stay within: `responseFactor × request bytes +
    /// responseConstant`. Texts and pointers are bounded by `maxOutputBytes`; the rest is
    /// fixed-size per element (an element needs 13 or more request bytes) and per listed
    /// finding (at most `maxFindings`). Tests check it for every hostile shape.
    public static let responseFactor = 64
    public static let responseConstant = 16 << 20
    /// Ends a derived text that was cut at `maxTextBytes` (U+2026, three bytes of UTF-8).
    public static let truncationMarker = "\u{2026}"

    /// The budget for a request of `requestBytes` bytes.
    public init(requestBytes: Int) {
        let scaled = requestBytes.multipliedReportingOverflow(by: AuditBudget.outputFactor)
        maxOutputBytes = scaled.overflow ? Int.max : scaled.partialValue.addingReportingOverflow(AuditBudget.outputConstant).partialValue
    }

    /// For documents whose request bytes are not known: sized as for the largest body the
    /// service accepts (8 MiB).
    public static let `default` = AuditBudget(requestBytes: 8 << 20)

    /// Caps the findings listed per screen so a hostile tree (250,000 nodes, each failing
    /// several rules) cannot make a response of hundreds of megabytes.
    public static let defaultMaxFindings = 10_000
}
