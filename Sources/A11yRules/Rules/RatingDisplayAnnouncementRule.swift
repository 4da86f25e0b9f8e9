import A11yText

extension Rule {
    /// The iOS SDK's accessible components / 1.1.1: stars are images; the rating must be read as text,
    /// "Rating: 4.5 out of 5 stars", value "<N> reviews".
    ///
    /// Cost: O(n) in nodes (one pass for rating nodes), constant work per rating.
    static let ratingDisplayAnnouncement = Rule(
        id: "rating-display-announcement", wcag: ["1.1.1"], level: .A, impact: .serious,
        description: "A rating display reads \"Rating: X.X out of N stars\" (and the review count).",
        help: "Hide the star images and label the rating \"Rating: 4.5 out of 5 stars\", value \"<N> reviews\".",
        check: { ctx in
            ComponentCheck.all(.ratingDisplay, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                guard let rating = check.component.rating else { return [check.expectNonEmptyLabel(suggestion: "Rating: 4.5 out of 5 stars")].compactMap { $0 } }
                let stars = check.component.maxRating ?? 5
                var out = [check.expect(.label, "Rating: \(NumberText.oneDecimal(rating)) out of \(stars) stars")]
                if let reviews = check.component.reviewCount { out.append(check.expect(.value, "\(reviews) reviews")) }
                return out.compactMap { $0 }
            }
        })
}
