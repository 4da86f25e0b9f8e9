extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch.
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        check: { ctx in
            // A repeat needs two elements: small screens skip building the table.
            guard ctx.elements.count > 1 else { return [] }
            // Frame -> the first control's node and, once a repeat needs it, the data naming
            // its pointer (built once, shared by every repeat).
            var first = FirstOccurrences<Rect>(capacity: ctx.elements.count)
            var firsts: [(node: Int, data: [(key: String, value: DataValue)]?)] = []
            firsts.reserveCapacity(ctx.elements.count)  // once: growing by doubling cost more than the compares
            var out: [Finding] = []
            let elements = ctx.elements
            for (e, facts) in ctx.facts.enumerated() where facts.isInteractive && !elements[e].frame.isEmpty {
                guard let index = first.earlier(elements[e].frame) else {
                    firsts.append((facts.node, nil))
                    continue
                }
                let data = firsts[index].data ?? [("duplicateOf", .string(ctx.document.pointer(of: firsts[index].node)))]
                firsts[index].data = data
                out.append(ctx.finding(elementAt: e, message: "Another control has exactly the same frame.", data: data))
            }
            return out
        })
}
