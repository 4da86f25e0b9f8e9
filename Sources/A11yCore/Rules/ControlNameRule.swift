extension Rule {
    /// 4.1.2 Name, Role, Value: a control without a name is announced only by its role.
    static let controlName = Rule(
        id: "control-name", wcag: ["4.1.2"], level: .A, impact: .critical,
        description: "Interactive elements have an accessible name.",
        help: "Give the control an accessibility label that says what it does (e.g. \"Share\", not an icon name).",
        check: { ctx in
            ctx.elements.compactMap { element in
                guard ctx.isInteractive(element), !element.isTextField(ctx), element.label.isBlankOrNil else { return nil }
                return ctx.finding(element: element, message: "Interactive element has no accessibility label.")
            }
        })
}

extension AccessibilityElement {
    func isTextField(_ ctx: RuleContext) -> Bool {
        let kind = ctx.node(node).kind
        return kind == .textField || kind == .secureTextField || !traits.intersection([.textEntry, .searchField]).isEmpty
    }

    func isImage(_ ctx: RuleContext) -> Bool { ctx.node(node).kind == .image || traits.contains(.image) }
}
