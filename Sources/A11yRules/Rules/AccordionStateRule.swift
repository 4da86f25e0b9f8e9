extension Rule {
    /// The iOS SDK's accessible components: an accordion header is a button whose value says "Expanded" / "Collapsed".
    ///
    /// Cost: O(n) in nodes (one pass for accordion nodes), constant work per accordion.
    static let accordionState = Rule(
        id: "accordion-state", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "An accordion header is a button and reads \"Expanded\" or \"Collapsed\".",
        help: "Add the button trait and set the value to \"Expanded\" / \"Collapsed\" from the panel's state.",
        check: { ctx in
            ComponentCheck.all(.accordion, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                var out = [check.expectTrait(.button, named: "button")]
                if let expanded = check.component.expanded {
                    out.append(check.expect(.value, expanded ? "Expanded" : "Collapsed"))
                } else if let value = check.element?.value?.normalizedForComparison, value == "expanded" || value == "collapsed" {
                    // State unknown to us but announced: fine.
                } else {
                    out.append(check.expect(.value, "Expanded or Collapsed"))
                }
                return out.compactMap { $0 }
            }
        })
}
