/// A set of rule positions in a `RuleTable` / `RuleIDTable`: which rules a run selected,
/// ran, passed. The first 64 positions (the whole registry) live in one word, so a run's
/// rule lists cost no allocation and no string work until they are written.
package struct RuleSet: Sendable, Sequence {
    private var low: UInt64 = 0
    /// Positions 64 and up, 64 per word; empty unless a registry is that large.
    private var high: [UInt64] = []

    package init() {}

    init(_ positions: some Sequence<Int>) {
        for p in positions { insert(p) }
    }

    /// `0..<count`.
    init(first count: Int) {
        for p in 0..<count { insert(p) }
    }

    var isEmpty: Bool { low == 0 && high.allSatisfy { $0 == 0 } }

    var count: Int { high.reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }

    /// Exact, so `Array(set)` allocates once.
    package var underestimatedCount: Int { count }

    func contains(_ position: Int) -> Bool {
        if position < 64 { return low & (1 << UInt64(position)) != 0 }
        let word = position / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(position % 64)) != 0
    }

    /// Inlined for the first word, where every registry position lies.
    @inline(__always)
    package mutating func insert(_ position: Int) {
        if position < 64 { low |= 1 << UInt64(position) } else { insertHigh(position) }
    }

    private mutating func insertHigh(_ position: Int) {
        let word = position / 64 - 1
        if word >= high.count { high += Array(repeating: 0, count: word + 1 - high.count) }
        high[word] |= 1 << UInt64(position % 64)
    }

    mutating func formUnion(_ other: RuleSet) {
        low |= other.low
        if high.count < other.high.count { high += Array(repeating: 0, count: other.high.count - high.count) }
        for i in other.high.indices { high[i] |= other.high[i] }
    }

    mutating func subtract(_ other: RuleSet) {
        low &= ~other.low
        for i in high.indices where i < other.high.count { high[i] &= ~other.high[i] }
    }

    /// Runs of consecutive positions, ascending (a run that crosses a word boundary comes
    /// in two): lists are written a run at a time.
    var runs: Runs { Runs(set: self) }

    struct Runs: Sequence, IteratorProtocol {
        private var words: Words

        fileprivate init(set: RuleSet) { words = Words(set) }

        mutating func next() -> Range<Int>? {
            guard words.advanceToBits() else { return nil }
            let bits = words.bits, base = words.base
            let start = bits.trailingZeroBitCount
            let length = (~(bits >> UInt64(start))).trailingZeroBitCount
            words.bits = length == 64 ? 0 : bits & ~(((1 << UInt64(length)) - 1) << UInt64(start))
            return base + start..<base + start + length
        }
    }

    /// Positions in ascending order, in an array sized once.
    var positions: [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        for p in self { out.append(p) }
        return out
    }

    /// Positions in ascending order, a set bit at a time: the flattened runs' generic
    /// iterator cost more than the rules of a tiny screen.
    package func makeIterator() -> Positions { Positions(set: self) }

    package struct Positions: IteratorProtocol {
        private var words: Words

        fileprivate init(set: RuleSet) { words = Words(set) }

        package mutating func next() -> Int? {
            guard words.advanceToBits() else { return nil }
            let position = words.base + words.bits.trailingZeroBitCount
            words.bits &= words.bits - 1
            return position
        }
    }

    /// The set's words in order, for both iterators: the bits of the current word not yet
    /// taken, that word's first position, and the index in `high` of the word after it.
    fileprivate struct Words {
        let set: RuleSet
        var bits: UInt64
        private(set) var base = 0
        private var nextWord = 0

        init(_ set: RuleSet) {
            self.set = set
            bits = set.low
        }

        /// Moves on to the next word with bits left in it; false past the last word.
        mutating func advanceToBits() -> Bool {
            while bits == 0 {
                guard nextWord < set.high.count else { return false }
                bits = set.high[nextWord]
                nextWord += 1
                base = 64 * nextWord
            }
            return true
        }
    }
}
