extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user.
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        check: { ctx in
            let controls = ctx.controls
            guard controls.count > 1 else { return [] }
            // Normalised label -> the first control with it. Repeats mostly share one spelling:
            // the finding's message and data are made once per first control and spelling.
            var first: [String: Int] = Dictionary(minimumCapacity: controls.count)
            var firsts: [(node: Int, text: (label: String, message: String, data: [(key: String, value: DataValue)])?)] = []
            var out: [Finding] = []
            for e in controls where !ctx.lacksLabel(elementAt: e) {
                guard let label = ctx.elements[e].label else { continue }
                let key = label.normalizedForComparison
                guard let index = first[key] else {
                    first[key] = firsts.count
                    firsts.append((ctx.elements[e].node, nil))
                    continue
                }
                // Compared by bytes: == would call two spellings of one text equal.
                if firsts[index].text.map({ !$0.label.utf8.elementsEqual(label.utf8) }) ?? true {
                    let duplicateOf = ctx.document.pointer(of: firsts[index].node)
                    firsts[index].text = (label, "Label \"\(label)\" is also used by another control.",
                                          [("label", .string(label)), ("duplicateOf", .string(duplicateOf))])
                }
                // Reported on each repeat, pointing back at the first occurrence.
                let text = firsts[index].text!
                out.append(ctx.finding(elementAt: e, message: text.message, data: text.data))
            }
            return out
        })
}
