extension Rule {
    /// Best practice (seed 004): UI tests find elements by identifier; two elements with
    /// the same composed identifier make the query ambiguous.
    static let duplicateIdentifier = Rule(
        id: "duplicate-identifier", wcag: [], level: nil, impact: .moderate,
        description: "Elements do not share an accessibility identifier.",
        help: "Give each element a unique nested identifier (a11yRoot / nestedIdentifier path).",
        check: { ctx in
            var first: [String: AccessibilityElement] = [:]
            var out: [Finding] = []
            for element in ctx.elements {
                guard let id = element.identifier, !id.isEmpty else { continue }
                guard let earlier = first[id] else { first[id] = element; continue }
                out.append(ctx.finding(element: element, message: "Identifier \"\(id)\" is also used by another element.",
                                       data: [("identifier", .string(id)),
                                              ("duplicateOf", .string(ctx.document.pointer(of: earlier.node)))]))
            }
            return out
        })
}
