import A11yModel

extension Rule {
    /// Best practice (the NestedA11yIDs package spec): UI tests find elements by identifier; two elements with
    /// the same composed identifier make the query ambiguous.
    ///
    /// Cost: O(n) in elements (identifiers hashed).
    static let duplicateIdentifier = Rule(
        id: "duplicate-identifier", wcag: [], level: nil, impact: .moderate,
        description: "Elements do not share an accessibility identifier.",
        help: "Give each element a unique nested identifier (a11yRoot / nestedIdentifier path).",
        check: { ctx in
            guard ctx.elements.count > 1 else { return [] }
            // Identifier -> the first element with it, and its pointer (found when the first
            // repeat needs it, shared by every later one).
            var first: [String: Int] = Dictionary(minimumCapacity: ctx.elements.count)
            var firsts: [Int] = []
            firsts.reserveCapacity(ctx.elements.count)
            var out: [Finding] = []
            for (e, element) in ctx.elements.enumerated() {
                guard let id = element.identifier, !id.isEmpty else { continue }
                guard let index = first[id] else {
                    first[id] = firsts.count
                    firsts.append(element.node)
                    continue
                }
                out.append(ctx.finding(elementAt: e, message: "Identifier \"\(BoundedText.shown(id))\" is also used by another element.",
                                       data: [("identifier", .string(BoundedText.shown(id))), ("duplicateOf", .node(firsts[index]))]))
            }
            return out
        })
}
