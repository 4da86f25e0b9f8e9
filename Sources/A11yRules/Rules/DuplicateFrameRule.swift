import A11yModel

extension Rule {
    /// Best practice (ATF duplicate clickable bounds): stacked targets on the same area
    /// make one of them unreachable by touch. Any tree: each interactive element whose frame
    /// an earlier one has. Android trees that say which nodes are clickable: ATF's check
    /// (`clickableBoundsFindings`).
    ///
    /// Cost: O(n) in controls (frames hashed; Android: nodes hashed by bounds).
    static let duplicateFrame = Rule(
        id: "duplicate-frame", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not occupy exactly the same frame.",
        help: "Merge the overlapping controls into one, or give each its own area.",
        // The controls are compared with each other, so the check sees them all at once.
        appliesTo: RuleSelector(.screen, none: "", notRunOnScreen: { ctx in
            if ctx.document.platform == .android, ctx.statesClickability { return nil }
            return ctx.controls.count < 2 ? "fewer than two controls" : nil
        }),
        checkTogether: { ctx, _ in
            if ctx.document.platform == .android, ctx.statesClickability { return clickableBoundsFindings(ctx) }
            let controls = ctx.controls
            // Frame -> the first control with it, and the data naming it (built when the
            // first repeat needs it, shared by every later one).
            var first: [Rect: Int] = Dictionary(minimumCapacity: controls.count)
            var firsts: [(node: Int, data: [(key: String, value: DataValue)]?)] = []
            firsts.reserveCapacity(controls.count)
            var out: [Finding] = []
            for e in controls where !ctx.elements[e].frame.isEmpty {
                let frame = ctx.elements[e].frame
                guard let index = first[frame] else {
                    first[frame] = firsts.count
                    firsts.append((ctx.elements[e].node, nil))
                    continue
                }
                let data = firsts[index].data ?? [("duplicateOf", .node(firsts[index].node))]
                firsts[index].data = data
                out.append(ctx.finding(elementAt: e, message: "Another control has exactly the same frame.", data: data))
            }
            return out
        })
}

extension Rule {
    /// ATF `DuplicateClickableBoundsCheck` (an ERROR): among the visible nodes important for
    /// accessibility that are clickable or long-clickable, those with the same bounds and a
    /// shared action (both clickable, or both long-clickable) form a group; each group of two
    /// or more is reported once, on its first node in document order, naming the others.
    /// A node joins the first group of its bounds it shares an action with, as ATF's map keyed
    /// by `ViewLocationActionHolder` (equal when bounds are and an action is shared) does.
    static func clickableBoundsFindings(_ ctx: RuleContext) -> [Finding] {
        var groups: [(clickable: Bool, longClickable: Bool, nodes: [Int])] = []
        var groupsByFrame: [Rect: [Int]] = [:]
        for (i, node) in ctx.nodes.enumerated() {
            let clickable = node.clickable == true, longClickable = node.longClickable == true
            guard clickable || longClickable, node.importantForAccessibility != false, ctx.isReachable(i),
                  let frame = node.frame, ctx.isInActiveWindow(i) else { continue }
            let candidates = groupsByFrame[frame] ?? []
            if let g = candidates.first(where: { (groups[$0].clickable && clickable) || (groups[$0].longClickable && longClickable) }) {
                groups[g].nodes.append(i)
            } else {
                groupsByFrame[frame, default: []].append(groups.count)
                groups.append((clickable, longClickable, [i]))
            }
        }
        var out: [Finding] = []
        for group in groups where group.nodes.count > 1 {
            let culprit = group.nodes[0], node = ctx.nodes[culprit]
            let actions = node.clickable == true && node.longClickable == true ? "clickable and long-clickable"
                : node.clickable == true ? "clickable" : "long-clickable"
            // The others, at most a list's worth; the rest counted.
            let count = group.nodes.count - 1
            let others = group.nodes.dropFirst().prefix(AuditBudget.default.maxListEntries)
            var data: [(key: String, value: DataValue)] = [("clickable", .bool(node.clickable == true)),
                                                           ("longClickable", .bool(node.longClickable == true)),
                                                           ("conflictingNodes", .nodes(Array(others)))]
            if others.count < count { data.append(("conflictingNodesOmitted", .number(Double(count - others.count)))) }
            out.append(ctx.finding(node: culprit,
                                   message: "This \(actions) node has the same bounds as \(count) other node\(count == 1 ? "" : "s") sharing an action.",
                                   impact: .serious, data: data))
        }
        return out
    }
}

extension RuleContext {
    /// An Android tree that says, of some node, whether it is clickable or long-clickable (an
    /// imported dump says it of every node): ATF's duplicate checks can then be run as ATF
    /// runs them. A hand-written tree that never says is judged by its interactive elements.
    var statesClickability: Bool {
        nodes.contains { $0.clickable != nil || $0.longClickable != nil }
    }
}
