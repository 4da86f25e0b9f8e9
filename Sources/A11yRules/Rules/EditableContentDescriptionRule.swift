extension Rule {
    /// 4.1.2 Name, Role, Value on Android (ATF `EditableContentDescCheck`, an ERROR): TalkBack may
    /// read an editable field's contentDescription instead of what was typed in it, so the user
    /// cannot hear the field's value. Reads the `contentDescription` an Android dump's
    /// `content-desc` sets (not `label`, which on Android may come from other text), on fields
    /// (`textField`, `secureTextField`: EditText and its subclasses in dumps). Android trees only.
    ///
    /// Cost: O(n) in nodes.
    static let editableContentDescription = Rule(
        id: "editable-content-description", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "An editable Android field has no contentDescription, which TalkBack may read instead of what was typed.",
        help: "Remove the field's contentDescription; name it with a visible label (android:labelFor on the label, or TextInputLayout) or android:hint.",
        check: { ctx in
            guard ctx.document.platform == .android else { return [] }
            var out: [Finding] = []
            for (i, node) in ctx.nodes.enumerated() where node.kind == .textField || node.kind == .secureTextField {
                guard ctx.isReachable(i), let description = node.contentDescription, ctx.isInActiveWindow(i) else { continue }
                out.append(ctx.finding(
                    node: i,
                    message: "Editable field has the contentDescription \"\(description)\", which TalkBack may read instead of what was typed.",
                    data: [("contentDescription", .string(description))]))
            }
            return out
        })
}
