import A11yEngines
import A11yRules
/// One audited screen: the engines' view of the tree and the rules' findings.
public struct AuditReport: Sendable {
    public var analysis: Analysis
    public var run: RuleRun
    /// Line and column in the user's file of the nodes with findings, for a document decoded
    /// from JSON (set by `SourceLocations.resolve` while the input's bytes are at hand).
    public var nodeLocations: [Int: FilePosition] = [:]
    public init(analysis: Analysis, run: RuleRun) { self.analysis = analysis; self.run = run }

    /// Where node `index` starts in the user's file: an XML element's start tag, or a JSON
    /// node's `{`; nil when not known (a document built in code).
    public func location(of index: Int) -> FilePosition? {
        if let xml = analysis.document.sourceMap?.location(of: index) { return FilePosition(line: xml.line, column: xml.column) }
        return nodeLocations[index]
    }
}
