/// Boxed fields (`Node.Fields`) of many nodes in one object, a row each: the decoder gives
/// every node of a document a row here, so a document allocates (and frees) its fields once
/// instead of once per node. Fields few nodes set (`Node.RareFields`) live in a second region,
/// a row there only for the rows that set one: freeing a row releases every reference member
/// it has, set or not, so keeping those out of the common row halves the work for most nodes.
///
/// Rows are only written by the decoder that builds the table (before any node leaves it) or
/// while the table is uniquely referenced (`Node.mutate`), so sharing it is safe.
package final class FieldTable: @unchecked Sendable {
    private let rows: UnsafeMutablePointer<Node.Fields>
    /// Room for `capacity` rare rows too (a row has at most one), in the same allocation.
    private let rareRows: UnsafeMutablePointer<Node.RareFields>
    private let capacity: Int
    private var count = 0
    private var rareCount = 0

    package init(capacity: Int) {
        self.capacity = capacity
        // One allocation for both regions; the rare one is touched only as far as it is used.
        let rareOffset = Self.rareOffset(capacity: capacity)
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: rareOffset + capacity * MemoryLayout<Node.RareFields>.stride,
            alignment: max(MemoryLayout<Node.Fields>.alignment, MemoryLayout<Node.RareFields>.alignment))
        rows = memory.bindMemory(to: Node.Fields.self, capacity: capacity)
        rareRows = (memory + rareOffset).bindMemory(to: Node.RareFields.self, capacity: capacity)
    }

    /// Where the rare region starts: after the rows, aligned for its rows.
    private static func rareOffset(capacity: Int) -> Int {
        let end = capacity * MemoryLayout<Node.Fields>.stride, align = MemoryLayout<Node.RareFields>.alignment
        return (end + align - 1) / align * align
    }

    deinit {
        rows.deinitialize(count: count)
        rareRows.deinitialize(count: rareCount)
        UnsafeMutableRawPointer(rows).deallocate()
    }

    /// Shared by nodes that have not set any field yet, so `Node()` does not allocate.
    static let empty: FieldTable = {
        let table = FieldTable(capacity: 1)
        table.append(Node.Fields())
        return table
    }()

    /// A table holding just a copy of `row` (a node's own row, for copy on write).
    func copy(ofRow row: Int) -> FieldTable {
        let table = FieldTable(capacity: 1)
        var fields = rows[row]
        let rare = fields.rareRow
        fields.rareRow = -1
        table.append(fields)
        if rare >= 0 { table[rareOf: 0] = rareRows[Int(rare)] }
        return table
    }

    package var isFull: Bool { count == capacity }

    package subscript(row: Int) -> Node.Fields {
        _read {
            assert(row >= 0 && row < count, "no such row")
            yield rows[row]
        }
        _modify {
            assert(row >= 0 && row < count, "no such row")
            yield &rows[row]
        }
    }

    /// Sets the `String?` member of row `row` that starts `offset` bytes into it (a stored
    /// member's `MemoryLayout<Node.Fields>.offset(of:)`, worked out once in `NodeWire`).
    @inline(__always)
    func setString(_ value: String, row: Int, at offset: Int) {
        assert(row >= 0 && row < count, "no such row")
        (UnsafeMutableRawPointer(rows + row) + offset).assumingMemoryBound(to: String?.self).pointee = value
    }

    /// The rare fields of `row`, nil when it has none; `read` sees them in place.
    @inline(__always)
    func withRare<Value>(of row: Int, _ read: (Node.RareFields) -> Value) -> Value? {
        assert(row >= 0 && row < count, "no such row")
        let rare = rows[row].rareRow
        return rare < 0 ? nil : read(rareRows[Int(rare)])
    }

    /// The rare fields of `row`; writing gives the row a rare row first if it has none.
    package subscript(rareOf row: Int) -> Node.RareFields {
        _read {
            assert(row >= 0 && row < count, "no such row")
            let rare = rows[row].rareRow
            yield rare < 0 ? Node.RareFields() : rareRows[Int(rare)]
        }
        _modify {
            assert(row >= 0 && row < count, "no such row")
            if rows[row].rareRow < 0 {
                (rareRows + rareCount).initialize(to: Node.RareFields())
                rows[row].rareRow = Int32(rareCount)
                rareCount += 1
            }
            yield &rareRows[Int(rows[row].rareRow)]
        }
    }

    /// Adds a row (with no rare row); the table must not be full.
    package func append(_ fields: Node.Fields) {
        precondition(!isFull, "appending to a full field table")
        (rows + count).initialize(to: fields)
        count += 1
    }

    /// A table with twice the room holding these rows, moved out of this one (left empty).
    package func grown() -> FieldTable {
        let bigger = FieldTable(capacity: max(2 * capacity, 8))
        bigger.rows.moveInitialize(from: rows, count: count)
        bigger.rareRows.moveInitialize(from: rareRows, count: rareCount)
        bigger.count = count
        bigger.rareCount = rareCount
        count = 0
        rareCount = 0
        return bigger
    }
}
