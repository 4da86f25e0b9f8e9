extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch.
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        check: { ctx in
            var first: [Rect: AccessibilityElement] = [:]
            var out: [Finding] = []
            for element in ctx.elements where ctx.isInteractive(element) && !element.frame.isEmpty {
                guard let earlier = first[element.frame] else { first[element.frame] = element; continue }
                out.append(ctx.finding(element: element, message: "Another control has exactly the same frame.",
                                       data: [("duplicateOf", .string(ctx.document.pointer(of: earlier.node)))]))
            }
            return out
        })
}
