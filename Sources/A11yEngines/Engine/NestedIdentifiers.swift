import A11yModel
/// NestedA11yIDs (the NestedA11yIDs package spec): `a11yRoot` starts a dot path, `nestedIdentifier` appends to
/// the path inherited from its ancestors.
package struct NestedIdentifiers {
    /// Composed identifier of each node that set `a11yRoot` or a non-empty `nestedIdentifier`.
    package var composed: [String?]
    /// Nodes that carry identifiers below them: they act as `contain` containers.
    var isContainer: [Bool]
    package var diagnostics: [Diagnostic] = []
    /// How many nodes have a composed identifier.
    private var composedCount = 0

    /// Each composed identifier is cut at `maxTextBytes` and charged to `meter` whole, with
    /// its pointer: the answer writes a long one once, as its parent's entry and its own
    /// segment (`IdentifierParents`), but the engine holds every one whole, so one long root
    /// above thousands of nested identifiers still meets the budget here.
    package init(_ document: borrowing Document, maxTextBytes: Int = AuditBudget.default.maxTextBytes,
         meter: inout OutputMeter, poll: InterruptPoll) throws(InputError) {
        let nodes = document.nodes
        var composed = [String?](nilCount: nodes.count)
        var isContainer = [Bool](filledWith: false, count: nodes.count)
        // Nearest ancestor (or self) that set an identifier, -1 for none: its composed
        // identifier is the prefix below it, so no prefix string is kept per node.
        var owner = [Int](filledWith: -1, count: nodes.count)
        var composedCount = 0
        var failure: InputError?
        composed.withUnsafeMutableBufferPointer { composed in
        isContainer.withUnsafeMutableBufferPointer { isContainer in
        owner.withUnsafeMutableBufferPointer { owner in
            for i in nodes.indices {
                let inheritedOwner = nodes[i].parent.map { owner[$0] } ?? -1
                var own: String?
                // Flags first: most nodes set neither field, and their rows stay unread.
                if let root = nodes[i].a11yRoot, !root.isEmpty {
                    // Separate roots are independent: a root ignores what is above it.
                    own = root
                } else if let id = nodes[i].nestedIdentifier, !id.isEmpty {
                    own = inheritedOwner >= 0 ? NestedIdentifiers.compose(composed[inheritedOwner], id, maxBytes: maxTextBytes) : id
                }
                if let own {
                    do throws(InputError) {
                        try poll.step()
                        try meter.charge(own.utf8.count + meter.pointerBytes(of: i, in: nodes), at: i, in: nodes,
                                         what: "Composed nested identifiers")
                    } catch {
                        failure = error
                        return
                    }
                    composed[i] = own
                    composedCount += 1
                    owner[i] = i
                    if inheritedOwner >= 0 { isContainer[inheritedOwner] = true }
                } else {
                    owner[i] = inheritedOwner
                }
            }
        }
        }
        }
        if let failure { throw failure }
        self.composed = composed
        self.isContainer = isContainer
        self.composedCount = composedCount
        for i in nodes.indices where isContainer[i] {
            let grouping = nodes[i].grouping, combinable = nodes[i].combinable != nil
            let explicitLeaf = nodes[i].isAccessibilityElement == true && grouping == nil
            if (grouping != nil && grouping != .contain) || combinable || explicitLeaf {
                let how = grouping.map { "grouping \"\($0.rawValue)\"" } ?? (combinable ? "combinable" : "isAccessibilityElement true")
                diagnostics.append(Diagnostic(.nestedIdentifierContainerNotContain, node: i,
                    message: "Container \"\(BoundedText.shown(composed[i] ?? ""))\" holds nested identifiers but uses \(how), so its children are not separate elements; use grouping \"contain\"."))
            }
        }
    }

    /// The composed identifiers in document order.
    package func list() -> [ComposedIdentifier] {
        var list: [ComposedIdentifier] = []
        guard composedCount > 0 else { return list }
        list.reserveCapacity(composedCount)
        for i in composed.indices {
            if let id = composed[i] { list.append(ComposedIdentifier(node: i, identifier: id)) }
        }
        return list
    }

    /// Appends `id` to `prefix` with a dot, unless the prefix already ends with it.
    static func compose(_ prefix: String?, _ id: String, maxBytes: Int) -> String {
        guard let prefix, !prefix.isEmpty else { return id }
        if endsWithID(prefix, id) { return prefix }
        return String.concatenating(prefix, UInt8(ascii: "."), id).truncated(toBytes: maxBytes)
    }

    /// `prefix == id || prefix.hasSuffix("." + id)` without building "." + id. For ASCII,
    /// characters are bytes (a "." joins no neighbour), so bytes decide; other text keeps
    /// String's character comparison.
    private static func endsWithID(_ prefix: String, _ id: String) -> Bool {
        // The bytes of both strings where they are at hand; otherwise (nil) Strings compare.
        let bytewise: Bool? = prefix.utf8.withContiguousStorageIfAvailable { p in
            id.utf8.withContiguousStorageIfAvailable { d -> Bool? in
                guard p.allSatisfy({ $0 < 0x80 }), d.allSatisfy({ $0 < 0x80 }) else { return nil }
                if p.count == d.count { return p.elementsEqual(d) }
                guard p.count > d.count else { return false }
                let dot = p.count - d.count - 1
                return p[dot] == UInt8(ascii: ".") && p[(dot + 1)...].elementsEqual(d)
            } ?? nil
        } ?? nil
        return bytewise ?? (prefix == id || prefix.hasSuffix("." + id))
    }
}
