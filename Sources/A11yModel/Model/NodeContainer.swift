// What a view tells assistive technology about the container it is, or the table cell it is
// (UIKit `accessibilityContainerType`, `UIAccessibilityContainerDataTable(Cell)`): the
// contexts VoiceOver reads from them ("List Start.", "Row 2. Column 1.") are worked out in
// `Engine/ContainerContexts.swift`.

/// UIKit `UIAccessibilityContainerType`.
public enum ContainerType: String, Sendable, CaseIterable {
    case none, semanticGroup, list, landmark, dataTable
}

/// A cell of a data table (`UIAccessibilityContainerDataTableCell`) and the headers the table
/// gives for it (`UIAccessibilityContainerDataTable.accessibilityHeaderElements(forRow:)` and
/// `(forColumn:)`, stated per cell here: a header cell says whose header it is).
public struct DataTableCell: Equatable, Sendable {
    /// First row and column the cell covers, from 0 (`accessibilityRowRange().location`,
    /// `accessibilityColumnRange().location`); nil: not defined (UIKit's `NSNotFound`).
    public var row: Int?
    public var column: Int?
    /// Rows and columns the cell covers (the ranges' lengths).
    public var rowSpan = 1
    public var columnSpan = 1
    /// The table lists the cell among the headers of its row, of its column.
    public var rowHeader = false
    public var columnHeader = false

    public init(row: Int? = nil, column: Int? = nil, rowSpan: Int = 1, columnSpan: Int = 1,
                rowHeader: Bool = false, columnHeader: Bool = false) {
        self.row = row; self.column = column; self.rowSpan = rowSpan; self.columnSpan = columnSpan
        self.rowHeader = rowHeader; self.columnHeader = columnHeader
    }

    /// Reads `{row, column, rowSpan, columnSpan, rowHeader, columnHeader}` (all optional).
    static func read(_ c: inout JSONCursor) throws(InputError) -> DataTableCell {
        var cell = DataTableCell()
        try c.object("a dataTableCell object {row, column, rowSpan, columnSpan, rowHeader, columnHeader}") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "row": cell.row = try c.integer()
            case "column": cell.column = try c.integer()
            case "rowSpan": cell.rowSpan = try c.integer()
            case "columnSpan": cell.columnSpan = try c.integer()
            case "rowHeader": cell.rowHeader = try c.bool()
            case "columnHeader": cell.columnHeader = try c.bool()
            default: try c.skip()
            }
        }
        return cell
    }
}

extension Node {
    /// `accessibilityContainerType`; nil when not sent (as `none`).
    public var containerType: ContainerType? {
        get { has(.containerFacts) ? rare { $0.containerType } ?? nil : nil }
        set { mutateRare { $0.containerType = newValue }; noteContainerFacts() }
    }

    /// The cell of a data table this node is, when it is one.
    public var dataTableCell: DataTableCell? {
        get { has(.containerFacts) ? rare { $0.dataTableCell } ?? nil : nil }
        set { mutateRare { $0.dataTableCell = newValue }; noteContainerFacts() }
    }

    /// The three rare fields that `containerFacts` stands for: after a change to one, it is set from all three.
    mutating func noteContainerFacts() {
        let holds = rare { $0.containerType != nil || $0.dataTableCell != nil || !$0.userInputLabels.isEmpty } ?? false
        note(.containerFacts, holds)
    }
}
