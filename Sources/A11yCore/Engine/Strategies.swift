/// RDDM `AccessibilityItem` (seed 002): a cell with strategies becomes one element whose
/// label, value and traits come from the strategies; `.ignored` keeps the cell's own.
extension ElementBuilder {
    /// Replaces what the strategies of node `i` decide in its own element `e`.
    func applyStrategies(of i: Int, to e: inout ElementDraft) {
        guard let strategies = nodes[i].strategies else { return }
        // Referenced nodes go straight into the element's nodes, in order and without repeats,
        // not through a list of their own.
        if !strategies.label.isIgnored { e.label = evaluate(strategies.label, referenced: &e.nodes) }
        if !strategies.value.isIgnored { e.value = evaluate(strategies.value, referenced: &e.nodes) }
        switch strategies.traits {
        case .ignored: break
        case .just(let traits): e.traits = traits
        case .from(let j):
            e.traits = nodes[j].effectiveTraits
            ElementBuilder.add(j, to: &e.nodes)
        case .merge(let nodes):
            e.traits = nodes.reduce(into: Traits()) { $0.formUnion(self.nodes[$1].effectiveTraits) }
            for j in nodes { ElementBuilder.add(j, to: &e.nodes) }
        }
    }

    private static func add(_ j: Int, to nodes: inout [Int]) {
        if !nodes.contains(j) { nodes.append(j) }
    }

    /// nil when the strategy yields nothing (`.just(nil)`, or a join of nothing).
    private func evaluate(_ strategy: StringStrategy, referenced: inout [Int]) -> String? {
        switch strategy {
        case .ignored: return nil
        case .just(let text): return text
        case .from(let j, let keyPath):
            ElementBuilder.add(j, to: &referenced)
            switch keyPath {
            case .label: return ownLabel(j)
            case .value: return nodes[j].value
            case .text: return nodes[j].text
            }
        case .joined(let parts):
            // RDDM joins without a separator.
            let joined = parts.compactMap { evaluate($0, referenced: &referenced) }.joined()
            return joined.isEmpty ? nil : joined
        }
    }
}
