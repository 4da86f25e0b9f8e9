import GeneratedInputs

/// Small hostile requests of issues 15 and 24, generated at a size `n`: each once made a
/// response, a peak of memory or a run time far out of proportion to its bytes.
enum AttackShape: String, CaseIterable {
    /// A cell whose label joins `n` copies of `from` one node holding 64 KiB of text.
    case joinedFrom = "joined-from"
    /// A 64 KiB `a11yRoot` above `n` buttons with a `nestedIdentifier` each.
    case nestedIDFanout = "nested-id-fanout"
    /// `n` deferral content entries and `n` sources sharing one identifier.
    case deferralAmbiguous = "deferral-ambiguous"
    /// A 500-level chain with `n` unlabeled buttons at its foot (deep pointers per finding).
    case deepPointers = "deep-pointers"
    /// A 500-level chain of `combine` nodes above `n` labelled texts.
    case nestedCombine = "nested-combine"
    /// `n` content entries naming one source whose subtree holds `n` texts.
    case deferralSubtree = "deferral-subtree"
    /// `n` distinct sources deferred to one receiver.
    case manySources = "many-sources"
    /// A cell whose traits merge, and whose label joins, `n` distinct nodes.
    case mergeMany = "merge-many"
    /// 500 nested deferral containers, each naming one source of `n` texts at the foot.
    case nestedDeferral = "nested-deferral"
    /// A legitimate flat tree of `n` labelled buttons.
    case flat
    /// Figma: `n` texts over a BOOLEAN_OPERATION whose `fillGeometry` has `n` paths, each a
    /// sliver as tall as the screen (every text's backdrop test meets every path).
    case figmaOutlines = "figma-outlines"
    /// A `component.tabs` of `n` titles over `n` buttons labelled in the reverse order.
    case tabTitles = "tab-titles"
    /// Deep chains (issue 24), `n` levels (at most 256: doubled, within the 512-level limit),
    /// each level adding an element or a finding: a `nestedIdentifier` and an unnamed button
    /// with its own at each level; `combine` views with a text each; `accessibilityChildren`
    /// holding an unnamed button and the next level; a UI Automator dump and an XCUITest
    /// page source with a small unnamed button at each level; a Figma frame nesting a GROUP
    /// per level with a faint TEXT and an unnamed "Button" INSTANCE (at most 254: the file's
    /// DOCUMENT, CANVAS and FRAME take three levels).
    case chainNestedIDs = "chain-nested-ids"
    case chainCombined = "chain-combined"
    case chainSynthetic = "chain-synthetic"
    case chainAndroid = "chain-android"
    case chainIOS = "chain-ios"
    case chainFigma = "chain-figma"

    /// The size the benchmark starts from (the issue's sizes, scaled to run in seconds).
    var defaultSize: Int {
        switch self {
        case .joinedFrom: 1_600
        case .nestedIDFanout: 1_000
        case .deferralAmbiguous: 2_000
        case .deepPointers: 10_000
        case .nestedCombine: 5_000
        case .deferralSubtree: 2_000
        case .manySources: 20_000
        case .mergeMany: 50_000
        case .nestedDeferral: 20_000
        case .flat: 50_000
        case .figmaOutlines: 4_000
        case .tabTitles: 20_000
        case .chainNestedIDs, .chainCombined, .chainSynthetic, .chainAndroid, .chainIOS, .chainFigma: 250
        }
    }

