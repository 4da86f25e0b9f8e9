import A11yCore
import A11yImport

/// The generated list screen as a Figma `GET /v1/files/:key/nodes` response: one FRAME per
/// screen, row and list, a TEXT layer per title and subtitle (with a solid fill and a type
/// style, so contrast and text size are worked out), and a FRAME named "More options button"
/// per icon button (its role guessed from the name). Figma px are the dump's dp.
extension ImportBench {
    static func figmaFile(_ items: [Item]) -> [UInt8] {
        func box(_ f: (Int, Int, Int, Int)) -> String {
            "\"absoluteBoundingBox\":{\"x\":\(f.0 / 3),\"y\":\(f.1 / 3),\"width\":\((f.2 - f.0) / 3),\"height\":\((f.3 - f.1) / 3)}"
        }
        let white = "{\"type\":\"SOLID\",\"color\":{\"r\":1,\"g\":1,\"b\":1,\"a\":1}}"
        let ink = "{\"type\":\"SOLID\",\"color\":{\"r\":0.2,\"g\":0.2,\"b\":0.2,\"a\":1}}"
        let accent = "{\"type\":\"SOLID\",\"color\":{\"r\":0.1,\"g\":0.3,\"b\":0.8,\"a\":1}}"
        var out = "{\"name\":\"Bench\",\"lastModified\":\"2026-01-01T00:00:00Z\",\"nodes\":{\"1:0\":{\"document\":"
        var open: [Int] = []
        var first = true
        for (i, item) in items.enumerated() {
            while let last = open.last, last >= item.depth { out += "]}"; open.removeLast(); first = false }
            if !first { out += "," }
            let id = "\"id\":\"1:\(i)\""
            switch item.kind {
            case "text":
                out += "{\(id),\"name\":\"Title\",\"type\":\"TEXT\",\"characters\":\"\(item.text)\",\(box(item.frame)),"
                out += "\"fills\":[\(ink)],\"style\":{\"fontFamily\":\"Inter\",\"fontSize\":16,\"fontWeight\":400},\"children\":["
            case "button":
                out += "{\(id),\"name\":\"More options button\",\"type\":\"FRAME\",\(box(item.frame)),\"fills\":[\(accent)],\"children\":["
            default:
                let name = item.depth == 0 ? "Screen" : item.kind == "list" ? "List" : "Row"
                out += "{\(id),\"name\":\"\(name)\",\"type\":\"FRAME\",\(box(item.frame)),\"fills\":[\(white)],\"children\":["
            }
            open.append(item.depth)
            first = true
        }
        out += String(repeating: "]}", count: open.count) + ",\"components\":{},\"styles\":{}}}}"
        return Array(out.utf8)
    }

    static func importFigma(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            ((try? FigmaImporter.screens(raw)) ?? []).reduce(0) { $0 + $1.document.nodes.count }
        }
    }
}
