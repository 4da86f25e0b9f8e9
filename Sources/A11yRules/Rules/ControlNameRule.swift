extension Rule {
    /// 4.1.2 Name, Role, Value: a control without a name is announced only by its role.
    /// On Android trees it is ATF's `SpeakableTextPresentCheck` (`SpeakableTextPresent.swift`):
    /// any element TalkBack focuses needs something to speak, not only controls, and a state or
    /// hint is something (an unnamed CheckBox says "not checked"); images and fields stay with
    /// `image-name` and `text-field-name`.
    ///
    /// Cost: O(n) in elements.
    static let controlName = Rule(
        id: "control-name", wcag: ["4.1.2"], level: .A, impact: .critical,
        description: "Interactive elements have an accessible name (on Android, every element TalkBack focuses has something to speak).",
        help: "Give the control an accessibility label that says what it does (e.g. \"Share\", not an icon name).",
        // Text fields are text-field-name's. On Android every element TalkBack focuses.
        appliesTo: RuleSelector(.elements, where: { ctx, e in
            !ctx.isTextField(elementAt: e) && (ctx.document.platform == .android || ctx.isInteractive(elementAt: e))
        }, none: "no controls other than text fields"),
        check: { ctx, e in
            guard ctx.document.platform == .android else {
                guard ctx.lacksLabel(elementAt: e) else { return nil }
                return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
            }
            // ATF's speakable text holds the state, value and hint too.
            guard ctx.lacksSpeakableText(elementAt: e) else { return nil }
            if ctx.isInteractive(elementAt: e) {
                return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
            }
            // Images are image-name's.
            guard !ctx.isImage(elementAt: e) else { return nil }
            return ctx.finding(elementAt: e, message: "TalkBack focuses this element, but it has nothing to speak.", impact: .serious)
        })
}