    func request(_ n: Int) -> [UInt8] {
        var s = ""
        let big = String(repeating: "a", count: 65_536)
        func frame(_ k: Int) -> String { "\"frame\":{\"x\":0,\"y\":\(k * 50),\"width\":300,\"height\":44}" }
        switch self {
        case .joinedFrom:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            s += "{\"id\":\"b\",\"type\":\"text\",\"text\":\"\(big)\",\(frame(1))},"
            s += "{\"id\":\"c\",\"type\":\"cell\",\(frame(2)),\"strategies\":{\"label\":{\"joined\":["
            s += Array(repeating: "{\"from\":\"b\"}", count: n).joined(separator: ",")
            s += "]}}}]}}"
        case .nestedIDFanout:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"a11yRoot\":\"\(big)\",\"grouping\":\"contain\",\"children\":["
            s += (0..<n).map { "{\"type\":\"button\",\"label\":\"b\",\"nestedIdentifier\":\"n\($0)\",\(frame($0))}" }.joined(separator: ",")
            s += "]}}"
        case .deferralAmbiguous:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            s += Array(repeating: "{\"kind\":\"inherited\",\"identifier\":\"s\"}", count: n).joined(separator: ",")
            s += "]},\"children\":[{\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            s += Array(repeating: "{\"type\":\"text\",\"text\":\"t\",\"deferredSource\":\"s\"}", count: n).joined(separator: ",")
            s += "]}}"
        case .deepPointers, .nestedCombine:
            let depth = 500
            let open = self == .nestedCombine ? "{\"type\":\"view\",\"grouping\":\"combine\",\"children\":[" : "{\"type\":\"view\",\"children\":["
            s = "{\"root\":" + String(repeating: open, count: depth)
            s += (0..<n).map { k in
                self == .nestedCombine ? "{\"type\":\"text\",\"text\":\"t\(k)\"}" : "{\"type\":\"button\",\(frame(k))}"
            }.joined(separator: ",")
            s += String(repeating: "]}", count: depth) + "}"
        case .deferralSubtree:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            s += (0..<n).map { k in "{\"kind\":\"\(k % 2 == 0 ? "inherited" : "error")\",\"identifier\":\"s\"}" }.joined(separator: ",")
            s += "]},\"children\":[{\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            s += "{\"type\":\"view\",\"deferredSource\":\"s\",\"children\":["
            s += (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\"}" }.joined(separator: ",")
            s += "]}]}}"
        case .manySources:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"deferral\":{\"content\":["
            s += (0..<n).map { "{\"kind\":\"inherited\",\"identifier\":\"s\($0)\"}" }.joined(separator: ",")
            s += "]},\"children\":[{\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            s += (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\",\"deferredSource\":\"s\($0)\"}" }.joined(separator: ",")
            s += "]}}"
        case .mergeMany:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            s += "{\"id\":\"c\",\"type\":\"cell\",\(frame(1)),\"strategies\":{\"traits\":{\"merge\":["
            s += (0..<n).map { "\"n\($0)\"" }.joined(separator: ",")
            s += "]},\"label\":{\"joined\":["
            s += (0..<n).map { "{\"from\":\"n\($0)\"}" }.joined(separator: ",")
            s += "]}}},"
            s += (0..<n).map { "{\"id\":\"n\($0)\",\"type\":\"text\",\"text\":\"t\"}" }.joined(separator: ",")
            s += "]}}"
        case .nestedDeferral:
            let depth = 500
            s = "{\"root\":" + String(repeating: "{\"type\":\"view\",\"deferral\":{\"content\":[{\"kind\":\"inherited\",\"identifier\":\"s\"}]},\"children\":[", count: depth)
            s += "{\"type\":\"textField\",\"label\":\"f\",\"deferralReceiver\":true,\(frame(1))},"
            s += "{\"type\":\"view\",\"deferredSource\":\"s\",\"children\":["
            s += (0..<n).map { "{\"type\":\"text\",\"text\":\"t\($0)\"}" }.joined(separator: ",")
            s += "]}" + String(repeating: "]}", count: depth) + "}"
        case .flat:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"view\",\(frame(0)),\"children\":["
            s += (0..<n).map { "{\"type\":\"button\",\"label\":\"Button \($0)\",\(frame($0))}" }.joined(separator: ",")
            s += "]}}"
        case .figmaOutlines:
            s = FigmaOutlines.json(n)
        case .chainNestedIDs, .chainCombined, .chainSynthetic:
            let level: (Int) -> String = switch self {
            case .chainNestedIDs: { "{\"type\":\"view\",\"nestedIdentifier\":\"n\($0)\",\(frame($0)),\"children\":[{\"type\":\"button\",\"nestedIdentifier\":\"b\($0)\",\(frame($0))}," }
            case .chainCombined: { "{\"type\":\"view\",\"grouping\":\"combine\",\(frame($0)),\"children\":[{\"type\":\"text\",\"text\":\"t\($0)\",\(frame($0))}," }
            default: { "{\"type\":\"view\",\(frame($0)),\"accessibilityChildren\":[{\"type\":\"button\",\(frame($0))}," }
            }
            s = "{\"root\":" + (0..<n).map(level).joined() + "{\"type\":\"text\",\"text\":\"end\",\(frame(n))}"
            s += String(repeating: "]}", count: n) + "}"
        case .chainAndroid:
            s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><hierarchy rotation=\"0\">"
            s += (0..<n).map { "<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\"><node class=\"android.widget.Button\" clickable=\"true\" bounds=\"[0,\($0)][10,\($0 + 10)]\"/>" }.joined()
            s += String(repeating: "</node>", count: n) + "</hierarchy>"
        case .chainIOS:
            let box = "enabled=\"true\" visible=\"true\" x=\"0\" y=\"0\" width=\"390\" height=\"844\""
            s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><AppiumAUT><XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"A\" label=\"A\" \(box)>"
            s += (0..<n).map { "<XCUIElementTypeOther type=\"XCUIElementTypeOther\" \(box)><XCUIElementTypeButton type=\"XCUIElementTypeButton\" enabled=\"true\" visible=\"true\" x=\"0\" y=\"\($0)\" width=\"10\" height=\"10\"/>" }.joined()
            s += String(repeating: "</XCUIElementTypeOther>", count: n) + "</XCUIElementTypeApplication></AppiumAUT>"
        case .chainFigma:
            func box(_ k: Int) -> String { "\"absoluteBoundingBox\":{\"x\":0,\"y\":\((k * 20) % 800),\"width\":300,\"height\":20}" }
            func text(_ id: String, _ k: Int) -> String {
                "{\"id\":\"\(id)\",\"name\":\"t\",\"type\":\"TEXT\",\"characters\":\"t\(k)\",\(box(k)),"
                    + "\"fills\":[{\"type\":\"SOLID\",\"color\":{\"r\":0.7,\"g\":0.7,\"b\":0.7,\"a\":1}}],\"style\":{\"fontSize\":12,\"fontWeight\":400}}"
            }
            s = "{\"document\":{\"id\":\"0:0\",\"name\":\"Document\",\"type\":\"DOCUMENT\",\"children\":[{\"id\":\"0:1\",\"name\":\"Page\",\"type\":\"CANVAS\",\"children\":["
            s += "{\"id\":\"1:0\",\"name\":\"Screen\",\"type\":\"FRAME\",\"absoluteBoundingBox\":{\"x\":0,\"y\":0,\"width\":390,\"height\":844},"
            s += "\"fills\":[{\"type\":\"SOLID\",\"color\":{\"r\":1,\"g\":1,\"b\":1,\"a\":1}}],\"children\":["
            s += (0..<n).map { k in
                "{\"id\":\"2:\(k)\",\"name\":\"Level\",\"type\":\"GROUP\",\(box(k)),\"children\":[" + text("3:\(k)", k)
                    + ",{\"id\":\"4:\(k)\",\"name\":\"Button\",\"type\":\"INSTANCE\",\(box(k)),\"children\":[]},"
            }.joined()
            s += text("5:0", n) + String(repeating: "]}", count: n) + "]}]}]}}"
        case .tabTitles:
            s = "{\"root\":{\"id\":\"r\",\"type\":\"tabSet\",\(frame(0)),\"component\":{\"selectedTab\":\"t0\",\"tabs\":["
            s += (0..<n).map { "{\"id\":\"t\($0)\",\"title\":\"Title \($0)\"}" }.joined(separator: ",")
            s += "]},\"children\":["
            s += (0..<n).reversed().map { k in
                "{\"type\":\"button\",\"label\":\"Tab Title \(k)\"\(k == 0 ? ",\"value\":\"Selected\"" : ""),\(frame(k))}"
            }.joined(separator: ",")
            s += "]}}"
        }
        return Array(s.utf8)
    }
}
