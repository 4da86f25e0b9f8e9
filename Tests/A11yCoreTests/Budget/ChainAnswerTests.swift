import Foundation
import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Issue 24, deep chains: a node's pointer and a composed identifier are written once (the
/// screen's `paths` table, `identifiers`' parent + suffix), so doubling a chain's depth at
/// most doubles every format's answer (2.6x allows for fixed parts), and no finding is left
/// out of the listing for the room paths took. Each level of these shapes adds an element or
/// a finding, so a writer that repeated ancestors per descendant grew 4x per doubling.
@Suite struct ChainAnswerTests {
    static func frame(_ k: Int) -> String { #""frame":{"x":0,"y":\#(k * 50),"width":300,"height":44}"# }

    /// A chain whose every level sets a `nestedIdentifier` and holds an unnamed button with its own.
    static func nestedIdentifiers(_ depth: Int) -> String {
        "{\"root\":" + (0..<depth).map { k in
            #"{"type":"view","nestedIdentifier":"n\#(k)",\#(frame(k)),"children":[{"type":"button","nestedIdentifier":"b\#(k)",\#(frame(k))},"#
        }.joined() + #"{"type":"text","text":"end",\#(frame(depth))}"# + String(repeating: "]}", count: depth) + "}"
    }

    /// A chain of `combine` views, each with a text: one element built from every node.
    static func combinedViews(_ depth: Int) -> String {
        "{\"root\":" + (0..<depth).map { k in
            #"{"type":"view","grouping":"combine",\#(frame(k)),"children":[{"type":"text","text":"t\#(k)",\#(frame(k))},"#
        }.joined() + #"{"type":"text","text":"end",\#(frame(depth))}"# + String(repeating: "]}", count: depth) + "}"
    }

    /// A chain of synthetic children: each level's `accessibilityChildren` hold an unnamed
    /// button and the next level.
    static func syntheticChildren(_ depth: Int) -> String {
        "{\"root\":" + (0..<depth).map { k in
            #"{"type":"view",\#(frame(k)),"accessibilityChildren":[{"type":"button",\#(frame(k))},"#
        }.joined() + #"{"type":"text","text":"end",\#(frame(depth))}"# + String(repeating: "]}", count: depth) + "}"
    }

    /// A UI Automator dump: a FrameLayout per level with a small clickable, unnamed Button.
    static func androidDump(_ depth: Int) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">"# + (0..<depth).map { k in
            #"<node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]"><node class="android.widget.Button" clickable="true" bounds="[0,\#(k)][10,\#(k + 10)]"/>"#
        }.joined() + String(repeating: "</node>", count: depth) + "</hierarchy>"
    }

    /// An XCUITest page source: an Other per level with a small unnamed Button.
    static func xcuitestSource(_ depth: Int) -> String {
        let box = #"enabled="true" visible="true" x="0" y="0" width="390" height="844""#
        return #"<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" \#(box)>"#
            + (0..<depth).map { k in
                #"<XCUIElementTypeOther type="XCUIElementTypeOther" \#(box)><XCUIElementTypeButton type="XCUIElementTypeButton" enabled="true" visible="true" x="0" y="\#(k)" width="10" height="10"/>"#
            }.joined() + String(repeating: "</XCUIElementTypeOther>", count: depth) + "</XCUIElementTypeApplication></AppiumAUT>"
    }

    /// A Figma file whose frame nests a GROUP per level, each holding a faint TEXT (a contrast
    /// finding), an unnamed "Button" INSTANCE and the next level. The file's DOCUMENT and
    /// CANVAS layers are no nodes: levels are counted in the file, not in the model.
    static func figmaFile(_ depth: Int) -> String {
        func box(_ k: Int) -> String { #""absoluteBoundingBox":{"x":0,"y":\#((k * 20) % 800),"width":300,"height":20}"# }
        let white = #"{"type":"SOLID","color":{"r":1,"g":1,"b":1,"a":1}}"#, grey = #"{"type":"SOLID","color":{"r":0.7,"g":0.7,"b":0.7,"a":1}}"#
        func text(_ id: String, _ k: Int) -> String {
            #"{"id":"\#(id)","name":"t","type":"TEXT","characters":"t\#(k)",\#(box(k)),"fills":[\#(grey)],"style":{"fontSize":12,"fontWeight":400}}"#
        }
        func level(_ k: Int) -> String {
            let button = #"{"id":"4:\#(k)","name":"Button","type":"INSTANCE",\#(box(k)),"children":[]}"#
            return #"{"id":"2:\#(k)","name":"Level","type":"GROUP",\#(box(k)),"children":["# + text("3:" + String(k), k) + "," + button + ","
        }
        let head: String = #"{"document":{"id":"0:0","name":"Document","type":"DOCUMENT","children":[{"id":"0:1","name":"Page","type":"CANVAS","children":["#
            + #"{"id":"1:0","name":"Screen","type":"FRAME","absoluteBoundingBox":{"x":0,"y":0,"width":390,"height":844},"fills":[\#(white)],"children":["#
        let levels: String = (0..<depth).map(level).joined()
        return head + levels + text("5:0", depth) + String(repeating: "]}", count: depth) + "]}]}]}}"
    }

    static let formats: [OutputFormat] = [.json, .text, .report(.sarif), .report(.junit), .report(.html), .report(.markdown), .report(.github)]

    static func run(_ request: String) throws -> AuditRun {
        try Tree.audit(request).get()
    }

    /// Every format at `depth` and twice it: the answer at most 2.6 times as large.
    static func expectLinear(_ shape: (Int) -> String, depth: Int, _ name: String) throws {
        let small = try run(shape(depth)), large = try run(shape(2 * depth))
        for format in formats {
            let a = small.render(format).count, b = large.render(format).count
            #expect(Double(b) <= 2.6 * Double(max(a, 1)), "\(name) \(format): \(a) bytes at depth \(depth), \(b) at \(2 * depth)")
        }
        // The listing holds every finding: no path or identifier crowded one out.
        let body = try #require(try JSONSerialization.jsonObject(with: Data(large.render(.json))) as? [String: Any])
        let summary = try #require(body["summary"] as? [String: Any])
        #expect(summary["findingsOmitted"] == nil, "\(name): \(summary["findingsOmitted"] ?? 0) findings left out")
        #expect((screen(body)["findings"] as? [Any])?.count == summary["findings"] as? Int)
    }

    /// The one screen's part of an answer: the body, or a Figma file's `screens[0]`.
    static func screen(_ body: [String: Any]) -> [String: Any] {
        (body["screens"] as? [[String: Any]])?.first ?? body
    }

    @Test func nestedIdentifiersGrowWithTheChain() throws {
        try Self.expectLinear(Self.nestedIdentifiers, depth: 150, "nested identifiers")
    }

    @Test func combinedViewsGrowWithTheChain() throws {
        try Self.expectLinear(Self.combinedViews, depth: 150, "combined views")
    }

    @Test func syntheticChildrenGrowWithTheChain() throws {
        try Self.expectLinear(Self.syntheticChildren, depth: 150, "synthetic children")
    }

    @Test func androidDeepDumpGrowsWithTheChain() throws {
        try Self.expectLinear(Self.androidDump, depth: 150, "Android dump")
    }

    @Test func xcuitestDeepSourceGrowsWithTheChain() throws {
        try Self.expectLinear(Self.xcuitestSource, depth: 150, "XCUITest page source")
    }

    @Test func figmaDeepFrameGrowsWithTheChain() throws {
        try Self.expectLinear(Self.figmaFile, depth: 150, "Figma file")
    }

    /// `pointer(i) = pointer(parent) + paths[i].pointer`.
    static func resolve(_ paths: [[String: Any]], _ i: Int) -> String {
        let own = paths[i]["pointer"] as? String ?? "?"
        guard let parent = paths[i]["parent"] as? Int else { return own }
        #expect(parent < i, "a parent entry comes first")
        return resolve(paths, parent) + own
    }

    /// The table resolves to each node's whole pointer, every entry is at most 16 steps, and
    /// a long composed identifier resolves through its parents to the one the engine composed.
    @Test func pathsAndIdentifiersResolveToTheWholeOnes() throws {
        for request in [Self.nestedIdentifiers(60), Self.androidDump(60), Self.syntheticChildren(40), Self.figmaFile(60)] {
            let run = try Self.run(request)
            let report = run.screens[0].report
            let body = Self.screen(try #require(try JSONSerialization.jsonObject(with: Data(run.render(.json))) as? [String: Any]))
            let paths = try #require(body["paths"] as? [[String: Any]])
            for entry in paths {
                // JSON steps are `/children/N` or `/accessibilityChildren/N`, XML ones `/name[N]`;
                // a whole pointer also has its top (`/root`, `/hierarchy`).
                let text = entry["pointer"] as? String ?? ""
                let steps = text.hasPrefix("<") || request.hasPrefix("<")
                    ? text.filter { $0 == "/" }.count : text.components(separatedBy: "hildren/").count - 1 + (entry["parent"] == nil ? 1 : 0)
                #expect(steps <= NodePaths.span + (entry["parent"] == nil ? 1 : 0), "\(entry)")
            }
            let findings = try #require(body["findings"] as? [[String: Any]])
            #expect(!findings.isEmpty)
            for (finding, listed) in zip(report.run.findings, findings) {
                let index = try #require(listed["node"] as? Int)
                #expect(Self.resolve(paths, index) == report.analysis.document.pointer(of: finding.node))
            }
            let elements = try #require(body["elements"] as? [[String: Any]])
            for (element, listed) in zip(report.analysis.elements, elements) {
                let nodes = try #require(listed["nodes"] as? [Int])
                #expect(nodes.map { Self.resolve(paths, $0) } == element.nodes.map { report.analysis.document.pointer(of: $0) })
            }
            let identifiers = report.analysis.identifiers.isEmpty ? [] : try #require(body["identifiers"] as? [[String: Any]])
            func identifier(_ k: Int) -> String {
                if let whole = identifiers[k]["identifier"] as? String { return whole }
                return identifier(identifiers[k]["parent"] as? Int ?? 0) + (identifiers[k]["suffix"] as? String ?? "?")
            }
            for (k, item) in report.analysis.identifiers.enumerated() {
                #expect(identifier(k) == item.identifier)
                #expect(Self.resolve(paths, try #require(identifiers[k]["node"] as? Int)) == report.analysis.document.pointer(of: item.node))
            }
        }
    }

    /// An element's long composed identifier is its tail with the bytes left off counted.
    @Test func longIdentifiersAreTheirTailWithACount() throws {
        let run = try Self.run(Self.nestedIdentifiers(120))
        let body = try #require(try JSONSerialization.jsonObject(with: Data(run.render(.json))) as? [String: Any])
        let elements = try #require(body["elements"] as? [[String: Any]])
        let composed = try #require(run.screens[0].report.analysis.elements.last(where: { ($0.identifier?.utf8.count ?? 0) > 256 })?.identifier)
        let listed = try #require(elements.first { ($0["identifierOmitted"] as? Int) == composed.utf8.count - BoundedText.tail(composed).utf8.count })
        let shown = try #require(listed["identifier"] as? String)
        #expect(shown == "…" + BoundedText.tail(composed))
        #expect(composed.hasSuffix(String(shown.dropFirst())))
    }
}
