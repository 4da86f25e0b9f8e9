import A11yEngines
import A11yModel
import A11yRules
/// Plain-text facts about a finding shared by the JUnit and HTML reports.
/// Pointers and identifiers are in the bounded forms people read (`NodePaths.shortPointer`,
/// `BoundedText.shown`), so a deep chain's findings do not each repeat their ancestors.
struct FindingContext {
    var pointer: String
    var id: String?
    var identifier: String?
    /// What the screen reader says for the element holding the node, if the node is part of one.
    var spoken: String?
    /// Reading-order number (1-based) of that element.
    var stop: Int?

    init(_ finding: Finding, in analysis: Analysis) {
        let node = finding.node
        let document = analysis.document
        pointer = NodePaths.shortPointer(of: node, in: document)
        id = document.nodes[node].id
        identifier = node < analysis.composedIdentifier.count ? analysis.composedIdentifier[node] : nil
        if identifier == nil { identifier = document.nodes[node].identifier }
        identifier = identifier.map(BoundedText.shown)
        if node < analysis.elementOfNode.count, let element = analysis.elementOfNode[node] {
            spoken = analysis.elements[element].spoken
            stop = element + 1
        }
    }

    /// `/root/children/0 (id "ok", identifier "login.ok")`
    var whereText: String {
        var parts: [String] = []
        if let id { parts.append("id \"\(id)\"") }
        if let identifier { parts.append("identifier \"\(identifier)\"") }
        return parts.isEmpty ? pointer : pointer + " (" + parts.joined(separator: ", ") + ")"
    }
}

extension Finding {
    /// `1.4.3 AA`, `best practice` when no criterion applies.
    var criteriaText: String {
        let level = level.map { " " + $0.rawValue } ?? ""
        return wcag.isEmpty ? "best practice" : wcag.joined(separator: ", ") + level
    }
}

extension Platform {
    /// The screen reader whose words `spoken` holds: TalkBack's for Android trees, VoiceOver's
    /// otherwise (reports name it beside what it says).
    var screenReader: String { self == .android ? "TalkBack" : "VoiceOver" }
}
