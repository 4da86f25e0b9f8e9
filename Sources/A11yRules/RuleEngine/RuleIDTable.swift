import A11yJSON
/// Rule ids by position with what writing and ordering them needs, made once per registry
/// (or per hand-set id list): a run's rule lists are `RuleSet`s of positions in one of these.
package final class RuleIDTable: Sendable {
    package let ids: [String]
    /// Every id as a JSON string, quotes and escapes included, joined by commas
    /// (`"a","b"`), and the bytes of each in it: consecutive positions of a list are
    /// copied into a response as one span.
    private let joined: [UInt8]
    private let spans: [Range<Int>]
    /// Each id's rank in sorted id order, equal ids sharing one: findings are ordered by
    /// rule id, and comparing these beats comparing strings per request.
    let rank: [Int]

    init(_ ids: [String]) {
        self.ids = ids
        var w = JSONWriter()
        var spans: [Range<Int>] = []
        for id in ids {
            let start = w.count + (spans.isEmpty ? 0 : 1)
            w.string(id)
            spans.append(start..<w.count)
        }
        joined = w.bytes
        self.spans = spans
        let sorted = ids.indices.sorted { ids[$0] < ids[$1] }
        var rank = Array(repeating: 0, count: ids.count)
        for (place, position) in sorted.enumerated() where place > 0 {
            let previous = sorted[place - 1]
            rank[position] = rank[previous] + (ids[position] == ids[previous] ? 0 : 1)
        }
        self.rank = rank
    }

    /// Every position whose id is `id` (a custom registry may repeat one).
    func positions(of id: String) -> RuleSet {
        RuleSet(ids.indices.filter { ids[$0] == id })
    }

    /// The most bytes a set's array takes: every id, the commas between them, the brackets.
    package var maxJSONArrayLength: Int { joined.count + 2 }

    /// The bytes of `positions`' array, which may repeat an id.
    package func maxJSONArrayLength(_ positions: [Int]) -> Int {
        positions.reduce(2) { $0 + spans[$1].count + 1 }
    }

    /// `["id",…]` of the ids at `positions` (in the order given) written at `out`, which has room
    /// for `maxJSONArrayLength`: a response copies the ids straight into its own buffer.
    /// Returns the bytes written.
    package func writeJSONArray(_ positions: [Int], to out: UnsafeMutablePointer<UInt8>) -> Int {
        writeJSONArray(runs: positions.lazy.map { $0..<$0 + 1 }, to: out)
    }

    /// The same for the ids in `set`, in position order.
    package func writeJSONArray(_ set: RuleSet, to out: UnsafeMutablePointer<UInt8>) -> Int {
        writeJSONArray(runs: set.runs, to: out)
    }

    /// Adjacent runs of positions are joined, and each is copied as one span of `joined`.
    private func writeJSONArray(runs: some Sequence<Range<Int>>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "[")
        var count = 1
        joined.withUnsafeBufferPointer { joined in
            var iterator = runs.makeIterator()
            var pending = iterator.next()
            while let current = pending {
                var end = current.upperBound
                pending = iterator.next()
                while let next = pending, next.lowerBound == end {
                    end = next.upperBound
                    pending = iterator.next()
                }
                if count > 1 {
                    out[count] = UInt8(ascii: ",")
                    count += 1
                }
                let bytes = spans[current.lowerBound].lowerBound..<spans[end - 1].upperBound
                (out + count).update(from: joined.baseAddress! + bytes.lowerBound, count: bytes.count)
                count += bytes.count
            }
        }
        out[count] = UInt8(ascii: "]")
        return count + 1
    }

    /// The ids at `set`'s positions, in position order.
    func ids(_ set: RuleSet) -> [String] { set.map { ids[$0] } }
}

/// One list of rule ids of a run: positions in a table. The runner's lists all index the
/// registry's table; a list set by hand gets a table of its own (it may be in any order).
package struct RuleIDList: Sendable {
    package let table: RuleIDTable
    package var members: RuleSet

    init(table: RuleIDTable, members: RuleSet = RuleSet()) {
        self.table = table
        self.members = members
    }

    init(_ ids: [String]) {
        table = RuleIDTable(ids)
        members = RuleSet(first: ids.count)
    }

    package var ids: [String] { table.ids(members) }

    static let empty = RuleIDList([])
}
