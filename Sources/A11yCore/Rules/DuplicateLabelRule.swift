extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user.
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        check: { ctx in
            // A repeat needs two elements: small screens skip building the table.
            guard ctx.elements.count > 1 else { return [] }
            // Normalised label -> the first control with it and, once a repeat needs them,
            // that control's pointer and the last repeat's label with its message and data
            // (repeats mostly share one spelling, so each text is built once). Parallel arrays:
            // one array of tuples copied a whole entry per repeat.
            var first = LabelOccurrences(capacity: ctx.elements.count)
            var firstNodes: [Int] = [], pointers: [String?] = []
            var texts: [(label: String, message: String, data: [(key: String, value: DataValue)])?] = []
            // Sized once: growing three arrays by doubling cost more than the labels' compares.
            firstNodes.reserveCapacity(ctx.elements.count); pointers.reserveCapacity(ctx.elements.count)
            texts.reserveCapacity(ctx.elements.count)
            var out: [Finding] = []
            for (e, facts) in ctx.facts.enumerated() where facts.isInteractive && !facts.hasBlankLabel {
                guard let label = ctx.elements[e].label else { continue }
                guard let index = first.earlier(label) else {
                    firstNodes.append(facts.node); pointers.append(nil); texts.append(nil)
                    continue
                }
                let duplicateOf = pointers[index] ?? ctx.document.pointer(of: firstNodes[index])
                pointers[index] = duplicateOf
                // Bytes, not String ==, which would normalise non-ASCII labels to compare them.
                if texts[index].map({ !String.sameBytes($0.label, label) }) ?? true {
                    let message: MessageText = "Label \"\(label)\" is also used by another control."
                    texts[index] = (label, message.string,
                                    [("label", .string(label)), ("duplicateOf", .string(duplicateOf))])
                }
                // Reported on each repeat, pointing back at the first occurrence.
                out.append(ctx.finding(elementAt: e, message: texts[index]!.message, data: texts[index]!.data))
            }
            return out
        })
}
