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
        check: { ctx in
            guard ctx.document.platform == .android else {
                return ctx.controls.compactMap { e in
                    guard !ctx.isTextField(elementAt: e), ctx.lacksLabel(elementAt: e) else { return nil }
                    return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
                }
            }
            // Android: every element, in reading order.
            let elements = ctx.elements
            return elements.indices.compactMap { e in
                // ATF's speakable text holds the state, value and hint too.
                guard !ctx.isTextField(elementAt: e), ctx.lacksSpeakableText(elementAt: e) else { return nil }
                if ctx.isInteractive(elementAt: e) {
                    return ctx.finding(elementAt: e, message: "Interactive element has no accessibility label.")
                }
                guard !ctx.isImage(elementAt: e) else { return nil }
                return ctx.finding(elementAt: e, message: "TalkBack focuses this element, but it has nothing to speak.", impact: .serious)
            }
        })
}
