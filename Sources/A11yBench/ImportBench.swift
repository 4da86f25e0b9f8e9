import A11yCore
import A11yXML
import Foundation
import A11yImport
import A11yModel

/// `A11yBench --import [NODES,...]`: each importer's speed next to the JSON tree path on
/// comparable trees. One generated screen is written four times, as a UI Automator dump
/// (every attribute, as `uiautomator dump` writes them), as an Appium XCUITest page source
/// (WebDriverAgent's attributes), as a Figma REST response (`ImportBench+Figma.swift`) and as our JSON tree with the same nodes, kinds, frames,
/// texts, labels and identifiers; each is read into a `Document`. The XML reader alone
/// (events and attribute values, no model) is timed on both dumps too.
enum ImportBench {
    /// One node of the generated screen, in document order.
    struct Item {
        var depth: Int
        var className: String
        var kind: String
        var text: String
        var description: String
        var id: String
        var clickable: Bool
        var frame: (Int, Int, Int, Int)
    }

    /// A scrolling list of rows; each row a clickable layout with a title, a subtitle and an
    /// icon button, as list screens are. Depth stays small, as in real dumps.
    static func screen(nodes target: Int) -> [Item] {
        var items = [Item(depth: 0, className: "android.widget.FrameLayout", kind: "view", text: "", description: "", id: "",
                          clickable: false, frame: (0, 0, 1080, 2400)),
                     Item(depth: 1, className: "androidx.recyclerview.widget.RecyclerView", kind: "list", text: "", description: "",
                          id: "com.example.app:id/list", clickable: false, frame: (0, 0, 1080, 2400))]
        var row = 0
        while items.count + 4 <= target {
            let y = (row % 20) * 120
            items.append(Item(depth: 2, className: "android.widget.LinearLayout", kind: "view", text: "", description: "",
                              id: "com.example.app:id/row", clickable: true, frame: (0, y, 1080, y + 120)))
            items.append(Item(depth: 3, className: "android.widget.TextView", kind: "text", text: "Item number \(row)",
                              description: "", id: "com.example.app:id/title", clickable: false, frame: (32, y + 12, 900, y + 64)))
            items.append(Item(depth: 3, className: "android.widget.TextView", kind: "text", text: "Subtitle with a few words \(row)",
                              description: "", id: "com.example.app:id/subtitle", clickable: false, frame: (32, y + 64, 900, y + 108)))
            items.append(Item(depth: 3, className: "android.widget.ImageButton", kind: "button", text: "", description: "More options",
                              id: "com.example.app:id/more", clickable: true, frame: (940, y + 24, 1036, y + 96)))
            row += 1
        }
        return items
    }

    static func dump(_ items: [Item]) -> [UInt8] {
        var out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        var open: [Int] = []
        for (i, item) in items.enumerated() {
            while let last = open.last, last >= item.depth { out += "</node>"; open.removeLast() }
            let (l, t, r, b) = item.frame
            out += "<node index=\"\(i % 8)\" text=\"\(item.text)\" resource-id=\"\(item.id)\" class=\"\(item.className)\" package=\"com.example.app\""
            out += " content-desc=\"\(item.description)\" checkable=\"false\" checked=\"false\" clickable=\"\(item.clickable)\" enabled=\"true\""
            out += " focusable=\"\(item.clickable)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\""
            out += " selected=\"false\" bounds=\"[\(l),\(t)][\(r),\(b)]\">"
            open.append(item.depth)
        }
        out += String(repeating: "</node>", count: open.count) + "</hierarchy>"
        return Array(out.utf8)
    }

    /// The same nodes as an XCUITest page source (WDA's attribute order; frames in points at
    /// density 3; `name` is the identifier, `label` the text or description, a StaticText's
    /// `value` repeats its label).
    /// The XCUITest element type an item is, as WDA's JSON source names it (the XML page
    /// source prefixes "XCUIElementType").
    static func wdaType(_ item: Item) -> String {
        switch item.kind {
        case "text": "StaticText"
        case "button": "Button"
        case "list": "Table"
        default: item.depth == 0 ? "Application" : item.clickable ? "Cell" : "Other"
        }
    }

