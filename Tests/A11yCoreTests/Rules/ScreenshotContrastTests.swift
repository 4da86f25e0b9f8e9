import A11yTestSupport
import Testing
@testable import A11yCore
@testable import A11yImport
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yText
import A11yCoreTestSupport

/// `text-contrast` and `non-text-contrast` measured on screenshots these tests write, for each
/// input format: every verdict with its exact figures.
@Suite struct ScreenshotContrastTests {
    /// One screen of 100 x 200 units: six nodes, each a white box with a 10 x 10 mark (or a
    /// flat colour) whose contrast is known: (name, frame, mark colour or nil for flat #336699).
    static let scene: [(name: String, x: Int, y: Int, w: Int, h: Int, mark: UInt32?)] = [
        ("Dark", 0, 0, 50, 20, 0x000000), ("Pale", 50, 0, 50, 20, 0xAAAAAA),
        ("Mid", 0, 40, 50, 20, 0x777777), ("Flat", 50, 40, 50, 20, nil),
        ("Logo", 0, 100, 50, 50, 0xCCCCCC), ("Icon", 50, 100, 50, 50, 0x000000),
    ]

    /// The scene at `scale` pixels per unit.
    static func png(scale: Int) -> [UInt8] {
        var rects: [(x: Int, y: Int, width: Int, height: Int, color: UInt32)] = []
        for item in scene {
            if let mark = item.mark {
                rects.append(((item.x + 5) * scale, (item.y + 5) * scale, 10 * scale, 10 * scale, mark))
            } else {
                rects.append((item.x * scale, item.y * scale, item.w * scale, item.h * scale, 0x336699))
            }
        }
        // Later rects paint over earlier ones; everything else is white.
        return TestPNG.rgba(width: 100 * scale, height: 200 * scale) { x, y in
            var c: UInt32 = 0xFFFFFF
            for r in rects where x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height { c = r.color }
            return (UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF), 255)
        }
    }

    static func androidDump() -> String {
        var nodes = ""
        for item in scene {
            let image = item.name == "Logo" || item.name == "Icon"
            var attributes = ["class": image ? "android.widget.ImageView" : "android.widget.TextView",
                              "bounds": "[\(item.x),\(item.y)][\(item.x + item.w),\(item.y + item.h)]"]
            attributes[image ? "content-desc" : "text"] = item.name
            nodes += Android.node(attributes)
        }
        return Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][100,200]"], nodes))
    }

    static func iosSource() -> String {
        var body = ""
        for item in scene {
            let type = item.name == "Logo" || item.name == "Icon" ? "XCUIElementTypeImage" : "XCUIElementTypeStaticText"
            body += "<\(type) type=\"\(type)\" name=\"\(item.name)\" label=\"\(item.name)\" enabled=\"true\" visible=\"true\" accessible=\"true\" x=\"\(item.x)\" y=\"\(item.y)\" width=\"\(item.w)\" height=\"\(item.h)\"/>\n"
        }
        return XCUITestPage.source(body, width: 100, height: 200)
    }

    /// Our JSON tree; `style` (a JSON object's members) is given to every text node.
    static func tree(style: String? = nil) -> String {
        let children = scene.map { item in
            let image = item.name == "Logo" || item.name == "Icon"
            let frame = #""frame": {"x": \#(item.x), "y": \#(item.y), "width": \#(item.w), "height": \#(item.h)}"#
            if image { return #"{"type": "image", "label": "\#(item.name)", \#(frame)}"# }
            return #"{"type": "text", "text": "\#(item.name)", \#(frame)\#(style.map { ", \"style\": {\($0)}" } ?? "")}"#
        }
        return #"{"platform": "ios", "root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 100, "height": 200}, "children": [\#(children.joined(separator: ","))]}}"#
    }

    struct Seen: Equatable, CustomStringConvertible {
        var rule: String, node: String, outcome: Outcome, data: [String: String]
        var description: String { "\(rule) \(node) \(outcome) \(data.sorted { $0.key < $1.key })" }
    }

    static func audit(_ input: String, format: InputFormat, png: [UInt8]?, level: WCAGLevel = .AA) throws -> (seen: [Seen], run: RuleRun) {
        let shot = png.map { ScreenshotFile(name: "shot.png", bytes: $0[...]) }
        var settings = AuditSettings(inputFormat: format, density: format == .android ? 1 : nil, screenshot: shot)
        settings.options.level = level
        let run = try Tree.audit(input, settings).get()
        let report = run.screens[0].report
        let nodes = report.analysis.document.nodes
        let seen = report.run.findings.filter { $0.rule.contains("contrast") }.map { f in
            var data: [String: String] = [:]
            for (key, value) in f.data {
                switch value {
                case .number(let n): data[key] = NumberText.format(n)
                case .string(let s): data[key] = s
                case .bool(let b): data[key] = String(b)
                case .strings(let list): data[key] = list.joined(separator: ",")
                case .node(let n): data[key] = report.analysis.document.pointer(of: n)
                case .nodes(let list): data[key] = list.map(report.analysis.document.pointer(of:)).joined(separator: ",")
                }
            }
            return Seen(rule: f.rule, node: nodes[f.node].text ?? nodes[f.node].label ?? "?", outcome: f.outcome, data: data)
        }
        return (seen, report.run)
    }

    /// What a dump with no text sizes gives, at either scale: ATF's verdicts.
    static let dumpVerdicts: [Seen] = [
        Seen(rule: "text-contrast", node: "Pale", outcome: .violation, data: [
            "ratio": "2.32", "required": "3", "foreground": "#AAAAAA", "background": "#FFFFFF",
            "suggestedForeground": "#949494", "measuredFrom": "screenshot"]),
        Seen(rule: "text-contrast", node: "Mid", outcome: .incomplete, data: [
            "ratio": "4.48", "required": "4.5", "foreground": "#777777", "background": "#FFFFFF",
            "suggestedForeground": "#767676", "measuredFrom": "screenshot"]),
        Seen(rule: "text-contrast", node: "Flat", outcome: .incomplete, data: [
            "required": "4.5", "background": "#336699", "measuredFrom": "screenshot"]),
        Seen(rule: "non-text-contrast", node: "Logo", outcome: .violation, data: [
            "ratio": "1.61", "required": "3", "foreground": "#CCCCCC", "background": "#FFFFFF",
            "suggestedForeground": "#949494", "measuredFrom": "screenshot"]),
    ]

    func sorted(_ seen: [Seen]) -> [Seen] { seen.sorted { ($0.rule, $0.node) < ($1.rule, $1.node) } }

    @Test func androidDumpWithScreenshot() throws {
        let (seen, run) = try Self.audit(Self.androidDump(), format: .android, png: Self.png(scale: 1))
        #expect(sorted(seen) == sorted(Self.dumpVerdicts))
        #expect(!run.inapplicable.contains { $0.rule.contains("contrast") })
    }

    @Test func iosPageSourceWithScreenshotAtTwoPixelsAPoint() throws {
        let (seen, _) = try Self.audit(Self.iosSource(), format: .ios, png: Self.png(scale: 2))
        #expect(sorted(seen) == sorted(Self.dumpVerdicts))
    }

    @Test func withoutScreenshotTheContrastRulesAreInapplicable() throws {
        for (input, format) in [(Self.androidDump(), InputFormat.android), (Self.iosSource(), .ios), (Self.tree(), .json)] {
            let (seen, run) = try Self.audit(input, format: format, png: nil)
            #expect(seen.isEmpty)
            #expect(run.inapplicable.filter { $0.rule.contains("contrast") }.map(\.reason)
                == ["no colours and no screenshot", "no colours and no screenshot"])
        }
    }

    @Test func jsonTreeWithScreenshot() throws {
        let (seen, _) = try Self.audit(Self.tree(), format: .json, png: Self.png(scale: 1))
        #expect(sorted(seen) == sorted(Self.dumpVerdicts))
        // A known small size settles the borderline case: 4.48 fails 4.5 for normal text.
        let (sized, _) = try Self.audit(Self.tree(style: #""fontSize": 12"#), format: .json, png: Self.png(scale: 1))
        let mid = sized.first { $0.node == "Mid" }
        #expect(mid == Seen(rule: "text-contrast", node: "Mid", outcome: .violation, data: [
            "ratio": "4.48", "required": "4.5", "foreground": "#777777", "background": "#FFFFFF", "largeText": "false",
            "suggestedForeground": "#767676", "measuredFrom": "screenshot"]))
        // AAA: the enhanced rule measures the same pixels against 7:1 (4.5:1 when the size is unknown).
        let (aaa, _) = try Self.audit(Self.tree(style: #""fontSize": 12"#), format: .json, png: Self.png(scale: 1), level: .AAA)
        #expect(aaa.filter { $0.rule == "text-contrast-enhanced" && $0.outcome == .violation }.map(\.node).sorted() == ["Mid", "Pale"])
    }

    @Test func pixelsDecideWhatAGradientLeftOpen() throws {
        // Declared colours over an image background: undecidable from the tree alone.
        let style = ##""foreground": "#AAAAAA", "fontSize": 12"##
        let tree = Self.tree(style: style).replacingOccurrences(of: #""type": "view", "frame""#,
                                                                with: #""type": "view", "style": {"backgroundKind": "image"}, "frame""#)
        let (without, _) = try Self.audit(tree, format: .json, png: nil)
        #expect(without.filter { $0.rule == "text-contrast" }.allSatisfy { $0.outcome == .incomplete && $0.data["backgroundKind"] == "image" })
        let (with, _) = try Self.audit(tree, format: .json, png: Self.png(scale: 1))
        let text = with.filter { $0.rule == "text-contrast" }
        #expect(text.map(\.node).sorted() == ["Flat", "Mid", "Pale"])
        #expect(text.first { $0.node == "Pale" }?.data["ratio"] == "2.32")
        #expect(text.first { $0.node == "Flat" }?.outcome == .incomplete)
    }

    @Test func iconButtonsAreMeasuredContainersAreNot() throws {
        // The Logo area (a #CCCCCC mark on white, 1.61:1) under an ImageButton, then under a
        // clickable container whose child is a plain view: ATF measures ImageView subclasses.
        func dump(_ outer: [String: String], child: String = "") -> String {
            Android.dump(Android.node(["class": "android.widget.FrameLayout", "bounds": "[0,0][100,200]"],
                Android.node(outer.merging(["bounds": "[0,100][50,150]", "clickable": "true", "content-desc": "Logo"]) { a, _ in a }, child)))
        }
        let button = try Self.audit(dump(["class": "android.widget.ImageButton"]), format: .android, png: Self.png(scale: 1))
        #expect(button.seen.map(\.node) == ["Logo"] && button.seen.first?.data["ratio"] == "1.61")
        let container = try Self.audit(dump(["class": "android.widget.Button"], child: Android.node(["bounds": "[0,100][50,150]"])),
                                       format: .android, png: Self.png(scale: 1))
        #expect(container.seen.filter { $0.rule == "non-text-contrast" }.isEmpty)
        #expect(container.run.inapplicable.first { $0.rule == "non-text-contrast" }?.reason
            == "no colours, and no image or icon control to measure on the screenshot")
    }

    @Test func whatTheScreenshotDoesNotShowIsNotJudgedOnIt() throws {
        // An Android view the dump says is not visible to the user is not drawn: its pixels are
        // someone else's. (WebDriverAgent's visible="false" is not believed over the frame, see
        // IOSPageSourceTests.onScreenIsDecidedByTheFrame, so an iOS element on screen is judged.)
        let hidden = Self.androidDump().replacingOccurrences(of: #"text="Pale""#, with: #"text="Pale" visible-to-user="false""#)
        let (seen, _) = try Self.audit(hidden, format: .android, png: Self.png(scale: 1))
        #expect(!seen.contains { $0.node.contains("Pale") } && !seen.isEmpty)
        let saidInvisible = Self.iosSource().replacingOccurrences(of: #"name="Pale" label="Pale" enabled="true" visible="true""#,
                                                                 with: #"name="Pale" label="Pale" enabled="true" visible="false""#)
        let (onScreen, _) = try Self.audit(saidInvisible, format: .ios, png: Self.png(scale: 2))
        #expect(onScreen.contains { $0.node == "Pale" } && onScreen.contains { $0.node == "Mid" })
        // Declared colours over an image, below the screenshot's edge: still for a person to check.
        let below = ##"{"platform": "ios", "root": {"type": "view", "frame": {"x": 0, "y": 0, "width": 100, "height": 200}, "style": {"backgroundKind": "image"}, "children": [{"type": "text", "text": "Far", "frame": {"x": 0, "y": 300, "width": 50, "height": 20}, "style": {"foreground": "#AAAAAA"}}]}}"##
        let (far, _) = try Self.audit(below, format: .json, png: Self.png(scale: 1))
        #expect(far.map(\.outcome) == [.incomplete] && far.first?.data["backgroundKind"] == "image")
    }
}
