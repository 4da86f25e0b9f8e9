import A11yCore
import A11yXML
import Foundation

/// `A11yBench --import [NODES,...]`: each importer's speed next to the JSON tree path on
/// comparable trees. One generated screen is written twice, as a UI Automator dump (every
/// attribute, as `uiautomator dump` writes them) and as our JSON tree with the same nodes,
/// kinds, frames, texts, labels and identifiers; each is read into a `Document`. The XML
/// reader alone (events and attribute values, no model) is timed too.
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
            let xml = dump(items), json = tree(items)
            let nodes = items.count + 1
            let jsonTime = time(repeats: repeats, minSample: minSample) {
                json.withUnsafeBytes { (try? DocumentDecoder.decode($0))?.nodes.count ?? 0 }
            }
            let readerTime = time(repeats: repeats, minSample: minSample) {
                xml.withUnsafeBytes { raw in
                    var reader = XMLReader(raw)
                    var n = 0
                    while let event = try? reader.next(), event != .endOfDocument {
                        if event == .startElement { for a in reader.attributes { n &+= reader.value(of: a).utf8.count } }
                    }
                    return n
                }
            }
            let androidTime = time(repeats: repeats, minSample: minSample) {
                xml.withUnsafeBytes { (try? AndroidImporter.document($0, density: 3))?.nodes.count ?? 0 }
            }
            let imported = xml.withUnsafeBytes { (try? AndroidImporter.document($0, density: 3))?.nodes.count ?? 0 }
            let decoded = json.withUnsafeBytes { (try? DocumentDecoder.decode($0))?.nodes.count ?? 0 }
            precondition(imported == nodes && decoded == nodes, "generated trees differ: \(imported) / \(decoded) / \(nodes)")
            func row(_ name: String, _ bytes: Int, _ seconds: Double) {
                let perNode = seconds / Double(nodes)
                print(name + String(repeating: " ", count: max(1, 20 - name.count)) + Report.pad(String(nodes), 10) + Report.pad(String(bytes), 11)
                      + Report.pad(Report.fixed(seconds * 1e3, 3), 12) + Report.pad(Report.fixed(Double(bytes) / seconds / 1e6, 1), 10)
                      + Report.pad(Report.fixed(Double(nodes) / seconds / 1e6, 2), 12) + Report.pad(Report.fixed(perNode * 1e9, 0), 10)
                      + Report.pad(Report.fixed(seconds / jsonTime, 2) + "x", 14))
            }
            row("json tree decode", json.count, jsonTime)
            row("xml reader only", xml.count, readerTime)
            row("android import", xml.count, androidTime)
        }
    }
}
