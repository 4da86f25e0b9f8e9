extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch.
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        check: { ctx in
            let controls = ctx.controls
            guard controls.count > 1 else { return [] }
            // Frame -> the first control with it, and the data naming it (built when the
            // first repeat needs it, shared by every later one).
            var first: [Rect: Int] = Dictionary(minimumCapacity: controls.count)
            var firsts: [(node: Int, data: [(key: String, value: DataValue)]?)] = []
            firsts.reserveCapacity(controls.count)
            var out: [Finding] = []
            for e in controls where !ctx.elements[e].frame.isEmpty {
                let frame = ctx.elements[e].frame
                guard let index = first[frame] else {
                    first[frame] = firsts.count
                    firsts.append((ctx.elements[e].node, nil))
                    continue
                }
                let data = firsts[index].data ?? [("duplicateOf", .string(ctx.document.pointer(of: firsts[index].node)))]
                firsts[index].data = data
                out.append(ctx.finding(elementAt: e, message: "Another control has exactly the same frame.", data: data))
            }
            return out
        })
}
