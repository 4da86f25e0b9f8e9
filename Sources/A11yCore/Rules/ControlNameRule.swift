extension Rule {
    /// 4.1.2 Name, Role, Value: a control without a name is announced only by its role.
    static let controlName = Rule(
        id: "control-name", wcag: ["4.1.2"], level: .A, impact: .critical,
        description: "Interactive elements have an accessible name.",
        help: "Give the control an accessibility label that says what it does (e.g. \"Share\", not an icon name).",
        check: { ctx in
            ctx.facts.indices.compactMap { e in
                let facts = ctx.facts[e]
                guard facts.isInteractive, !facts.isTextField, facts.hasBlankLabel else { return nil }
                return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
            }
        })
}
