extension Rule {
    /// 1.1.1: a canvas is drawing only; it needs synthetic children or at least a label.
    ///
    /// Cost: O(n) in nodes.
    static let canvasAlternative = Rule(
        id: "canvas-alternative", wcag: ["1.1.1"], level: .A, impact: .serious,
        description: "A canvas exposes its content through accessibilityChildren (or a label).",
        help: "Add accessibilityChildren describing what the canvas draws (e.g. one element per data point).",
        check: { ctx in
            var out: [Finding] = []
            let nodes = ctx.nodes
            for index in nodes.indices where nodes[index].kind == .canvas {
                guard ctx.isReachable(index), ctx.document.syntheticChildren(of: index).isEmpty else { continue }
                if let e = ctx.analysis.element(ofNode: index), ctx.elements[e].node == index, !ctx.lacksLabel(elementAt: e) { continue }
                out.append(ctx.finding(node: index, message: "Canvas has no accessibilityChildren and no label; its drawing is invisible to screen readers."))
            }
            return out
        })
}
