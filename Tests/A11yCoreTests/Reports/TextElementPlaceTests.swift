import Foundation
import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yTestSupport
import A11yCoreTestSupport

/// Text output names an imported XML dump's elements by resource-id or accessibility id and
/// their line and column, not by element paths many levels deep; JSON trees keep pointers.
@Suite struct TextElementPlaceTests {
    static func text(_ xml: String) throws -> String {
        let analysis = try Android.analysis(xml)
        let run = try RuleRunner.run(analysis, options: analysis.document.options)
        return TextReport.render(name: "dump.xml", report: AuditReport(analysis: analysis, run: run), color: false)
    }

    @Test func androidElementsByResourceIdElseLastStepWithTheirLine() throws {
        let pay = Android.node(["class": "android.widget.Button", "text": "Pay", "resource-id": "com.example:id/pay",
                                "clickable": "true", "bounds": "[0,0][20,20]"])
        let back = Android.node(["class": "android.widget.Button", "text": "Back", "clickable": "true", "bounds": "[0,100][200,200]"])
        let deep = (0..<6).reduce(pay + "\n" + back) { inner, _ in Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][400,800]"], inner) }
        let xml = Android.dump("\n" + deep)
        let text = try Self.text(xml)
        let lines = text.split(separator: "\n").map(String.init)
        let column = { (needle: String) -> Int in
            let line = xml.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains(needle) }!
            let element = line[..<line.range(of: needle)!.lowerBound].range(of: "<node", options: .backwards)!
            return line.distance(from: line.startIndex, to: element.lowerBound) + 1
        }
        #expect(lines.contains("   1. \"Pay, Button\"  com.example:id/pay  line 2:\(column("com.example:id/pay"))"), "\(text)")
        #expect(lines.contains("   2. \"Back, Button\"  node[2] line 3:\(column("Back"))"), "\(text)")
        #expect(!text.contains("/hierarchy/"))
    }

    @Test func jsonTreesKeepTheirPointers() throws {
        let screen = try PipelineFixtures.screen("login.json")
        let text = TextReport.render(name: "login.json", report: screen.report, color: false)
        #expect(text.contains("  /root/children/"))
        #expect(!text.contains(" line "))
    }
}
