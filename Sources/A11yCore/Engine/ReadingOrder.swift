/// VoiceOver's geometric reading order: rows top to bottom, within a row by leading edge.
/// Two frames share a row when their tops are closer than the line tolerance (8 pt on
/// phones, 13 pt on pads) or their vertical centres differ by at most 1 pt.
struct ReadingOrder {
    var lineTolerance: Double
    var rightToLeft: Bool

    // Borrowed: an initializer otherwise takes (and retains) the whole document.
    init(document: borrowing Document) {
        lineTolerance = document.idiom == .pad ? 13 : 8
        rightToLeft = document.layoutDirection == .rtl
    }

    /// Whether `a` is read before `b` (false for ties, so sorting stays stable).
    func precedes(_ a: Rect, _ b: Rect) -> Bool {
        let sameLine = abs(a.minY - b.minY) < lineTolerance || abs(a.midY - b.midY) <= 1
        if !sameLine { return a.minY < b.minY }
        return rightToLeft ? a.maxX > b.maxX : a.minX < b.minX
    }

    /// Stable sort by frame, in place.
    func sort<T>(_ items: inout [T], frame: (T) -> Rect) {
        guard items.count > 1 else { return }
        let frames = items.map(frame)
        var order = StableSort.order(count: items.count) { precedes(frames[$0], frames[$1]) }
        StableSort.permute(&items, by: &order)
    }
}

/// Merge sort: keeps the view order of items the comparator cannot tell apart, which the
/// standard library's sort does not promise. It orders indices, so the (large) items are
/// moved once rather than on every merge pass.
enum StableSort {
    /// Puts the old `items[order[k]]` at `k` by swapping along the permutation's cycles;
    /// `order` is left as the identity, which marks what is placed. Swaps go through the
    /// buffer because `Array.swapAt` copies (retains) the items it swaps; the buffer's moves them.
    static func permute<T>(_ items: inout [T], by order: inout [Int]) {
        items.withUnsafeMutableBufferPointer { buffer in
            for start in order.indices where order[start] != start {
                var k = start
                while order[k] != start {
                    let from = order[k]
                    buffer.swapAt(k, from)
                    order[k] = k
                    k = from
                }
                order[k] = k
            }
        }
    }

    /// `0..<count` in stable sorted order; `precedes` compares two indices.
    static func order(count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var first = Array(0..<count)
        guard count > 1 else { return first }
        var second = first
        var resultInFirst = true
        // Passes read one buffer and write the other; through buffer pointers, each write
        // is a plain store instead of an array uniqueness check.
        first.withUnsafeMutableBufferPointer { a in
            second.withUnsafeMutableBufferPointer { b in
                var source = a, target = b
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
                    resultInFirst.toggle()
                    width *= 2
                }
            }
        }
        return resultInFirst ? first : second
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

    /// Sorts siblings in place: higher `sortPriority` first, then geometric order.
    static func sort(_ items: inout [ReadingItem], order: ReadingOrder) {
        guard items.count > 1 else { return }
        let keys = items.map { (priority: $0.sortPriority, frame: $0.frame) }
        var sorted = StableSort.order(count: items.count) { a, b in
            if keys[a].priority != keys[b].priority { return keys[a].priority > keys[b].priority }
            return order.precedes(keys[a].frame, keys[b].frame)
        }
        StableSort.permute(&items, by: &sorted)
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
