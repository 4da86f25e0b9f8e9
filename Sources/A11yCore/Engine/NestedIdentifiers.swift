/// NestedA11yIDs (seed 004): `a11yRoot` starts a dot path, `nestedIdentifier` appends to
/// the path inherited from its ancestors.
struct NestedIdentifiers {
    /// Composed identifier of each node that set `a11yRoot` or a non-empty `nestedIdentifier`.
    var composed: [String?]
    /// Nodes that carry identifiers below them: they act as `contain` containers.
    var isContainer: [Bool]
    var diagnostics: [Diagnostic] = []

    init(_ document: Document) {
        let nodes = document.nodes
        var prefix = [String](repeating: "", count: nodes.count)
        var composed = [String?](repeating: nil, count: nodes.count)
        var isContainer = [Bool](repeating: false, count: nodes.count)
        // Nearest ancestor (or self) that set an identifier, to mark containers.
        var owner = [Int?](repeating: nil, count: nodes.count)
        for i in nodes.indices {
            let node = nodes[i]
            let inherited = node.parent.map { prefix[$0] } ?? ""
            let inheritedOwner = node.parent.flatMap { owner[$0] }
            var own: String?
            if let root = node.a11yRoot, !root.isEmpty {
                // Separate roots are independent: a root ignores what is above it.
                own = root
            } else if let id = node.nestedIdentifier, !id.isEmpty {
                own = NestedIdentifiers.compose(inherited, id)
            }
            if let own {
                composed[i] = own
                prefix[i] = own
                owner[i] = i
                if let inheritedOwner { isContainer[inheritedOwner] = true }
            } else {
                prefix[i] = inherited
                owner[i] = inheritedOwner
            }
        }
        self.composed = composed
        self.isContainer = isContainer
        for i in nodes.indices where isContainer[i] {
            let node = nodes[i]
            let explicitLeaf = node.isAccessibilityElement == true && node.grouping == nil
            if (node.grouping != nil && node.grouping != .contain) || node.combinable != nil || explicitLeaf {
                let how = node.grouping.map { "grouping \"\($0.rawValue)\"" } ?? (node.combinable != nil ? "combinable" : "isAccessibilityElement true")
                diagnostics.append(Diagnostic(.nestedIdentifierContainerNotContain, node: i,
                    message: "Container \"\(composed[i] ?? "")\" holds nested identifiers but uses \(how), so its children are not separate elements; use grouping \"contain\"."))
            }
        }
    }

    /// Appends `id` to `prefix` with a dot, unless the prefix already ends with it.
    static func compose(_ prefix: String, _ id: String) -> String {
        if prefix.isEmpty { return id }
        if prefix == id || prefix.hasSuffix("." + id) { return prefix }
        return prefix + "." + id
    }
}
