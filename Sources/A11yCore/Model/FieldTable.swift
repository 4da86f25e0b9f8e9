/// Boxed fields (`Node.Fields`) of many nodes in one object, a row each: the decoder gives
/// every node of a document a row here, so a document allocates (and frees) its fields once
/// instead of once per node.
///
/// Rows are only written by the decoder that builds the table (before any node leaves it) or
/// while the table is uniquely referenced (`Node.mutate`), so sharing it is safe.
final class FieldTable: @unchecked Sendable {
    private let rows: UnsafeMutablePointer<Node.Fields>
    private let capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        rows = .allocate(capacity: capacity)
    }

    deinit {
        rows.deinitialize(count: count)
        rows.deallocate()
    }

    /// Shared by nodes that have not set any field yet, so `Node()` does not allocate.
    static let empty = single(Node.Fields())

    /// A table holding just `fields` (a node's own row, for copy on write).
    static func single(_ fields: Node.Fields) -> FieldTable {
        let table = FieldTable(capacity: 1)
        table.append(fields)
        return table
    }

    var isFull: Bool { count == capacity }

    subscript(row: Int) -> Node.Fields {
        _read {
            assert(row >= 0 && row < count, "no such row")
            yield rows[row]
        }
        _modify {
            assert(row >= 0 && row < count, "no such row")
            yield &rows[row]
        }
    }

    /// Adds a row; the table must not be full.
    func append(_ fields: Node.Fields) {
        precondition(!isFull, "appending to a full field table")
        (rows + count).initialize(to: fields)
        count += 1
    }

    /// A table with twice the room holding these rows, moved out of this one (left empty).
    func grown() -> FieldTable {
        let bigger = FieldTable(capacity: max(2 * capacity, 8))
        bigger.rows.moveInitialize(from: rows, count: count)
        bigger.count = count
        count = 0
        return bigger
    }
}
