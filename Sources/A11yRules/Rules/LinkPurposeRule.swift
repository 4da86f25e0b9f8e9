extension Rule {
    /// 2.4.4 Link Purpose (In Context): generic link text says nothing when links are
    /// listed on their own (VoiceOver's Links rotor).
    ///
    /// Cost: O(n) in elements, linear in each label.
    static let linkPurpose = Rule(
        id: "link-purpose", wcag: ["2.4.4"], level: .A, impact: .moderate,
        description: "Link text says where the link goes (not \"click here\" or \"more\").",
        help: "Name the destination: \"Read the return policy\" instead of \"Read more\".",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                guard ctx.elements[e].traits.contains(.link) || ctx.kind(ofElementAt: e) == .link,
                      let label = ctx.elements[e].label, LinkPurpose.isGeneric(label) else { return nil }
                return ctx.finding(elementAt: e, message: "Link text \"\(label)\" does not describe its purpose.",
                                   data: [("label", .string(label))])
            }
        })
}

enum LinkPurpose {
    static let genericPhrases: Set<String> = [
        "click here", "click", "here", "more", "learn more", "read more", "see more", "show more", "more info",
        "more information", "details", "link", "this link", "tap here", "view more", "find out more",
    ]

    static func isGeneric(_ label: String) -> Bool {
        genericPhrases.contains(LabelWords.words(label).joined(separator: " "))
    }
}
