extension Rule {
    /// 1.1.1: a canvas is drawing only; it needs synthetic children or at least a label.
    ///
    /// Cost: O(n) in nodes.
    static let canvasAlternative = Rule(
        id: "canvas-alternative", wcag: ["1.1.1"], level: .A, impact: .serious,
        description: "A canvas exposes its content through accessibilityChildren (or a label).",
        help: "Add accessibilityChildren describing what the canvas draws (e.g. one element per data point).",
        appliesTo: RuleSelector(.nodesOfKind(.canvas), where: { ctx, node in ctx.isReachable(node) }, none: "no canvases"),
        check: { ctx, node in
            guard ctx.document.syntheticChildren(of: node).isEmpty else { return nil }
            // Its own element's label is an alternative too.
            if let e = ctx.analysis.element(ofNode: node), ctx.elements[e].node == node, !ctx.lacksLabel(elementAt: e) { return nil }
            return ctx.finding(node: node, message: "Canvas has no accessibilityChildren and no label; its drawing is invisible to screen readers.")
        })
}
