import A11yModel
/// RDDM `AccessibilityItem` (RDDM accessibility strategies): a cell with strategies becomes one element whose
/// label, value and traits come from the strategies; `.ignored` keeps the cell's own.
extension ElementBuilder {
    /// Replaces what the strategies of node `i` decide in its own element `e`.
    func applyStrategies(of i: Int, to e: inout ElementDraft) {
        guard let strategies = nodes[i].strategies else { return }
        // Referenced nodes join the element's nodes in order and without repeats (a strategy
        // may name thousands). The list is moved out of the element while it grows and put back.
        var referenced = UniqueNodeList(e.nodes)
        e.nodes = []
        if !strategies.label.isIgnored { e.label = evaluate(strategies.label, referenced: &referenced) }
        if !strategies.value.isIgnored { e.value = evaluate(strategies.value, referenced: &referenced) }
        switch strategies.traits {
        case .ignored: break
        case .just(let traits): e.traits = traits
        case .from(let j):
            e.traits = nodes[j].effectiveTraits
            referenced.append(j)
        case .merge(let nodes):
            e.traits = nodes.reduce(into: Traits()) { $0.formUnion(self.nodes[$1].effectiveTraits) }
            for j in nodes { referenced.append(j) }
        }
        e.nodes = referenced.take()
    }

    /// nil when the strategy yields nothing (`.just(nil)`, or a join of nothing). A join
    /// stops reading texts once it holds `maxTextBytes` and is cut there (`String.truncated`):
    /// thousands of parts naming one long text would otherwise copy it thousands of times.
    private func evaluate(_ strategy: StringStrategy, referenced: inout UniqueNodeList) -> String? {
        switch strategy {
        case .ignored: return nil
        case .just(let text): return text
        case .from(let j, let keyPath):
            referenced.append(j)
            switch keyPath {
            case .label: return ownLabel(j)
            case .value: return nodes[j].value
            case .text: return nodes[j].text
            }
        case .joined(let parts):
            // RDDM joins without a separator.
            var pieces: [String] = []
            var bytes = 0
            for part in parts {
                // Past the cap, parts still name their nodes (the element is built from them).
                guard bytes <= maxTextBytes else { noteReferences(part, in: &referenced); continue }
                guard let text = evaluate(part, referenced: &referenced) else { continue }
                bytes += text.utf8.count
                pieces.append(text)
            }
            let joined = String.concatenating(pieces, separator: "")
            return joined.isEmpty ? nil : joined.truncated(toBytes: maxTextBytes)
        }
    }

    /// The nodes a strategy names, without reading their texts. Nesting is bounded by the
    /// decoder's JSON depth limit.
    private func noteReferences(_ strategy: StringStrategy, in referenced: inout UniqueNodeList) {
        switch strategy {
        case .ignored, .just: break
        case .from(let j, _): referenced.append(j)
        case .joined(let parts): for part in parts { noteReferences(part, in: &referenced) }
        }
    }
}
