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
        // Identifiers are compared with each other, so the check sees the elements all at once.
        appliesTo: RuleSelector(.elements, where: { ctx, e in ctx.elements[e].identifier.map { !$0.isEmpty } ?? false },
                                none: "no element has an identifier"),
        checkTogether: { ctx, identified in
            // Identifier -> the first element with it, and its pointer (found when the first
            // repeat needs it, shared by every later one).
            var first: [String: Int] = Dictionary(minimumCapacity: identified.count)
            var firsts: [Int] = []
            firsts.reserveCapacity(identified.count)
            var out: [Finding] = []
            for e in identified {
                let id = ctx.elements[e].identifier!
                guard let index = first[id] else {
                    first[id] = firsts.count
                    firsts.append(ctx.elements[e].node)
                    continue
                }
                out.append(ctx.finding(elementAt: e, message: "Identifier \"\(BoundedText.shown(id))\" is also used by another element.",
                                       data: [("identifier", .string(BoundedText.shown(id))), ("duplicateOf", .node(firsts[index]))]))
            }
            return out
        })
}
