import A11yModel
/// The context an element is read in when it sits in a list, landmark or data table, as
/// AccessibilitySnapshot's parser gives it (`AccessibilityHierarchyParser.context(for:from:...)`,
/// `NSObject.recursiveAccessibilityHierarchy(contextProvider:)`):
/// - The context comes from the outermost view above the element that provides one (tab bars,
///   segmented controls, lists, landmarks, data tables): the parser hands the first provider
///   down and an inner one does not replace it.
/// - A list or landmark tells only elements that are its own accessibility elements (the
///   format's `accessibilityChildren`): the first at index 0 says "List Start." ("Landmark."),
///   the one at the last index of the array "List End." ("End."); one alone is a start only.
///   Its subviews (`children`) and anything deeper get no context.
/// - A data table tells its cells (nodes with `dataTableCell`, at any depth): their headers,
///   spans, row (first cell of a row only) and column. Other nodes in it get no context.
/// Built only for documents that send container facts (`Node.FieldFlags.containerFacts`).
struct ContainerContexts {
    /// For each node, the outermost provider of context above it, -1 for none.
    private let provider: [Int32]
    /// Data tables by their node.
    private var tables: [Int: DataTable] = [:]

    /// Most headers read for one cell: a table whose every cell heads its row would otherwise
    /// make each cell's description walk the whole row.
    static let maxHeadersPerCell = 256

    /// What the parser asks of a `UIAccessibilityContainerDataTable`, from its cells' facts.
    fileprivate struct DataTable {
        /// `accessibilityDataTableCellElement(forRow:column:)`: the first cell (document order)
        /// at each origin; cells with an undefined row or column have none.
        var cellAt: [Position: Int] = [:]
        /// The smallest column of any cell in each row: a cell is the first of its row when no
        /// cell starts left of it in that row.
        var firstColumn: [Int: Int] = [:]
        /// `accessibilityHeaderElements(forRow:)`, `(forColumn:)`: header cells, document order.
        var rowHeaders: [Int: [Int]] = [:]
        var columnHeaders: [Int: [Int]] = [:]
    }

    fileprivate struct Position: Hashable { var row: Int, column: Int }

    /// Nil when no node sends a container type.
    init?(_ document: borrowing Document) {
        let nodes = document.nodes
        guard nodes.contains(where: { $0.has(.containerFacts) && $0.containerType != nil }) else { return nil }
        var provider = [Int32](filledWith: -1, count: nodes.count)
        var tables: [Int: DataTable] = [:]
        // Pre-order storage: a parent is decided before its children.
        for i in nodes.indices {
            guard let parent = nodes[i].parent else { continue }
            let inherited = provider[parent]
            provider[i] = inherited >= 0 ? inherited : (ContainerContexts.providesContext(nodes, parent) ? Int32(parent) : -1)
            guard provider[i] >= 0, nodes[i].has(.containerFacts), let cell = nodes[i].dataTableCell else { continue }
            let table = Int(provider[i])
            guard nodes[table].containerType == .dataTable else { continue }
            tables[table, default: DataTable()].add(cell, node: i)
        }
        self.provider = provider
        self.tables = tables
    }

    /// The parser's `providesContext`: a tab bar, a segmented control (`tabSet`), a list, a
    /// landmark or a data table.
    static func providesContext(_ nodes: [Node], _ i: Int) -> Bool {
        if nodes[i].kind == .tabSet || nodes[i].effectiveTraits.contains(.tabBar) { return true }
        switch nodes[i].containerType {
        case .list?, .landmark?, .dataTable?: return true
        case .none?, .semanticGroup?, nil: return false
        }
    }

    /// Whether a container node keeps its elements together in reading order as the parser's
    /// `containerInfo` does: a list, landmark or data table, or a semantic group with a label,
    /// value or identifier (sent, even empty). (The tabBar trait is the caller's.)
    static func groupsChildren(_ nodes: [Node], _ i: Int) -> Bool {
        guard nodes[i].has(.containerFacts) else { return false }
        switch nodes[i].containerType {
        case .list?, .landmark?, .dataTable?: return true
        case .semanticGroup?: return nodes[i].label != nil || nodes[i].value != nil || nodes[i].identifier != nil
        case .none?, nil: return false
        }
    }

