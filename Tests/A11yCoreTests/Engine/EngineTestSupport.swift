import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yReports
import A11yTestSupport

extension Analysis {
    var labels: [String?] { elements.map(\.label) }
    var spoken: [String] { elements.map(\.spoken) }

    /// The element the node with author id `id` is part of.
    func element(_ id: String) -> AccessibilityElement? {
        guard let node = document.indexByID[id], let index = elementOfNode[node] else { return nil }
        return elements[index]
    }

    func node(_ id: String) -> Int {
        guard let node = document.indexByID[id] else { fatalError("no node with id \(id)") }
        return node
    }

    /// JSON Pointers of an element's source nodes, as the response lists them.
    func pointers(_ e: AccessibilityElement) -> [String] { e.nodes.map(document.pointer(of:)) }

    /// Author ids of an element's source nodes.
    func ids(_ e: AccessibilityElement) -> [String?] { e.nodes.map { document.nodes[$0].id } }

    func diagnostics(_ kind: Diagnostic.Kind) -> [Diagnostic] { diagnostics.filter { $0.kind == kind } }
}
