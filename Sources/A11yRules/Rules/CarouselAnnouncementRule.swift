extension Rule {
    /// The iOS SDK's accessible components: "Carousel with N pages", value "Page X of N" (4.1.2 name and value).
    ///
    /// Cost: O(n) in nodes (one pass for carousel nodes), constant work per carousel.
    static let carouselAnnouncement = Rule(
        id: "carousel-announcement", wcag: ["4.1.2"], level: .A, impact: .moderate,
        description: "A carousel reads \"Carousel with N pages\" and its position \"Page X of N\".",
        help: "Combine the carousel into one element with label \"Carousel with N pages\" and value \"Page X of N\".",
        check: { ctx in
            ComponentCheck.all(.carousel, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                guard let pages = check.component.pages else { return [] }
                var out = [check.expect(.label, "Carousel with \(pages) pages")]
                if let current = check.component.currentPage {
                    out.append(check.expect(.value, "Page \(current + 1) of \(pages)"))
                }
                return out.compactMap { $0 }
            }
        })
}
