/// VoiceOver's geometric reading order: rows top to bottom, within a row by leading edge.
/// Two frames share a row when their tops are closer than the line tolerance (8 pt on
/// phones, 13 pt on pads) or their vertical centres differ by at most 1 pt.
struct ReadingOrder {
    var lineTolerance: Double
    var rightToLeft: Bool

    init(document: Document) {
        lineTolerance = document.idiom == .pad ? 13 : 8
        rightToLeft = document.layoutDirection == .rtl
    }

    /// Whether `a` is read before `b` (false for ties, so sorting stays stable).
    func precedes(_ a: Rect, _ b: Rect) -> Bool {
        let sameLine = abs(a.minY - b.minY) < lineTolerance || abs(a.midY - b.midY) <= 1
        if !sameLine { return a.minY < b.minY }
        return rightToLeft ? a.maxX > b.maxX : a.minX < b.minX
    }

    /// Stable sort by frame.
    func sorted<T>(_ items: [T], frame: (T) -> Rect) -> [T] {
        StableSort.sorted(items) { precedes(frame($0), frame($1)) }
    }
}

/// Merge sort: keeps the view order of items the comparator cannot tell apart, which the
/// standard library's sort does not promise.
enum StableSort {
    static func sorted<T>(_ items: [T], by precedes: (T, T) -> Bool) -> [T] {
        guard items.count > 1 else { return items }
        var source = items
        var target = items
        var width = 1
        while width < items.count {
            var start = 0
            while start < items.count {
                let mid = min(start + width, items.count), end = min(start + 2 * width, items.count)
                var l = start, r = mid, out = start
                while l < mid && r < end {
                    // Take from the right only when it strictly precedes: ties keep view order.
                    if precedes(source[r], source[l]) { target[out] = source[r]; r += 1 } else { target[out] = source[l]; l += 1 }
                    out += 1
                }
                while l < mid { target[out] = source[l]; l += 1; out += 1 }
                while r < end { target[out] = source[r]; r += 1; out += 1 }
                start = end
            }
            swap(&source, &target)
            width *= 2
        }
        return source
    }
}

/// A stop or a `contain` group while reading order is decided.
struct ReadingItem {
    /// An element, or the members of a group (already sorted).
    enum Content { case element(AccessibilityElement), group([ReadingItem]) }
    var content: Content
    var sortPriority: Double
    /// Where the item falls: its frame, or a group's first member's.
    var frame: Rect

    /// Sorts siblings: higher `sortPriority` first, then geometric order.
    static func sort(_ items: [ReadingItem], order: ReadingOrder) -> [ReadingItem] {
        StableSort.sorted(items) { a, b in
            if a.sortPriority != b.sortPriority { return a.sortPriority > b.sortPriority }
            return order.precedes(a.frame, b.frame)
        }
    }

    /// Elements in navigation order.
    static func flatten(_ items: [ReadingItem], into out: inout [AccessibilityElement]) {
        for item in items {
            switch item.content {
            case .element(let e): out.append(e)
            case .group(let members): flatten(members, into: &out)
            }
        }
    }
}
