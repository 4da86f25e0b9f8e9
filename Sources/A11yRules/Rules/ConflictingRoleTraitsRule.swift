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
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                let traits = ctx.elements[e].traits
                // Nearly every element holds at most one of the roles: it skips listing the pairs.
                guard traits.intersection(ConflictingTraits.roles).rawValue.nonzeroBitCount > 1 else { return nil }
                let pairs = ConflictingTraits.pairs.filter { traits.isSuperset(of: $0.traits) }
                guard !pairs.isEmpty else { return nil }
                let names = pairs.map(\.name)
                return ctx.finding(elementAt: e, message: "Element has conflicting traits: \(names.joined(separator: "; ")).",
                                   data: [("traits", .strings(traits.wireNames)), ("conflicts", .strings(names))])
            }
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
