import Foundation
import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports
import A11yTestSupport
import A11yCoreTestSupport

/// Lists, landmarks, data tables, segmented controls and text views as cashapp/AccessibilitySnapshot
/// reads them (`AccessibilityHierarchyParser.context(for:from:...)`, the words of
/// `accessibilityDescription(context:)`). Screens are the example app's
/// (Example/AccessibilitySnapshot/<screen>ViewController.swift) with the legend of their reference
/// image (Example/SnapshotTests/ReferenceImages/_64/SnapshotTests.<suite>/<test>_26_2_402x874@3x.png),
/// in its order; unit tests are Example/UnitTests/AccessibilityHierarchyParserTests.swift.
@Suite struct UpstreamContainerTests {
    private func said(_ json: String) throws -> [Said] { try Tree.said(json) }

    private func screen(_ children: String) -> String { InlineTree.snapshotScreen(children) }

    /// ListContainerViewController / LandmarkContainerViewController: four labels that are the
    /// container's accessibilityElements, stacked.
    private func labels(in containerType: String) -> String {
        let labels = (1...4).map { k in
            #"{"type": "text", "text": "Label \#(k)", \#(Tree.frame(170, Double(100 + 150 * k), 62, 20))}"#
        }
        return screen(#"{"type": "view", "containerType": "\#(containerType)", "explicitOrder": true, \#(Tree.frame(0, 0, 402, 874)), "accessibilityChildren": [\#(labels.joined(separator: ","))]}"#)
    }

    /// AccessibilityContainersTests → testList (ListContainerViewController)
    @Test func list() throws {
        #expect(try said(labels(in: "list")) == [
            Said("Label 1. List Start."), Said("Label 2"), Said("Label 3"), Said("Label 4. List End."),
        ])
    }

    /// AccessibilityContainersTests → testLandmark (LandmarkContainerViewController)
    @Test func landmark() throws {
        #expect(try said(labels(in: "landmark")) == [
            Said("Label 1. Landmark."), Said("Label 2"), Said("Label 3"), Said("Label 4. End."),
        ])
    }

    /// A list's context is for its own accessibilityElements only: one alone is its start; a
    /// list of subviews (`children`) says nothing (the parser's `.superview` provider gives a
    /// list no context); an element one level deeper is not in the list's array (NSNotFound).
    @Test func listContextOnlyForItsOwnAccessibilityElements() throws {
        let alone = screen(#"{"type": "view", "containerType": "list", \#(Tree.frame(0, 0, 402, 100)), "accessibilityChildren": [{"type": "text", "text": "Only", \#(Tree.frame(0, 0, 100, 20))}]}"#)
        #expect(try said(alone) == [Said("Only. List Start.")])
        let subviews = screen(#"{"type": "view", "containerType": "list", \#(Tree.frame(0, 0, 402, 100)), "children": [{"type": "text", "text": "A", \#(Tree.frame(0, 0, 100, 20))}, {"type": "text", "text": "B", \#(Tree.frame(0, 40, 100, 20))}]}"#)
        #expect(try said(subviews) == [Said("A"), Said("B")])
        let deeper = screen(#"{"type": "view", "containerType": "list", \#(Tree.frame(0, 0, 402, 100)), "accessibilityChildren": [{"type": "text", "text": "A", \#(Tree.frame(0, 0, 100, 20))}, {"type": "view", \#(Tree.frame(0, 40, 100, 40)), "children": [{"type": "text", "text": "Inner", \#(Tree.frame(0, 40, 100, 20))}]}, {"type": "text", "text": "C", \#(Tree.frame(0, 80, 100, 20))}]}"#)
        #expect(try said(deeper) == [Said("A. List Start."), Said("Inner"), Said("C. List End.")])
    }

    /// The outermost provider wins (the parser hands `contextProvider` down unchanged): a list
    /// inside a tab bar reads as tabs, a tab bar inside a list as the list's.
    @Test func outermostProviderGivesTheContext() throws {
        let listInTabBar = screen(#"{"type": "view", "traits": ["tabBar"], \#(Tree.frame(0, 700, 402, 40)), "children": [{"type": "view", "containerType": "list", \#(Tree.frame(0, 700, 402, 40)), "accessibilityChildren": [{"type": "text", "text": "A", \#(Tree.frame(0, 700, 100, 40))}, {"type": "text", "text": "B", \#(Tree.frame(100, 700, 100, 40))}]}]}"#)
        #expect(try said(listInTabBar) == [Said("A. Tab. 1 of 2."), Said("B. Tab. 2 of 2.")])
        let tabBarInList = screen(#"{"type": "view", "containerType": "list", \#(Tree.frame(0, 700, 402, 40)), "accessibilityChildren": [{"type": "view", "traits": ["tabBar"], \#(Tree.frame(0, 700, 402, 40)), "children": [{"type": "text", "text": "A", \#(Tree.frame(0, 700, 100, 40))}, {"type": "text", "text": "B", \#(Tree.frame(100, 700, 100, 40))}]}]}"#)
        #expect(try said(tabBarInList) == [Said("A"), Said("B")])
    }

    /// DataTableViewController's grid: the table is the screen's child, its cells and a label
    /// ("Hello World", not a cell) its subviews.
    private func table(_ cells: [(row: Int?, column: Int, x: Int, y: Int, width: Int, height: Int, fields: String)],
                       cellSize: Double) -> String {
        let views = cells.map { c in
            var cell = #""column": \#(c.column)"#
            if let row = c.row { cell += #", "row": \#(row)"# }
            if c.width > 1 { cell += #", "columnSpan": \#(c.width)"# }
            if c.height > 1 { cell += #", "rowSpan": \#(c.height)"# }
            let frame = Tree.frame(20 + Double(c.x) * cellSize, 250 + Double(c.y) * cellSize,
                                   Double(c.width) * cellSize, Double(c.height) * cellSize)
            return #"{"type": "view", "isAccessibilityElement": true, \#(c.fields), "dataTableCell": {\#(cell)}, \#(frame)}"#
        }
        let hello = #"{"type": "text", "text": "Hello World", \#(Tree.frame(160, 60, 82, 24))}"#
        return screen(#"{"type": "view", "containerType": "dataTable", \#(Tree.frame(0, 0, 402, 874)), "children": [\#((views + [hello]).joined(separator: ","))]}"#)
    }

    private static let lastCellTraits = #""value": "Value", "hint": "Hint", "traits": ["notEnabled", "button", "header", "link", "adjustable", "image", "searchField"]"#

    /// AccessibilityContainersTests → testDataTable (DataTableViewController, configuration .basic):
    /// spans, "Row N." for the first cell of each row only (B5 is first in row 5: A4 starts in row 4).
    @Test func dataTable() throws {
        let grid: [(Int, Int, Int, Int, String)] = [
            (0, 0, 1, 1, "A1"), (0, 1, 1, 1, "B1"), (0, 2, 1, 1, "C1"), (0, 3, 1, 1, "D1"),
            (1, 0, 1, 1, "A2"), (1, 1, 2, 1, "B2"), (1, 3, 1, 1, "D2"),
            (2, 0, 1, 1, "A3"), (2, 1, 1, 2, "B3"), (2, 2, 1, 1, "C3"), (2, 3, 1, 1, "D3"),
            (3, 0, 1, 2, "A4"), (3, 2, 2, 2, "C4"), (4, 1, 1, 1, "B5"),
        ]
        let cells = grid.map { row, column, width, height, label in
            (row: Optional(row), column: column, x: column, y: row, width: width, height: height,
             fields: #""label": "\#(label)""# + (label == "B5" ? ", " + Self.lastCellTraits : ""))
        }
        #expect(try said(table(cells, cellSize: 90.5)) == [
            Said("Hello World"),
            Said("A1. Row 1. Column 1."), Said("B1. Column 2."), Said("C1. Column 3."), Said("D1. Column 4."),
            Said("A2. Row 2. Column 1."), Said("B2. Spans 2 columns. Column 2."), Said("D2. Column 4."),
            Said("A3. Row 3. Column 1."), Said("B3. Spans 2 rows. Column 2."), Said("C3. Column 3."), Said("D3. Column 4."),
            Said("A4. Spans 2 rows. Row 4. Column 1."), Said("C4. Spans 2 rows. Spans 2 columns. Column 3."),
            Said("B5. Row 5. Column 2. Value. Dimmed. Button. Heading. Link. Adjustable. Image. Search Field.", "Hint"),
        ])
    }

    /// ViewWithHeaders: 6 x 6 cells "A1"... valued "A1 Value" (the last one "Value"); the
    /// first three cells of each row head their row, the first three of each column their column.
    private func headedTable(definesRows: Bool) -> String {
        let columns = ["A", "B", "C", "D", "E", "F"]
        var cells: [(row: Int?, column: Int, x: Int, y: Int, width: Int, height: Int, fields: String)] = []
        for row in 0..<6 {
            for column in 0..<6 {
                let name = "\(columns[column])\(row + 1)"
                let last = row == 5 && column == 5
                var fields = #""label": "\#(name)", "#
                fields += last ? Self.lastCellTraits : #""value": "\#(name) Value""#
                cells.append((row: definesRows ? row : nil, column: column, x: column, y: row, width: 1, height: 1,
                              fields: fields))
            }
        }
        var json = table(cells, cellSize: 60)
        // Header flags, written into each cell's dataTableCell object.
        for row in 0..<6 {
            for column in 0..<6 {
                let name = "\(columns[column])\(row + 1)"
                let key = #""label": "\#(name)","#
                let range = json.range(of: key)!
                let cellRange = json.range(of: #""dataTableCell": {"#, range: range.upperBound..<json.endIndex)!
                json.insert(contentsOf: #""rowHeader": \#(column < 3), "columnHeader": \#(row < 3), "#, at: cellRange.upperBound)
            }
        }
        return json
    }

    /// AccessibilityContainersTests → testDataTableWithHeaders (configuration .withHeaders)
    @Test func dataTableWithHeaders() throws {
        #expect(try said(headedTable(definesRows: true)) == [
            Said("Hello World"),
            Said("B1: B1 Value. C1: C1 Value. A2: A2 Value. A3: A3 Value. A1. Row 1. Column 1. A1 Value"),
            Said("B2: B2 Value. B3: B3 Value. B1. Column 2. B1 Value"),
            Said("C2: C2 Value. C3: C3 Value. C1. Column 3. C1 Value"),
            Said("D2: D2 Value. D3: D3 Value. D1. Column 4. D1 Value"),
            Said("E2: E2 Value. E3: E3 Value. E1. Column 5. E1 Value"),
            Said("F2: F2 Value. F3: F3 Value. F1. Column 6. F1 Value"),
            Said("B2: B2 Value. C2: C2 Value. A3: A3 Value. A2. Row 2. Column 1. A2 Value"),
            Said("B1: B1 Value. B3: B3 Value. B2. Column 2. B2 Value"),
            Said("C1: C1 Value. C3: C3 Value. C2. Column 3. C2 Value"),
            Said("D1: D1 Value. D3: D3 Value. D2. Column 4. D2 Value"),
            Said("E1: E1 Value. E3: E3 Value. E2. Column 5. E2 Value"),
            Said("F1: F1 Value. F3: F3 Value. F2. Column 6. F2 Value"),
            Said("B3: B3 Value. C3: C3 Value. A1: A1 Value. A3. Row 3. Column 1. A3 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3. Column 2. B3 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3. Column 3. C3 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3. Column 4. D3 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3. Column 5. E3 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3. Column 6. F3 Value"),
            Said("B4: B4 Value. C4: C4 Value. A1: A1 Value. A2: A2 Value. A4. Row 4. Column 1. A4 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B4. Column 2. B4 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C4. Column 3. C4 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D4. Column 4. D4 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E4. Column 5. E4 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F4. Column 6. F4 Value"),
            Said("B5: B5 Value. C5: C5 Value. A1: A1 Value. A2: A2 Value. A3: A3 Value. A5. Row 5. Column 1. A5 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B5. Column 2. B5 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C5. Column 3. C5 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D5. Column 4. D5 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E5. Column 5. E5 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F5. Column 6. F5 Value"),
            Said("B6: B6 Value. C6: C6 Value. A1: A1 Value. A2: A2 Value. A3: A3 Value. A6. Row 6. Column 1. A6 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B6. Column 2. B6 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C6. Column 3. C6 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D6. Column 4. D6 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E6. Column 5. E6 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F6. Column 6. Value. Dimmed. Button. Heading. Link. Adjustable. Image. Search Field.", "Hint"),
        ])
    }

    /// AccessibilityContainersTests → testDataTableWithUndefinedRows (configuration .undefinedRows):
    /// no cell has a row, so none is first in its row: no "Row N.", no row headers, and every
    /// column header (the first three cells of the column) is read.
    @Test func dataTableWithUndefinedRows() throws {
        #expect(try said(headedTable(definesRows: false)) == [
            Said("Hello World"),
            Said("A2: A2 Value. A3: A3 Value. A1. Column 1. A1 Value"),
            Said("B2: B2 Value. B3: B3 Value. B1. Column 2. B1 Value"),
            Said("C2: C2 Value. C3: C3 Value. C1. Column 3. C1 Value"),
            Said("D2: D2 Value. D3: D3 Value. D1. Column 4. D1 Value"),
            Said("E2: E2 Value. E3: E3 Value. E1. Column 5. E1 Value"),
            Said("F2: F2 Value. F3: F3 Value. F1. Column 6. F1 Value"),
            Said("A1: A1 Value. A3: A3 Value. A2. Column 1. A2 Value"),
            Said("B1: B1 Value. B3: B3 Value. B2. Column 2. B2 Value"),
            Said("C1: C1 Value. C3: C3 Value. C2. Column 3. C2 Value"),
            Said("D1: D1 Value. D3: D3 Value. D2. Column 4. D2 Value"),
            Said("E1: E1 Value. E3: E3 Value. E2. Column 5. E2 Value"),
            Said("F1: F1 Value. F3: F3 Value. F2. Column 6. F2 Value"),
            Said("A1: A1 Value. A2: A2 Value. A3. Column 1. A3 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3. Column 2. B3 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3. Column 3. C3 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3. Column 4. D3 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3. Column 5. E3 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3. Column 6. F3 Value"),
            Said("A1: A1 Value. A2: A2 Value. A3: A3 Value. A4. Column 1. A4 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B4. Column 2. B4 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C4. Column 3. C4 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D4. Column 4. D4 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E4. Column 5. E4 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F4. Column 6. F4 Value"),
            Said("A1: A1 Value. A2: A2 Value. A3: A3 Value. A5. Column 1. A5 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B5. Column 2. B5 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C5. Column 3. C5 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D5. Column 4. D5 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E5. Column 5. E5 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F5. Column 6. F5 Value"),
            Said("A1: A1 Value. A2: A2 Value. A3: A3 Value. A6. Column 1. A6 Value"),
            Said("B1: B1 Value. B2: B2 Value. B3: B3 Value. B6. Column 2. B6 Value"),
            Said("C1: C1 Value. C2: C2 Value. C3: C3 Value. C6. Column 3. C6 Value"),
            Said("D1: D1 Value. D2: D2 Value. D3: D3 Value. D6. Column 4. D6 Value"),
            Said("E1: E1 Value. E2: E2 Value. E3: E3 Value. E6. Column 5. E6 Value"),
            Said("F1: F1 Value. F2: F2 Value. F3: F3 Value. F6. Column 6. Value. Dimmed. Button. Heading. Link. Adjustable. Image. Search Field.", "Hint"),
        ])
    }

    /// AccessibilityHierarchyParserTests → testDataTableContainerWithDimensions: two cells of a
    /// 5 x 4 table (the container's row and column counts are in the parser's hierarchy, not
    /// in this response, which has no container nodes).
    @Test func dataTableContainerWithDimensions() throws {
        let json = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 200, 200)), "children": [
          {"type": "view", "containerType": "dataTable", \(Tree.frame(0, 0, 200, 200)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "A1", "dataTableCell": {"row": 0, "column": 0}, \(Tree.frame(0, 0, 50, 40))},
            {"type": "view", "isAccessibilityElement": true, "label": "B1", "dataTableCell": {"row": 0, "column": 1}, \(Tree.frame(50, 0, 50, 40))}
          ]}
        ]}}
        """
        #expect(try said(json) == [Said("A1. Row 1. Column 1."), Said("B1. Column 2.")])
    }

    /// AccessibilityHierarchyParserTests → testListContainerIsAlwaysPreserved,
    /// testLandmarkContainerIsAlwaysPreserved, testFlattenToContainers: containers of subviews
    /// (no accessibilityElements) are kept as container nodes in the parser's hierarchy (not in
    /// this flat response) and give their elements no words.
    @Test func listAndLandmarkOfSubviewsSayNothingMore() throws {
        let list = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 100, 100)), "children": [
          {"type": "view", "containerType": "list", \(Tree.frame(0, 0, 100, 100)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Item 1", \(Tree.frame(0, 0, 100, 30))},
            {"type": "view", "isAccessibilityElement": true, "label": "Item 2", \(Tree.frame(0, 40, 100, 30))}
          ]}
        ]}}
        """
        #expect(try said(list) == [Said("Item 1"), Said("Item 2")])
        let both = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 200, 200)), "children": [
          {"type": "view", "containerType": "list", "label": "My List", \(Tree.frame(0, 0, 100, 100)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "List Item", \(Tree.frame(10, 10, 30, 30))}
          ]},
          {"type": "view", "containerType": "landmark", "label": "My Landmark", \(Tree.frame(100, 0, 100, 100)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "Landmark Content", \(Tree.frame(110, 10, 30, 30))}
          ]}
        ]}}
        """
        #expect(try said(both) == [Said("List Item"), Said("Landmark Content")])
    }

    /// AccessibilityHierarchyParserTests → testNestedContainersPreserveHierarchy (its
    /// `flattenToElements()` order), testSemanticGroupWithLabelIsPreserved /
    /// testSemanticGroupWithoutLabelIsFlattened: a semantic group with a label keeps its
    /// elements together in reading order; one without is read through.
    @Test func semanticGroups() throws {
        let nested = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 200, 100)), "children": [
          {"type": "view", "containerType": "semanticGroup", "label": "Outer Container", \(Tree.frame(0, 0, 200, 100)), "children": [
            {"type": "text", "text": "Outer Item", \(Tree.frame(8, 8, 100, 20))},
            {"type": "view", "containerType": "semanticGroup", "label": "Inner Container", \(Tree.frame(8, 36, 184, 60)), "children": [
              {"type": "text", "text": "Inner Item 1", \(Tree.frame(16, 44, 100, 20))},
              {"type": "text", "text": "Inner Item 2", \(Tree.frame(16, 68, 100, 20))}
            ]}
          ]}
        ]}}
        """
        #expect(try said(nested) == [Said("Outer Item"), Said("Inner Item 1"), Said("Inner Item 2")])

        // Grouped or not decides the order: a group is placed by its first element. Top edges
        // 10 and 16 share a line (under 8 pt apart), so ungrouped, x decides; grouped, the
        // group's first element (y 10, x 50) comes before "Right" (y 16, x 60)... and takes
        // its other member (y 40, x 0) along.
        func order(_ group: String) throws -> [Said] { try groupedOrder(group) }
        #expect(try order(#""containerType": "semanticGroup", "label": "Group Label","#)
            == [Said("Left"), Said("Top"), Said("Below"), Said("Right")])
        #expect(try order(#""containerType": "semanticGroup","#)
            == [Said("Left"), Said("Top"), Said("Right"), Said("Below")])
    }

    /// UIKit `shouldGroupAccessibilityChildren` (AccessibilityHierarchyParser: a view that sets it
    /// makes a group of its subviews' elements, placed by the first of them;
    /// testGroupsSortByFirstChildFrame). A node that is an element stays one.
    @Test func shouldGroupAccessibilityChildren() throws {
        func order(_ group: String) throws -> [Said] { try groupedOrder(group) }
        #expect(try order(#""shouldGroupAccessibilityChildren": true,"#) == [Said("Left"), Said("Top"), Said("Below"), Said("Right")])
        #expect(try order(#""shouldGroupAccessibilityChildren": false,"#) == [Said("Left"), Said("Top"), Said("Right"), Said("Below")])
        #expect(try order("") == order(#""shouldGroupAccessibilityChildren": false,"#))
        #expect(try order(#""shouldGroupAccessibilityChildren": true, "isAccessibilityElement": true, "label": "Card","#)
            == [Said("Card"), Said("Left"), Said("Right")])

        // Upstream: group A's elements at y 50 and 300, group B's at y 0: B1, A1, A2.
        let groups = """
        {"root": {"type": "view", \(Tree.frame(0, 0, 200, 400)), "children": [
          {"type": "view", "shouldGroupAccessibilityChildren": true, \(Tree.frame(0, 0, 200, 400)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "A1", \(Tree.frame(0, 50, 200, 40))},
            {"type": "view", "isAccessibilityElement": true, "label": "A2", \(Tree.frame(0, 300, 200, 40))}
          ]},
          {"type": "view", "shouldGroupAccessibilityChildren": true, \(Tree.frame(0, 0, 200, 50)), "children": [
            {"type": "view", "isAccessibilityElement": true, "label": "B1", \(Tree.frame(0, 0, 200, 40))}
          ]}
        ]}}
        """
        #expect(try said(groups) == [Said("B1"), Said("A1"), Said("A2")])
    }

    /// AccessibilityHierarchyParserTests → testSemanticGroupWithLabelIsPreserved: a view with a
    /// container type and a label is a container (the label is the group's), not an element,
    /// without `isAccessibilityElement: false`; the same for a list, landmark and data table.
    /// `isAccessibilityElement: true` still makes an element of it (UIKit reads such a view
    /// as an element, its subviews unvisited).
    @Test func containerTypeWithLabelIsAContainer() throws {
        func tree(_ containerType: String, _ more: String = "") -> String {
            screen("""
            {"type": "view", "containerType": "\(containerType)", "label": "Group Label", \(more) \(Tree.frame(0, 0, 100, 50)), "children": [
              {"type": "view", "isAccessibilityElement": true, "label": "Element", \(Tree.frame(10, 10, 30, 30))}
            ]}
            """)
        }
        for type in ["semanticGroup", "list", "landmark", "dataTable"] {
            let a = try Tree.analyze(tree(type))
            #expect(a.labels == ["Element"], "\(type)")
        }
        #expect(try Tree.analyze(tree("semanticGroup", #""isAccessibilityElement": true,"#)).labels == ["Group Label"])
        // Container type none: the label makes an element, as before.
        #expect(try Tree.analyze(tree("none")).labels == ["Group Label"])
    }

    /// DefaultControlsTests → testSegmentedControl: a UISegmentedControl is a `tabSet` of
    /// buttons, a series ("N of M.", still "Button.").
    @Test func segmentedControl() throws {
        let json = screen("""
        {"type": "tabSet", \(Tree.frame(70, 10, 262, 32)), "children": [
          {"type": "button", "label": "Segment A", \(Tree.frame(70, 10, 87, 32))},
          {"type": "button", "label": "Segment B", "traits": ["button", "selected"], \(Tree.frame(157, 10, 87, 32))},
          {"type": "button", "label": "Segment C", \(Tree.frame(244, 10, 87, 32))}
        ]}
        """)
        #expect(try said(json) == [
            Said("Segment A. Button. 1 of 3."), Said("Selected: Segment B. Button. 2 of 3."), Said("Segment C. Button. 3 of 3."),
        ])
    }

    /// SnapshotTestingTests → testUIKitTextView (TextViewViewController, __Snapshots__ image):
    /// three UITextViews (text areas), the second being edited.
    @Test func textView() throws {
        let json = screen("""
        {"type": "textField", "textArea": true, \(Tree.frame(76, 140, 250, 30))},
        {"type": "textField", "textArea": true, "isEditing": true, \(Tree.frame(76, 420, 250, 30))},
        {"type": "textField", "textArea": true, "value": "Hello from Text View", \(Tree.frame(76, 700, 250, 30))}
        """)
        #expect(try said(json) == [
            Said("Text Field.", "Double tap to edit., Use the rotor to access Misspelled Words"),
            Said("Text Field. Is editing.", "Use the rotor to access Misspelled Words"),
            Said("Hello from Text View. Text Field.", "Double tap to edit., Use the rotor to access Misspelled Words"),
        ])
    }

    /// Dimmed text entry keeps no hint; "Is editing." follows "Secure Text Field." too.
    @Test func editingStateWords() throws {
        let json = screen("""
        {"type": "secureTextField", "label": "Password", "isEditing": true, \(Tree.frame(0, 0, 250, 30))},
        {"type": "textField", "label": "Notes", "textArea": true, "enabled": false, \(Tree.frame(0, 100, 250, 30))}
        """)
        #expect(try said(json) == [
            Said("Password. Secure Text Field. Is editing.", "Use the rotor to access Misspelled Words"),
            Said("Notes. Dimmed. Text Field."),
        ])
    }

    /// UserInputLabelsTests → testUserInputLabels: the legend shows an element's user input
    /// labels when they are set (`LegendView`, display mode `.whenOverridden`); the response
    /// carries them for the element, and only then.
    @Test func userInputLabelsInTheResponse() throws {
        let json = screen("""
        {"type": "button", "label": "Submit order", "userInputLabels": ["Submit", "Order"], \(Tree.frame(0, 0, 100, 44))},
        {"type": "button", "label": "Cancel", \(Tree.frame(0, 100, 100, 44))}
        """)
        let report = try Tree.report(json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ResponseEncoder.json(report, pretty: false))) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        #expect(elements.count == 2)
        #expect(elements[0]["userInputLabels"] as? [String] == ["Submit", "Order"])
        #expect(elements[1]["userInputLabels"] == nil)
    }

    /// UserInputLabelsTests.testUserInputLabels (UserInputLabelsViewController, reference image
    /// `testUserInputLabels_26_2_402x874@3x.png`, the legend's default `.whenOverridden` mode in
    /// `Core/LegendView.swift`): user input labels are shown only for an element that responds
    /// to user interaction; `nonInteractiveLabel` sets ["Non-interactive label"] and shows none.
    @Test func userInputLabelsOfANonInteractiveLabelAreNotShown() throws {
        let json = screen("""
        {"type": "button", "label": "No labels", \(Tree.frame(150, 100, 100, 44))},
        {"type": "button", "label": "One label", "userInputLabels": ["One Input Label"], \(Tree.frame(150, 200, 100, 44))},
        {"type": "text", "text": "Non-interactive", "userInputLabels": ["Non-interactive label"], \(Tree.frame(150, 300, 100, 44))},
        {"type": "view", "isAccessibilityElement": true, "label": "Acts", "actions": [{"name": "Share"}], "userInputLabels": ["Acts"], \(Tree.frame(150, 400, 100, 44))}
        """)
        let report = try Tree.report(json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ResponseEncoder.json(report, pretty: false))) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        #expect(elements.map { $0["label"] as? String } == ["No labels", "One label", "Non-interactive", "Acts"])
        #expect(elements.map { $0["userInputLabels"] as? [String] } == [nil, ["One Input Label"], nil, ["Acts"]])
    }

    /// The same legend (`LegendView.init(marker:fillColor:configuration:)`, `.whenOverridden`:
    /// `guard marker.respondsToUserInteraction`), whose marker `AccessibilityHierarchyParser
    /// .buildElement(from:context:in:rotorResultLimit:)` reads from the object's
    /// `accessibilityRespondsToUserInteraction`: a view that says so overrides UIKit's default
    /// either way. The non-interactive label saying true shows its labels; a button saying
    /// false shows none; a button not saying keeps the default (it responds).
    @Test func respondsToUserInteractionSentOverridesTheDefault() throws {
        let json = screen("""
        {"type": "text", "text": "Non-interactive", "userInputLabels": ["Non-interactive label"], "accessibilityRespondsToUserInteraction": true, \(Tree.frame(150, 100, 100, 44))},
        {"type": "button", "label": "One label", "userInputLabels": ["One Input Label"], "accessibilityRespondsToUserInteraction": false, \(Tree.frame(150, 200, 100, 44))},
        {"type": "button", "label": "Default", "userInputLabels": ["Default"], \(Tree.frame(150, 300, 100, 44))}
        """)
        let report = try Tree.report(json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ResponseEncoder.json(report, pretty: false))) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        #expect(elements.map { $0["label"] as? String } == ["Non-interactive", "One label", "Default"])
        #expect(elements.map { $0["userInputLabels"] as? [String] } == [["Non-interactive label"], nil, ["Default"]])
        // What is said and visited does not change: the property only names the element for input.
        #expect(elements.map { $0["spoken"] as? String } == ["Non-interactive", "One label. Button.", "Default. Button."])
        // Not a boolean: a clear error pointing at the field.
        #expect(Tree.failure(#"{"root": {"accessibilityRespondsToUserInteraction": "yes"}}"#)?.pointer
                == "/root/accessibilityRespondsToUserInteraction")
    }

    /// Not upstream: a cell reads at most `ContainerContexts.maxHeadersPerCell` headers (a
    /// column of 300 header cells would otherwise make every cell read 299).
    @Test func headersReadPerCellAreBounded() throws {
        let cells = (0..<300).map { row in
            #"{"type": "view", "isAccessibilityElement": true, "label": "H", "dataTableCell": {"row": \#(row), "column": 0, "columnHeader": true}, \#(Tree.frame(0, Double(row) * 10, 10, 10))}"#
        }
        let json = screen(#"{"type": "view", "containerType": "dataTable", \#(Tree.frame(0, 0, 402, 3000)), "children": [\#(cells.joined(separator: ","))]}"#)
        let last = try #require(try said(json).last)
        #expect(last.spoken == String(repeating: "H. ", count: ContainerContexts.maxHeadersPerCell) + "H. Row 300. Column 1.")
    }

    /// Bad container facts are a clear 400, not a crash.
    @Test func badContainerFactsAreRejected() {
        let unknown = Tree.failure(screen(#"{"type": "view", "containerType": "grid"}"#))
        #expect(unknown?.message == #"unknown containerType "grid""#)
        let negative = Tree.failure(screen(#"{"type": "view", "dataTableCell": {"row": -1}}"#))
        #expect(negative?.message.contains("whole number") == true)
    }

    /// What is said over a group (its attributes `group`) holding "Top" (y 10, x 50) and
    /// "Below" (y 40, x 0), beside "Right" (y 16, x 60) and "Left" (y 16, x 0).
    private func groupedOrder(_ group: String) throws -> [Said] {
        try said("""
        {"root": {"type": "view", \(Tree.frame(0, 0, 200, 100)), "children": [
          {"type": "view", \(group) \(Tree.frame(0, 0, 200, 100)), "children": [
            {"type": "text", "text": "Top", \(Tree.frame(50, 10, 20, 20))},
            {"type": "text", "text": "Below", \(Tree.frame(0, 40, 20, 20))}
          ]},
          {"type": "text", "text": "Right", \(Tree.frame(60, 16, 20, 20))},
          {"type": "text", "text": "Left", \(Tree.frame(0, 16, 20, 20))}
        ]}}
        """)
    }
}
