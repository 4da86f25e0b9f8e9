import A11yModel
extension Rule {
    /// 4.1.2 Name, Role, Value: an adjustable element (a slider, a stepper, a picker wheel) is
    /// set by swiping up or down, and VoiceOver then reads its value; without one the user
    /// hears "adjustable" and nothing about where it stands or what a swipe changed. As
    /// axe-core's `aria-required-attr` requires `aria-valuenow` (or `aria-valuetext`) of a
    /// `slider`, this requires a value of every adjustable element. Carousels and rating
    /// inputs have their own wording rules (`carousel-announcement`, `rating-input-announcement`).
    /// Not run on an imported Android dump: UI Automator does not write a SeekBar's range
    /// (RangeInfo), from which TalkBack reads its percentage.
    ///
    /// Cost: O(n) in elements.
    static let adjustableValue = Rule(
        id: "adjustable-value", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "An adjustable element (slider, stepper) reads its current value.",
        help: "Set the accessibility value to the current setting in words (\"50%\", \"Medium\"); it is read on arrival and after each adjustment.",
        appliesTo: RuleSelector(
            .elements,
            where: { ctx, e in
                let kind = ctx.kind(ofElementAt: e)
                guard kind != .carousel && kind != .ratingInput else { return false }
                return kind == .slider || ctx.elements[e].traits.contains(.adjustable)
            },
            none: "no adjustable elements",
            notRunOnScreen: { ctx in
                ctx.document.androidDisplay != nil ? "an Android dump does not say a slider's range (RangeInfo)" : nil
            }),
        check: { ctx, e in
            guard ctx.elements[e].value.isBlankOrNil else { return nil }
            let label = ctx.elements[e].label ?? ""
            let named = label.isEmpty ? "Adjustable element" : "Adjustable element \"\(label)\""
            return ctx.finding(elementAt: e,
                               message: "\(named) has no value: the user cannot hear where it is set, or what adjusting it changed.",
                               data: [("label", .string(label))])
        })
}
