import A11yModel

extension Rule {
    /// 4.1.2: a control whose role trait was removed (or never set by a custom view)
    /// is announced as plain text.
    ///
    /// Cost: O(n) in elements.
    static let missingRoleTrait = Rule(
        id: "missing-role-trait", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "Controls carry the trait of their role (button, link, adjustable, text field, tab).",
        help: "Add the role trait (e.g. accessibilityAddTraits(.isButton)) or use the native control.",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                guard let expected = RoleTrait.expected(for: ctx.kind(ofElementAt: e)),
                      ctx.elements[e].traits.isDisjoint(with: expected.anyOf) else { return nil }
                let typeName = ctx.nodes[ctx.elements[e].node].typeName, traits = ctx.elements[e].traits
                return ctx.finding(elementAt: e,
                                   message: "A \(typeName) is not announced as a \(expected.role): the element lacks the \(expected.role) trait.",
                                   data: [("kind", .string(typeName)), ("expected", .string(expected.role)),
                                          ("traits", .strings(traits.wireNames))])
            }
        })
}

enum RoleTrait {
    /// Any one of `anyOf` satisfies the role.
    static func expected(for kind: NodeKind) -> (role: String, anyOf: Traits)? {
        switch kind {
        case .button: ("button", [.button, .backButton, .keyboardKey])
        case .toggle: ("button", [.button, .toggleButton])
        case .link: ("link", .link)
        case .slider: ("adjustable", .adjustable)
        case .textField, .secureTextField: ("text field", [.textEntry, .searchField])
        case .tab: ("tab", [.tab, .button])
        default: nil
        }
    }
}
