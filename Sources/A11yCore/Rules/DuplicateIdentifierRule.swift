extension Rule {
    /// Best practice (seed 004): UI tests find elements by identifier; two elements with
    /// the same composed identifier make the query ambiguous.
    static let duplicateIdentifier = Rule(
        id: "duplicate-identifier", wcag: [], level: nil, impact: .moderate,
        description: "Elements do not share an accessibility identifier.",
        help: "Give each element a unique nested identifier (a11yRoot / nestedIdentifier path).",
        check: { ctx in
            // A repeat needs two elements: small screens skip building the table.
            guard ctx.elements.count > 1 else { return [] }
            // Identifier -> the first element's node and, once a repeat needs them, its
            // pointer and the message (built once, shared by every repeat).
            var first = FirstOccurrences<String>(capacity: ctx.elements.count)
            var firsts: [(node: Int, text: (message: String, pointer: String)?)] = []
            firsts.reserveCapacity(ctx.elements.count)  // once: growing by doubling cost more than the compares
            var out: [Finding] = []
            let elements = ctx.elements
            for e in elements.indices {
                guard let id = elements[e].identifier, !id.isEmpty else { continue }
                guard let index = first.earlier(id) else {
                    firsts.append((ctx.facts[e].node, nil))
                    continue
                }
                let text = firsts[index].text ?? ("Identifier \"\(id)\" is also used by another element.",
                                                  ctx.document.pointer(of: firsts[index].node))
                firsts[index].text = text
                out.append(ctx.finding(elementAt: e, message: text.message,
                                       data: [("identifier", .string(id)), ("duplicateOf", .string(text.pointer))]))
            }
            return out
        })
}
