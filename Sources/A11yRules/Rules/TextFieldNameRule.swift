extension Rule {
    /// 4.1.2: a text field must say what goes into it. On Android trees as ATF's
    /// `SpeakableTextPresentCheck` judges it: TalkBack speaks a field's hint and text, so a
    /// field named only by its hint (or holding what was typed) passes.
    ///
    /// Cost: O(n) in elements.
    static let textFieldName = Rule(
        id: "text-field-name", wcag: ["4.1.2"], level: .A, impact: .critical,
        description: "Text fields have an accessible name.",
        help: "Label the field (accessibilityLabel, or a labeled pair with its visible label); a placeholder is not a name.",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                guard ctx.isTextField(elementAt: e), ctx.lacksLabel(elementAt: e) else { return nil }
                if ctx.document.platform == .android, !ctx.lacksSpeakableText(elementAt: e) { return nil }
                return ctx.finding(elementAt: e, message: "Text field has no accessibility label.")
            }
        })
}