    static func pageSource(_ items: [Item]) -> [UInt8] {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><AppiumAUT>"
        var open: [String] = []
        var depths: [Int] = []
        for (i, item) in items.enumerated() {
            while let last = depths.last, last >= item.depth { out += "</\(open.removeLast())>"; depths.removeLast() }
            let type = "XCUIElementType" + wdaType(item)
            let label = item.text.isEmpty ? item.description : item.text
            let (l, t, r, b) = item.frame
            out += "<\(type) type=\"\(type)\""
            if !item.text.isEmpty { out += " value=\"\(item.text)\"" }
            if !item.id.isEmpty { out += " name=\"\(item.id)\"" }
            if !label.isEmpty { out += " label=\"\(label)\"" }
            let accessible = item.kind == "text" || item.kind == "button" || item.clickable
            out += " enabled=\"true\" visible=\"true\" accessible=\"\(accessible)\" x=\"\(l / 3)\" y=\"\(t / 3)\""
            out += " width=\"\((r - l) / 3)\" height=\"\((b - t) / 3)\" index=\"\(i % 8)\">"
            open.append(type)
            depths.append(item.depth)
        }
        while let type = open.popLast() { out += "</\(type)>" }
        out += "</AppiumAUT>"
        return Array(out.utf8)
    }

    /// The same nodes as WebDriverAgent's JSON source (`GET /source?format=json`): the page
    /// source's elements with every key WDA writes, in an order an NSDictionary may give
    /// (children last here), without `<AppiumAUT>` (so one node fewer).
    static func wdaSource(_ items: [Item]) -> [UInt8] {
        var out = ""
        var open: [Int] = []
        var first = true
        for (i, item) in items.enumerated() {
            while let last = open.last, last >= item.depth { out += "]}"; open.removeLast(); first = false }
            if !first { out += "," }
            let type = wdaType(item)
            let label = item.text.isEmpty ? item.description : item.text
            func text(_ s: String) -> String { s.isEmpty ? "null" : "\"\(s)\"" }
            let (l, t, r, b) = item.frame
            let accessible = item.kind == "text" || item.kind == "button" || item.clickable
            out += "{\"isEnabled\":\"1\",\"rect\":{\"y\":\(t / 3),\"x\":\(l / 3),\"width\":\((r - l) / 3),\"height\":\((b - t) / 3)},"
            out += "\"value\":\(text(item.text)),\"frame\":\"{{\(l / 3), \(t / 3)}, {\((r - l) / 3), \((b - t) / 3)}}\",\"isAccessible\":\"\(accessible ? 1 : 0)\","
            out += "\"isFocused\":\"0\",\"label\":\(text(label)),\"type\":\"\(type)\",\"name\":\(text(item.id)),\"isVisible\":\"1\","
            out += "\"rawIdentifier\":\(text(item.id)),\"index\":\(i % 8),\"children\":["
            open.append(item.depth)
            first = true
        }
        out += String(repeating: "]}", count: open.count)
        return Array(out.utf8)
    }

    /// The same nodes as our JSON tree (frames in dp at density 3).
    static func tree(_ items: [Item]) -> [UInt8] {
        var out = "{\"platform\":\"android\",\"root\":{\"type\":\"view\",\"children\":["
        var open: [Int] = []
        var first = true
        for item in items {
            while let last = open.last, last >= item.depth { out += "]}"; open.removeLast(); first = false }
            if !first { out += "," }
            let (l, t, r, b) = item.frame
            out += "{\"type\":\"\(item.kind)\",\"frame\":{\"x\":\(Double(l) / 3),\"y\":\(Double(t) / 3),\"width\":\(Double(r - l) / 3),\"height\":\(Double(b - t) / 3)}"
            if !item.text.isEmpty { out += ",\"text\":\"\(item.text)\"" }
            if !item.description.isEmpty { out += ",\"label\":\"\(item.description)\"" }
            if !item.id.isEmpty { out += ",\"identifier\":\"\(item.id)\"" }
            if item.clickable { out += ",\"traits\":[\"button\"]" }
            out += ",\"children\":["
            open.append(item.depth)
            first = true
        }
        out += String(repeating: "]}", count: open.count) + "]}}"
        return Array(out.utf8)
    }

    /// Median seconds of one call of `body`, calls batched to fill `minSample` seconds.
    static func time(repeats: Int, minSample: Double, _ body: () -> Int) -> Double {
        var calls = 1
        while true {
            let t0 = now()
            for _ in 0..<calls { _ = body() }
            if now() - t0 >= minSample / 4 || calls > 1 << 20 { break }
            calls *= 2
        }
        var samples: [Double] = []
        for _ in 0..<repeats {
            let t0 = now()
            for _ in 0..<calls { _ = body() }
            samples.append((now() - t0) / Double(calls))
        }
        return samples.sorted()[samples.count / 2]
    }

