import A11yModel
/// What one rule made of one screen: inapplicable, with the reason, or checked, with its
/// findings (none: it passed).
enum RuleOutcome {
    case inapplicable(String)
    case checked([Finding])
}

extension Node {
    /// Whether the node declares `declaration`.
    func declares(_ declaration: NodeDeclaration) -> Bool {
        switch declaration {
        case .deferral: deferral != nil
        case .labeledPair: labeledPair != nil
        case .nestedIdentifier: a11yRoot != nil || nestedIdentifier != nil
        }
    }
}

extension Rule {
    /// Walks the selector over the screen and checks each item it runs on (`RuleSelector`
    /// says when the rule is inapplicable and why).
    func evaluate(_ ctx: RuleContext) -> RuleOutcome {
        if let notRunOnScreen = selector.notRunOnScreen, let reason = notRunOnScreen(ctx) { return .inapplicable(reason) }
        switch selector.items {
        case .screen: return walk(CollectionOfOne(0), ctx)
        case .elements: return walk(0..<ctx.elements.count, ctx)
        case .controls: return walk(ctx.controls, ctx)
        case .nodes: return walk(0..<ctx.nodes.count, ctx)
        case .nodesOfKind(let kind): return walk(ctx.nodes(ofKind: kind), ctx)
        case .nodesDeclaring(let declaration): return walk(ctx.nodes(declaring: declaration), ctx)
        case .nodesDrawingText: return walk(ctx.nodesDrawingText, ctx)
        case .nodesWithOwnStyle: return walk(ctx.nodesWithOwnStyle, ctx)
        case .nodesWithComponent: return walk(ctx.nodesWithComponent, ctx)
        case .nodesNotFocusable: return walk(ctx.nodesNotFocusable, ctx)
        }
    }

    private func walk(_ items: some Collection<Int>, _ ctx: RuleContext) -> RuleOutcome {
        let filter = selector.filter, notRun = selector.notRun
        // The first reason an item was skipped for: why the rule is inapplicable if it skipped them all.
        var skipped: String?
        var checked = false
        /// Whether the rule runs on `item`.
        func runs(_ item: Int) -> Bool {
            if let filter, !filter(ctx, item) { return false }
            if let notRun, let reason = notRun(ctx, item) {
                if skipped == nil { skipped = reason }
                return false
            }
            checked = true
            return true
        }
        var findings: [Finding] = []
        switch check {
        case .each(let check):
            for item in items where runs(item) {
                if let finding = check(ctx, item) { findings.append(finding) }
            }
        case .eachMany(let check):
            for item in items where runs(item) { findings.append(contentsOf: check(ctx, item)) }
        case .together(let check):
            var subjects: [Int] = []
            for item in items where runs(item) { subjects.append(item) }
            if checked { findings = check(ctx, subjects) }
        }
        guard checked else { return .inapplicable(skipped ?? selector.whenNone?(ctx) ?? selector.none) }
        return .checked(findings)
    }
}
