import A11yEngines

extension Rule {
    /// The iOS SDK's accessible components: every tab of a tab set is an element ("Tab <title>", button or tab trait)
    /// and exactly the selected one says "Selected".
    ///
    /// Cost: O(n) in the nodes below each tab set (their elements indexed once by label, so
    /// each tab is one lookup, not a scan), plus O(tabs); nested tab sets walk their subtrees
    /// once each (nodes × nesting, at most 512 levels). Steps are counted on the meter.
    static let tabSetSelection = Rule(
        id: "tab-set-selection", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "Each tab of a tab set is exposed as a button or tab, and only the selected tab reads as selected.",
        help: "Expose each tab as \"Tab <title>\" with the button trait; give the selected one the value \"Selected\" (or the selected trait).",
        check: { ctx in
            var out: [Finding] = []
            let nodes = ctx.nodes
            for index in ctx.nodesWithComponent where nodes[index].kind == .tabSet && ctx.isReachable(index) {
                guard let component = nodes[index].component, let tabs = component.tabs else { continue }
                let selected = component.selectedTab
                let candidates = TabSetElements.elements(below: index, in: ctx)
                // Normalised label -> the first candidate (in walk order) with it.
                var byLabel: [String: Int] = Dictionary(minimumCapacity: candidates.count)
                for (k, candidate) in candidates.enumerated() {
                    if ctx.stopping() { return out }
                    let label = (candidate.label ?? "").normalizedForComparison
                    if byLabel[label] == nil { byLabel[label] = k }
                }
                for tab in tabs {
                    if ctx.stopping() { return out }
                    let title = tab.title.normalizedForComparison
                    // The first candidate labelled with the title, or "Tab" and the title.
                    let match = [byLabel[title], byLabel["tab " + title]].compactMap { $0 }.min()
                    guard let element = match.map({ candidates[$0] }) else {
                        out.append(ctx.finding(node: index, message: "Tab \"\(tab.title)\" is not exposed to the screen reader.",
                                               data: [("tab", .string(tab.title))]))
                        continue
                    }
                    if element.traits.intersection([.button, .tab]).isEmpty {
                        out.append(ctx.finding(element: element, message: "Tab \"\(tab.title)\" is not announced as a button or tab.",
                                               data: [("tab", .string(tab.title)), ("traits", .strings(element.traits.wireNames))]))
                    }
                    let isSelected = selected != nil && (selected == tab.id || selected == tab.title)
                    let readsSelected = element.traits.contains(.selected)
                        || (element.value ?? "").normalizedForComparison == "selected"
                    if isSelected != readsSelected {
                        out.append(ctx.finding(
                            element: element,
                            message: isSelected ? "Selected tab \"\(tab.title)\" does not read as selected."
                                                : "Tab \"\(tab.title)\" reads as selected but is not the selected tab.",
                            data: [("tab", .string(tab.title)), ("selected", .bool(isSelected))]))
                    }
                }
            }
            return out
        })
}

enum TabSetElements {
    /// Elements that stand for the tab set or a node below it (explicit stack).
    package static func elements(below root: Int, in ctx: RuleContext) -> [AccessibilityElement] {
        var seen = Set<Int>(), out: [AccessibilityElement] = []
        var stack = [root]
        while let index = stack.popLast() {
            if ctx.stopping() { break }
            if let e = ctx.analysis.element(ofNode: index), seen.insert(e).inserted { out.append(ctx.elements[e]) }
            stack.append(contentsOf: ctx.document.children(of: index).reversed())
            stack.append(contentsOf: ctx.document.syntheticChildren(of: index).reversed())
        }
        return out
    }
}
