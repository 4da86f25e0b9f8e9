extension Rule {
    /// The iOS SDK's accessible components: a spinner has a label ("Loading" by default) and reads "In progress".
    ///
    /// Cost: O(n) in nodes (one pass for spinner nodes), constant work per spinner.
    static let spinnerAnnouncement = Rule(
        id: "spinner-announcement", wcag: ["4.1.2"], level: .A, impact: .moderate,
        description: "A spinner has a label and reads \"In progress\".",
        help: "Label the spinner (\"Loading\" or what is loading) and set its value to \"In progress\".",
        check: { ctx in
            ComponentCheck.all(.spinner, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                return [check.expectNonEmptyLabel(suggestion: "Loading"), check.expect(.value, "In progress")].compactMap { $0 }
            }
        })
}
