extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch.
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        check: { ctx in
            // Frame -> index in `firsts`: the first control's node and, once a repeat needs
            // it, its pointer (built once, shared by every repeat).
            var first: [Rect: Int] = [:]
            first.reserveCapacity(ctx.elements.count)
            var firsts: [(node: Int, pointer: String?)] = []
            var out: [Finding] = []
            for element in ctx.elements where ctx.isInteractive(element) && !element.frame.isEmpty {
                guard let index = first[element.frame] else {
                    first[element.frame] = firsts.count
                    firsts.append((element.node, nil))
                    continue
                }
                let duplicateOf = firsts[index].pointer ?? ctx.document.pointer(of: firsts[index].node)
                firsts[index].pointer = duplicateOf
                out.append(ctx.finding(element: element, message: "Another control has exactly the same frame.",
                                       data: [("duplicateOf", .string(duplicateOf))]))
            }
            return out
        })
}
