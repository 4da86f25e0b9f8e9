import A11yModel
extension Rule {
    /// Best practice (axe-core's `empty-heading`, "Ensures headings have discernible text"):
    /// a heading names the section it starts. VoiceOver users move from heading to heading
    /// with the rotor, and TalkBack users by headings; a heading with no spoken name is a stop
    /// where VoiceOver says only "Heading" (TalkBack likewise), and the rotor lists it with no
    /// title. A heading is an element with the `header` trait (UIKit's
    /// `UIAccessibilityTraitHeader`; an Android dump's `heading` flag, which the importer reads
    /// as that trait); its name is its label, which must hold more than whitespace.
    ///
    /// Cost: O(n) in elements.
    static let headingName = Rule(
        id: "heading-name", wcag: [], level: nil, impact: .minor,
        description: "Headings have a spoken name (not empty or whitespace only).",
        help: "Give the heading the text of its section title as its label, or remove the header trait from an element that is no heading.",
        appliesTo: RuleSelector(.elements, where: { ctx, e in ctx.elements[e].traits.contains(.header) }, none: "no headings"),
        check: { ctx, e in
            guard ctx.lacksLabel(elementAt: e) else { return nil }
            let label = ctx.elements[e].label
            let name = label.map { "a label of whitespace only (\"\($0)\")" } ?? "no label"
            return ctx.finding(elementAt: e,
                               message: "Heading has \(name): the screen reader says \"Heading\" without the title of its section.",
                               data: [("label", .string(label ?? ""))])
        })
}
