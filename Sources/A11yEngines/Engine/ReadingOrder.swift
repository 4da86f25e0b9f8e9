import A11yModel
/// VoiceOver's geometric reading order, as AccessibilitySnapshot's parser decides it
/// (`AccessibilityHierarchyParser.sortedElements(for:explicitlyOrdered:...)`): two frames are
/// on separate lines when their top edges differ by at least the separation (8 pt on phones,
/// 13 pt on pads; an equal difference is already a new line), and the higher one comes first.
/// Otherwise the frame origins decide: minX ascending, or descending right to left. There is
/// no mid-line rule. (Blueprint's combine sort is another function: `CombineOrder`.)
package struct ReadingOrder {
    var lineTolerance: Double
    var rightToLeft: Bool

    init(document: borrowing Document) {
        lineTolerance = document.idiom == .pad ? 13 : 8
        rightToLeft = document.layoutDirection == .rtl
    }

    /// Whether `a` is read before `b`.
    func precedes(_ a: Rect, _ b: Rect) -> Bool {
        if a.minY != b.minY && abs(a.minY - b.minY) >= lineTolerance { return a.minY < b.minY }
        return rightToLeft ? a.minX > b.minX : a.minX < b.minX
    }

    /// Stable sort of drafts by frame, in place.
    package func sort(_ drafts: inout [ElementDraft]) {
        StableSort.sort(&drafts) { drafts, a, b in precedes(drafts[a].frame, drafts[b].frame) }
    }
}

/// Merge sort: keeps the view order of items the comparator cannot tell apart, which the
/// standard library's sort does not promise. It orders indices, so the (large) items are
/// moved once rather than on every merge pass.
enum StableSort {
    /// Puts the old `items[order[k]]` at `k` by swapping along the permutation's cycles;
    /// `order` is left as the identity, which marks what is placed.
    static func permute<T>(_ items: inout [T], by order: inout [Int]) {
        items.withUnsafeMutableBufferPointer { items in
            order.withUnsafeMutableBufferPointer { order in permute(items, by: order) }
        }
    }

    private static func permute<T>(_ items: UnsafeMutableBufferPointer<T>, by order: UnsafeMutableBufferPointer<Int>) {
        for start in order.indices where order[start] != start {
            var k = start
            while order[k] != start {
                let from = order[k]
                items.swapAt(k, from)
                order[k] = k
                k = from
            }
            order[k] = k
        }
    }

    /// Sorts `items` stably in place. `precedes(items, a, b)` compares the items at `a` and `b`,
    /// read from the buffer. Both index buffers share
    /// one scratch allocation, on the stack when small: three heap arrays per sort cost more
    /// than the sort of a few siblings itself.
    package static func sort<T>(_ items: inout [T], by precedes: (UnsafeMutableBufferPointer<T>, Int, Int) -> Bool) {
        let count = items.count
        guard count > 1 else { return }
        items.withUnsafeMutableBufferPointer { items in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { scratch in
                let first = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
                let second = UnsafeMutableBufferPointer(rebasing: scratch[count...])
                for k in 0..<count { first.initializeElement(at: k, to: k) }
                second.initialize(repeating: 0)
                if count < smallCount {
                    runThenInsertionSort(first) { precedes(items, $0, $1) }
                    permute(items, by: first)
                } else {
                    let order = mergeSort(first, second) { precedes(items, $0, $1) }
                    permute(items, by: order)
                }
            }
        }
    }

    /// Below this count the standard library's `sort` (which AccessibilitySnapshot's parser
    /// calls) is one natural run extended by insertion sort; above it, it merges runs.
    static let smallCount = 64

    /// The standard library's sort for fewer than 64 items, step for step: a leading strictly
    /// descending run is reversed, then insertion sort (swapping while the item precedes its
    /// left neighbour) covers the rest. VoiceOver's line comparator is not transitive (tops
    /// 5 and 10 pt apart share lines, 15 pt do not), so only the same steps give the parser's
    /// order in those cases (AccessibilityHierarchyParserTests.testVerticalSeperation, pad).
    static func runThenInsertionSort(_ order: UnsafeMutableBufferPointer<Int>, by precedes: (Int, Int) -> Bool) {
        let count = order.count
        guard count > 1 else { return }
        var end = 1
        let descending = precedes(order[1], order[0])
        repeat { end += 1 } while end < count && descending == precedes(order[end], order[end - 1])
        if descending {
            var lo = 0, hi = end - 1
            while lo < hi { order.swapAt(lo, hi); lo += 1; hi -= 1 }
        }
        while end < count {
            var i = end
            while i > 0 && precedes(order[i], order[i - 1]) { order.swapAt(i, i - 1); i -= 1 }
            end += 1
        }
    }

    /// Sorts the indices in `first` stably, using `second` as the other buffer of each pass;
    /// returns the buffer holding the result. `precedes` compares two indices.
    private static func mergeSort(_ first: UnsafeMutableBufferPointer<Int>, _ second: UnsafeMutableBufferPointer<Int>,
                                  by precedes: (Int, Int) -> Bool) -> UnsafeMutableBufferPointer<Int> {
        let count = first.count
        var source = first, target = second
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
package struct ReadingItem {
    /// A draft's index, or the members of a group (already sorted).
    enum Content { case element(Int), group([ReadingItem]) }
    var content: Content
    var sortPriority: Double
    /// Where the item falls: its frame, or for a group its members' first by the reading
    /// comparator, taken over the members in view order as the parser's
    /// `accessibilitySortFrame(for:)` does (`min(by:)`, so the earliest of equals).
    var frame: Rect

    /// A group's placing frame: the first of `members` (in view order) that no later member precedes.
    static func placingFrame(of members: [ReadingItem], order: ReadingOrder) -> Rect {
        var frame = members[0].frame
        for member in members.dropFirst() where order.precedes(member.frame, frame) { frame = member.frame }
        return frame
    }

    /// Sorts siblings in place: higher `sortPriority` first, then geometric order.
    package static func sort(_ items: inout [ReadingItem], order: ReadingOrder) {
        StableSort.sort(&items) { items, a, b in
            if items[a].sortPriority != items[b].sortPriority { return items[a].sortPriority > items[b].sortPriority }
            return order.precedes(items[a].frame, items[b].frame)
        }
    }

    /// Draft indices in navigation order.
    package static func flatten(_ items: [ReadingItem], into out: inout [Int]) {
        for item in items {
            switch item.content {
            case .element(let k): out.append(k)
            case .group(let members): flatten(members, into: &out)
            }
        }
    }
}
