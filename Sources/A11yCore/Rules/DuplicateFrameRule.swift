extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch.
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        check: { ctx in
            // Frame -> the first control's node and, once a repeat needs it, the data naming
            // its pointer (built once, shared by every repeat).
            var first = FirstOccurrences<Rect>(capacity: ctx.elements.count)
            var firsts: [(node: Int, data: [(key: String, value: DataValue)]?)] = []
            var out: [Finding] = []
            for element in ctx.elements where ctx.isInteractive(element) && !element.frame.isEmpty {
                guard let index = first.earlier(element.frame) else {
                    firsts.append((element.node, nil))
                    continue
                }
                let data = firsts[index].data ?? [("duplicateOf", .string(ctx.document.pointer(of: firsts[index].node)))]
                firsts[index].data = data
                out.append(ctx.finding(element: element, message: "Another control has exactly the same frame.", data: data))
            }
            return out
        })
}
