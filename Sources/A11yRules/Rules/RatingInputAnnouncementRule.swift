import A11yText

extension Rule {
    /// The iOS SDK's accessible components: "Rate from 1 to N stars", value "K stars selected" / "No rating selected", button.
    ///
    /// Cost: O(n) in nodes (one pass for rating nodes), constant work per rating.
    static let ratingInputAnnouncement = Rule(
        id: "rating-input-announcement", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "A rating input reads its range and the current selection, and is operable (button or adjustable).",
        help: "Label it \"Rate from 1 to N stars\", value \"K stars selected\" or \"No rating selected\", and add the button trait.",
        check: { ctx in
            ComponentCheck.all(.ratingInput, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                let stars = check.component.maxRating ?? 5
                // Whole stars, kept a Double: a rating of 1e300 is valid input and does not fit an Int.
                let rating = (check.component.rating ?? 0).rounded(.towardZero)
                return [
                    check.expect(.label, "Rate from 1 to \(stars) stars"),
                    check.expect(.value, rating > 0 ? "\(NumberText.format(rating, places: 0)) stars selected" : "No rating selected"),
                    check.expectTrait([.button, .adjustable], named: "button"),
                ].compactMap { $0 }
            }
        })
}
