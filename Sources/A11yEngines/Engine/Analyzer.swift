import A11yModel
/// Runs the engines over a document: visibility, nested identifiers, labeled pairs,
/// deferral, element building, reading order, positions and spoken output.
/// Texts are cut and output is charged as `budget` says (`AuditBudget`); `interrupt` is
/// asked between engines and every few thousand nodes within them.
public enum Analyzer {
    public static func analyze(_ document: Document, budget: AuditBudget = .default,
                               interrupt: AuditInterrupt = .never) throws(InputError) -> Analysis {
        var meter = OutputMeter(budget, for: document)
        return try analyze(document, budget: budget, meter: &meter, interrupt: interrupt)
    }

    package static func analyze(_ document: Document, budget: AuditBudget, meter: inout OutputMeter,
                        interrupt: AuditInterrupt) throws(InputError) -> Analysis {
        let count = document.nodes.count
        guard count > 0 else { return Analysis(document: document) }
        meter.pointerPrefix = document.pointerPrefix
        meter.sourceMap = document.sourceMap

        let visibility = Visibility(document)
        let identifiers = try NestedIdentifiers(document, maxTextBytes: budget.maxTextBytes, meter: &meter, interrupt: interrupt)
        try interrupt.check()
        let pairs = LabeledPairs(document, visible: visibility.isVisible)
        var builder = ElementBuilder(document: document, visibility: visibility, identifiers: identifiers, pairs: pairs,
                                     maxTextBytes: budget.maxTextBytes, interrupt: interrupt)
        try interrupt.check()
        builder.deferral = try DeferralResolver.resolve(builder, meter: &meter, maxListEntries: budget.maxListEntries)
        try interrupt.check()

        // Elements are finished in document order as they are found; reading order then moves them.
        var collected = ElementCollector(count: count, visibility: visibility, capacity: builder.elementRoleCount,
                                         platform: document.platform)
        var items: [ReadingItem] = []
        try collected.collect(document.root, builder: builder, meter: &meter, into: &items)
        try interrupt.check()
        var sequence: [Int] = []
        sequence.reserveCapacity(collected.elements.count)
        ReadingItem.sort(&items, order: builder.order)
        ReadingItem.flatten(items, into: &sequence)
        items = []

        if !collected.pending.isEmpty {
            let positions = seriesPositions(of: sequence, seriesOfElement: collected.seriesOfElement,
                                            seriesCount: visibility.seriesNodes.count)
            try collected.finishPending(positions: positions, builder: builder, meter: &meter)
        }
        let (elements, facts, elementOfNode) = collected.inReadingOrder(sequence)

        return Analysis(
            document: document, elements: elements,
            identifiers: identifiers.list(),
            elementOfNode: elementOfNode, isReachable: visibility.isReachable,
            composedIdentifier: identifiers.composed,
            diagnostics: identifiers.diagnostics + pairs.diagnostics + builder.deferral.diagnostics,
            elementFacts: facts)
    }

    /// "N of M" for elements inside a tab bar (`tabBar` trait) or a `tabSet`, counted in reading
    /// `sequence` and indexed by element. Arrays indexed by series (`Visibility.seriesOf`).
    private static func seriesPositions(of sequence: [Int], seriesOfElement: [Int],
                                        seriesCount: Int) -> [AccessibilityElement.Position?] {
        var total = [Int](filledWith: 0, count: seriesCount)
        for c in seriesOfElement where c >= 0 { total[c] += 1 }
        var seen = [Int](filledWith: 0, count: seriesCount)
        var positions = [AccessibilityElement.Position?](filledWith: nil, count: sequence.count)
        for k in sequence {
            let c = seriesOfElement[k]
            guard c >= 0 else { continue }
            seen[c] += 1
            positions[k] = AccessibilityElement.Position(index: seen[c], count: total[c])
        }
        return positions
    }
}