    /// Who gives an element its context.
    enum Provided {
        /// No list, landmark or data table: a tab bar or segmented control above it, if any,
        /// gives its position in the series (`Visibility.seriesOf`).
        case bySeries
        /// A list, landmark or data table, which gives this context or cell context (both nil: none).
        case byContainer(SpokenOutput.Context?, cell: SpokenOutput.DataTableCellContext?)
    }

    /// The context of the element standing for node `e`.
    func context(of e: Int, in nodes: [Node], maxBytes: Int) -> Provided {
        let p = Int(provider[e])
        guard p >= 0 else { return .bySeries }
        switch nodes[p].containerType {
        case .list?, .landmark?:
            let isList = nodes[p].containerType == .list
            // Only the provider's own accessibility elements: their index in its array.
            let range = nodes[p].syntheticChildRange
            guard nodes[e].isSynthetic, nodes[e].parent == p, !range.isEmpty else { return .byContainer(nil, cell: nil) }
            let index = nodes[e].indexInParent
            if index == 0 { return .byContainer(isList ? .listStart : .landmarkStart, cell: nil) }
            if index == range.count - 1 { return .byContainer(isList ? .listEnd : .landmarkEnd, cell: nil) }
            return .byContainer(nil, cell: nil)
        case .dataTable?:
            guard nodes[e].has(.containerFacts), let cell = nodes[e].dataTableCell, let table = tables[p] else { return .byContainer(nil, cell: nil) }
            return .byContainer(nil, cell: table.context(of: e, cell, nodes: nodes, maxBytes: maxBytes))
        case .none?, .semanticGroup?, nil:
            return .bySeries
        }
    }
}

extension ContainerContexts.DataTable {
    mutating func add(_ cell: DataTableCell, node: Int) {
        if let row = cell.row, let column = cell.column {
            let at = ContainerContexts.Position(row: row, column: column)
            if cellAt[at] == nil { cellAt[at] = node }
            firstColumn[row] = min(firstColumn[row] ?? column, column)
        }
        if cell.rowHeader, let row = cell.row { rowHeaders[row, default: []].append(node) }
        if cell.columnHeader, let column = cell.column { columnHeaders[column, default: []].append(node) }
    }

    /// The parser's `.dataTableCell` context for cell node `e`, with the headers' words.
    func context(of e: Int, _ cell: DataTableCell, nodes: [Node], maxBytes: Int) -> SpokenOutput.DataTableCellContext {
        let row = cell.row, column = cell.column
        // First in its row: row and column defined, and no cell starts left of it in the row.
        var isFirstInRow = false
        if let row, let column { isFirstInRow = (firstColumn[row] ?? column) >= column }
        var headers = ""
        var read = 0
        /// Adds a header's words; false once the cell has read enough (the walk stops).
        func say(_ header: Int) -> Bool {
            guard read < ContainerContexts.maxHeadersPerCell, headers.utf8.count <= maxBytes else { return false }
            read += 1
            headers += ContainerContexts.headerWords(nodes, header)
            return true
        }
        // Row headers only for the first cell of a row; not the cell itself, and only headers
        // that are the table's cell at their own position.
        if isFirstInRow, let row {
            for h in rowHeaders[row] ?? [] where h != e {
                guard let hc = nodes[h].dataTableCell, let hr = hc.row, let hcol = hc.column,
                      cellAt[ContainerContexts.Position(row: hr, column: hcol)] == h else { continue }
                if !say(h) { break }
            }
        }
        // Column headers: not the cell itself, nor the header right above the first cell of a row.
        if let column {
            for h in columnHeaders[column] ?? [] where h != e {
                if let row, isFirstInRow, let hc = nodes[h].dataTableCell, hc.row == row - 1, hc.column == column { continue }
                if !say(h) { break }
            }
        }
        return SpokenOutput.DataTableCellContext(row: row, column: column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan,
                                                 isFirstInRow: isFirstInRow, headers: headers)
    }
}

extension ContainerContexts {
    /// A header as the cell reads it: "label. ", "value. " or "label: value. " (its own label
    /// and value: a text's label is its text), nothing when it has neither.
    static func headerWords(_ nodes: [Node], _ h: Int) -> String {
        let label = nodes[h].label.nonEmpty ?? nodes[h].text.nonEmpty, value = nodes[h].value.nonEmpty
        switch (label, value) {
        case (nil, nil): return ""
        case let (label?, nil): return label + ". "
        case let (nil, value?): return value + ". "
        case let (label?, value?): return label + ": " + value + ". "
        }
    }
}
