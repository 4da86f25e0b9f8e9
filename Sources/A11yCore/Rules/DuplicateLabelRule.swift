extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user.
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        check: { ctx in
            // Normalised label -> the first control with it, and the data naming it (built
            // when the first repeat needs it, shared by every later one).
            var first: [String: Int] = [:]
            var firsts: [(node: Int, pointer: String?)] = []
            var out: [Finding] = []
            for e in ctx.controls where !ctx.lacksLabel(elementAt: e) {
                guard let label = ctx.elements[e].label else { continue }
                let key = label.normalizedForComparison
                guard let index = first[key] else {
                    first[key] = firsts.count
                    firsts.append((ctx.elements[e].node, nil))
                    continue
                }
                let duplicateOf = firsts[index].pointer ?? ctx.document.pointer(of: firsts[index].node)
                firsts[index].pointer = duplicateOf
                // Reported on each repeat, pointing back at the first occurrence.
                out.append(ctx.finding(elementAt: e, message: "Label \"\(label)\" is also used by another control.",
                                       data: [("label", .string(label)), ("duplicateOf", .string(duplicateOf))]))
            }
            return out
        })
}
