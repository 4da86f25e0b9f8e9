import A11yModel
/// The order Blueprint gives the parts of a combined element (`Accessibility.frameSort` in
/// BlueprintUI/Sources/Element/Accessibility.swift). Not VoiceOver's reading order
/// (`ReadingOrder`): vertical centres within 1 pt share a line (Blueprint's heuristic for
/// centre-aligned rows), tops up to and including the tolerance (8 pt phone, 13 pt pad)
/// share a line, and right to left compares trailing edges (maxX, descending).
struct CombineOrder {
    var lineTolerance: Double
    var rightToLeft: Bool

    init(_ reading: ReadingOrder) {
        lineTolerance = reading.lineTolerance
        rightToLeft = reading.rightToLeft
    }

    /// Whether part `a` comes before part `b`.
    func precedes(_ a: Rect, _ b: Rect) -> Bool {
        let sameLine = abs(a.midY - b.midY) <= 1 || abs(a.minY - b.minY) <= lineTolerance
        if !sameLine { return a.minY < b.minY }
        return rightToLeft ? a.maxX > b.maxX : a.minX < b.minX
    }

    /// Sorts parts in place, with the standard library's steps (Blueprint calls `sorted(by:)`).
    package func sort(_ drafts: inout [ElementDraft]) {
        StableSort.sort(&drafts) { drafts, a, b in precedes(drafts[a].frame, drafts[b].frame) }
    }
}
