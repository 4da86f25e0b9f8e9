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
        guard items.count > 1 else { return items }
        let frames = items.map(frame)
        let order = StableSort.order(count: items.count) { precedes(frames[$0], frames[$1]) }
        // Items usually come in reading order already: then nothing is copied.
        return StableSort.isIdentity(order) ? items : order.map { items[$0] }
    }
}

/// Merge sort: keeps the view order of items the comparator cannot tell apart, which the
/// standard library's sort does not promise. It orders indices, so the (large) items are
/// moved once rather than on every merge pass.
enum StableSort {
    static func isIdentity(_ order: [Int]) -> Bool {
        order.indices.allSatisfy { order[$0] == $0 }
    }

    /// `0..<count` in stable sorted order; `precedes` compares two indices.
    static func order(count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var source = Array(0..<count)
        guard count > 1 else { return source }
        var target = source
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let mid = min(start + width, count), end = min(start + 2 * width, count)
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
    /// A draft's index, or the members of a group (already sorted).
    enum Content { case element(Int), group([ReadingItem]) }
    var content: Content
    var sortPriority: Double
    /// Where the item falls: its frame, or a group's first member's.
    var frame: Rect

    /// Sorts siblings: higher `sortPriority` first, then geometric order.
    static func sort(_ items: [ReadingItem], order: ReadingOrder) -> [ReadingItem] {
        guard items.count > 1 else { return items }
        let keys = items.map { (priority: $0.sortPriority, frame: $0.frame) }
        let sorted = StableSort.order(count: items.count) { a, b in
            if keys[a].priority != keys[b].priority { return keys[a].priority > keys[b].priority }
            return order.precedes(keys[a].frame, keys[b].frame)
        }
        return StableSort.isIdentity(sorted) ? items : sorted.map { items[$0] }
    }

    /// Draft indices in navigation order.
    static func flatten(_ items: [ReadingItem], into out: inout [Int]) {
        for item in items {
            switch item.content {
            case .element(let k): out.append(k)
            case .group(let members): flatten(members, into: &out)
            }
        }
    }
}
