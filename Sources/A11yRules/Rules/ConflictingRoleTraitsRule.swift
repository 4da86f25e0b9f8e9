import A11yModel

extension Rule {
    /// 4.1.2: one element, one role. Button + link or button + adjustable announces two
    /// roles and leaves the user guessing which gesture works.
    ///
    /// Cost: O(n) in elements.
    static let conflictingRoleTraits = Rule(
        id: "conflicting-role-traits", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "An element does not carry conflicting role traits (button + link, button + adjustable).",
        help: "Keep the trait that matches what activation does; remove the other.",
        // A conflict needs two of the role traits; an element with none has no role to confuse.
        appliesTo: RuleSelector(.elements, where: { ctx, e in
            !ctx.elements[e].traits.isDisjoint(with: ConflictingTraits.roles)
        }, none: "no buttons, links or adjustable elements"),
        check: { ctx, e in
            let traits = ctx.elements[e].traits
            guard traits.intersection(ConflictingTraits.roles).rawValue.nonzeroBitCount > 1 else { return nil }
            let names = ConflictingTraits.pairs.filter { traits.isSuperset(of: $0.traits) }.map(\.name)
            guard !names.isEmpty else { return nil }
            return ctx.finding(elementAt: e, message: "Element has conflicting traits: \(names.joined(separator: "; ")).",
                               data: [("traits", .strings(traits.wireNames)), ("conflicts", .strings(names))])
        })
}

enum ConflictingTraits {
    static let pairs: [(name: String, traits: Traits)] = [
        ("button + link", [.button, .link]),
        ("button + adjustable", [.button, .adjustable]),
        ("link + adjustable", [.link, .adjustable]),
    ]

    /// Every trait of the pairs: a conflict needs two of them.
    static let roles: Traits = [.button, .link, .adjustable]
}
