import A11yEngines
import A11yModel
/// Helpers for the component rules (the iOS SDK's accessible components): find what the screen reader says for a
/// component node and compare it with what the component's state says it must read.
struct ComponentCheck {
    let ctx: RuleContext
    /// The component node.
    let node: Int
    /// The element that stands for the node, or the larger element it was merged into.
    let element: AccessibilityElement?
    /// Whether `element` stands for the node itself (exact wording) or merely contains it.
    let ownsElement: Bool

    /// Reachable components of `kind`, in document order.
    static func all(_ kind: NodeKind, in ctx: RuleContext) -> [ComponentCheck] {
        let nodes = ctx.nodes
        return nodes.indices.compactMap { index in
            guard nodes[index].kind == kind, ctx.isReachable(index) else { return nil }
            let e = ctx.analysis.element(ofNode: index).map { ctx.elements[$0] }
            return ComponentCheck(ctx: ctx, node: index, element: e, ownsElement: e?.node == index)
        }
    }

    var component: Component { ctx.node(node).component ?? Component() }

    /// Not exposed at all: the screen reader skips the component.
    func notExposed() -> Finding {
        ctx.finding(node: node, message: "\(ctx.node(node).typeName) is not exposed to the screen reader as an element.")
    }

    /// A finding when the label or value does not read `expected` (exactly when the element
    /// is the component's own, as part of it when merged), ignoring case and padding.
    func expect(_ field: Field, _ expected: String) -> Finding? {
        guard let element else { return notExposed() }
        let actual = field == .label ? element.label : element.value
        let a = (actual ?? "").normalizedForComparison, e = expected.normalizedForComparison
        if ownsElement ? a == e : a.contains(e) { return nil }
        let type = ctx.node(node).typeName
        let message = if let actual {
            "\(type) \(field.rawValue) reads \"\(actual)\"; expected \"\(expected)\"."
        } else {
            "\(type) \(field.rawValue) reads nothing; expected \"\(expected)\"."
        }
        return ctx.finding(
            node: node, message: message,
            frame: element.frame,
            data: [("field", .string(field.rawValue)), ("expected", .string(expected)), ("actual", .string(actual ?? ""))])
    }

    /// A finding when the label is empty.
    func expectNonEmptyLabel(suggestion: String) -> Finding? {
        guard let element else { return notExposed() }
        guard element.label.isBlankOrNil else { return nil }
        return ctx.finding(node: node, message: "\(ctx.node(node).typeName) has no label; expected e.g. \"\(suggestion)\".",
                           frame: element.frame, data: [("field", .string("label")), ("expected", .string(suggestion))])
    }

    /// A finding when none of `traits` is set on the element.
    func expectTrait(_ traits: Traits, named name: String) -> Finding? {
        guard let element else { return notExposed() }
        guard element.traits.intersection(traits).isEmpty else { return nil }
        return ctx.finding(node: node, message: "\(ctx.node(node).typeName) is not announced as a \(name).",
                           frame: element.frame, data: [("expected", .string(name)), ("traits", .strings(element.traits.wireNames))])
    }

    enum Field: String { case label, value }
}