    static func run(sizes: [Int], repeats: Int, minSample: Double) {
        print("path                    nodes      bytes     ms/call      MB/s    Mnodes/s   ns/node  vs JSON/node")
        for size in sizes {
            let items = screen(nodes: size)
            let xml = dump(items), ios = pageSource(items), json = tree(items)
            let nodes = items.count + 1
            let jsonTime = time(repeats: repeats, minSample: minSample) { decodeJSON(json) }
            let androidReaderTime = time(repeats: repeats, minSample: minSample) { readOnly(xml) }
            let androidTime = time(repeats: repeats, minSample: minSample) { importAndroid(xml) }
            let iosReaderTime = time(repeats: repeats, minSample: minSample) { readOnly(ios) }
            let iosTime = time(repeats: repeats, minSample: minSample) { importIOS(ios) }
            precondition(importAndroid(xml) == nodes && importIOS(ios) == nodes && decodeJSON(json) == nodes,
                         "generated trees differ: \(importAndroid(xml)) / \(importIOS(ios)) / \(decodeJSON(json)) / \(nodes)")
            func row(_ name: String, _ bytes: Int, _ seconds: Double, nodes: Int? = nil) {
                let nodes = nodes ?? items.count + 1
                let perNode = seconds / Double(nodes)
                print(name + String(repeating: " ", count: max(1, 20 - name.count)) + Report.pad(String(nodes), 10) + Report.pad(String(bytes), 11)
                      + Report.pad(Report.fixed(seconds * 1e3, 3), 12) + Report.pad(Report.fixed(Double(bytes) / seconds / 1e6, 1), 10)
                      + Report.pad(Report.fixed(Double(nodes) / seconds / 1e6, 2), 12) + Report.pad(Report.fixed(perNode * 1e9, 0), 10)
                      + Report.pad(Report.fixed(perNode / (jsonTime / Double(items.count + 1)), 2) + "x", 14))
            }
            row("json tree decode", json.count, jsonTime)
            row("android reader only", xml.count, androidReaderTime)
            row("android import", xml.count, androidTime)
            row("ios reader only", ios.count, iosReaderTime)
            row("ios import", ios.count, iosTime)
            let wda = wdaSource(items)
            precondition(importIOSJSON(wda) == nodes - 1, "generated WDA source differs: \(importIOSJSON(wda)) / \(nodes - 1)")
            row("ios-json import", wda.count, time(repeats: repeats, minSample: minSample) { importIOSJSON(wda) }, nodes: nodes - 1)
            // The design has the same layers; the Figma importer also composites each text's backdrop.
            let figma = figmaFile(items)
            // Its top FRAME is the screen's root: one node fewer than the trees' extra root.
            precondition(importFigma(figma) == nodes - 1, "generated design differs: \(importFigma(figma)) / \(nodes - 1)")
            row("figma import", figma.count, time(repeats: repeats, minSample: minSample) { importFigma(figma) }, nodes: nodes - 1)
        }
    }

    static func decodeJSON(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { (try? DocumentDecoder.decode($0))?.nodes.count ?? 0 }
    }

    static func importAndroid(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { (try? AndroidImporter.document($0, density: 3))?.nodes.count ?? 0 }
    }

    static func importIOS(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { (try? IOSPageSource.document($0))?.nodes.count ?? 0 }
    }

    static func importIOSJSON(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { (try? IOSJSONSource.document($0))?.nodes.count ?? 0 }
    }

    /// The XML reader alone: every event, every attribute's value as a String.
    static func readOnly(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            var reader = XMLReader(raw)
            var n = 0
            while let event = try? reader.next(), event != .endOfDocument {
                if event == .startElement { for a in reader.attributes { n &+= reader.value(of: a).utf8.count } }
            }
            return n
        }
    }

    /// `--profile-import[-json|-ios|-ios-json|-figma] NODES CALLS`: one path, `calls` times, for callgrind
    /// (`path` is "", "-json", "-ios", "-ios-json" or "-figma"). The sum of node counts, so nothing is optimised away.
    static func profile(path: String, nodes: Int, calls: Int) -> Int {
        let items = screen(nodes: nodes)
        let bytes = path == "-json" ? tree(items) : path == "-ios" ? pageSource(items) : path == "-ios-json" ? wdaSource(items)
            : path == "-figma" ? figmaFile(items) : dump(items)
        var n = 0
        for _ in 0..<calls {
            switch path {
            case "-json": n &+= decodeJSON(bytes)
            case "-ios": n &+= importIOS(bytes)
            case "-ios-json": n &+= importIOSJSON(bytes)
            case "-figma": n &+= importFigma(bytes)
            default: n &+= importAndroid(bytes)
            }
        }
        return n
    }
}
