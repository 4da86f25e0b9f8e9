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
    /// Walks the selector of `rule` (read where its registry holds it) over the screen and
    /// checks each item it runs on (`RuleSelector` says when the rule is inapplicable and why).
    static func evaluate(_ rule: UnsafePointer<Rule>, _ ctx: RuleContext) -> RuleOutcome {
        if let notRunOnScreen = rule.pointee.selector.notRunOnScreen, let reason = notRunOnScreen(ctx) { return .inapplicable(reason) }
        switch rule.pointee.selector.items {
        case .screen: return walk(rule, CollectionOfOne(0), ctx)
        case .elements: return walk(rule, 0..<ctx.elements.count, ctx)
        case .controls: return walk(rule, ctx.controls, ctx)
        case .nodes: return walk(rule, 0..<ctx.nodes.count, ctx)
        case .nodesOfKind(let kind): return walk(rule, ctx.nodes(ofKind: kind), ctx)
        case .nodesDeclaring(let declaration): return walk(rule, ctx.nodes(declaring: declaration), ctx)
        case .nodesDrawingText: return walk(rule, ctx.nodesDrawingText, ctx)
        case .nodesWithOwnStyle: return walk(rule, ctx.nodesWithOwnStyle, ctx)
        case .nodesWithComponent: return walk(rule, ctx.nodesWithComponent, ctx)
        case .nodesNotFocusable: return walk(rule, ctx.nodesNotFocusable, ctx)
        }
    }

    private static func walk(_ rule: UnsafePointer<Rule>, _ items: some Collection<Int>, _ ctx: RuleContext) -> RuleOutcome {
        let filter = rule.pointee.selector.filter, notRun = rule.pointee.selector.notRun
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
        switch rule.pointee.check {
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
        guard checked else { return .inapplicable(skipped ?? rule.pointee.selector.whenNone?(ctx) ?? rule.pointee.selector.none) }
        return .checked(findings)
    }
}
