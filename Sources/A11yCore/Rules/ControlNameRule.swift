extension Rule {
    /// 4.1.2 Name, Role, Value: a control without a name is announced only by its role.
    static let controlName = Rule(
        id: "control-name", wcag: ["4.1.2"], level: .A, impact: .critical,
        description: "Interactive elements have an accessible name.",
        help: "Give the control an accessibility label that says what it does (e.g. \"Share\", not an icon name).",
        check: { ctx in
            ctx.controls.compactMap { e in
                guard !ctx.isTextField(elementAt: e), ctx.lacksLabel(elementAt: e) else { return nil }
                return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
            }
        })
}
