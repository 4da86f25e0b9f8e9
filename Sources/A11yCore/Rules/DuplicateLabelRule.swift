extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user.
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        check: { ctx in
            // Normalised label -> index in `firsts`, the first control with it and, once
            // a repeat needs it, that control's pointer (built once, shared by every repeat).
            var first: [String: Int] = [:]
            first.reserveCapacity(ctx.elements.count)
            var firsts: [(node: Int, pointer: String?)] = []
            var out: [Finding] = []
            for element in ctx.elements where ctx.isInteractive(element) {
                // Trimming leaves nothing exactly when the label is blank.
                guard let label = element.label, case let key = label.normalizedForComparison, !key.isEmpty else { continue }
                guard let index = first[key] else {
                    first[key] = firsts.count
                    firsts.append((element.node, nil))
                    continue
                }
                let duplicateOf = firsts[index].pointer ?? ctx.document.pointer(of: firsts[index].node)
                firsts[index].pointer = duplicateOf
                // Reported on each repeat, pointing back at the first occurrence.
                out.append(ctx.finding(element: element, message: "Label \"\(label)\" is also used by another control.",
                                       data: [("label", .string(label)), ("duplicateOf", .string(duplicateOf))]))
            }
            return out
        })
}
