/// Decoding of `style` and `component`.
enum StyleDecoder {
    /// The members of a style object (a third of all nodes have one).
    enum StyleField: String, CaseIterable, KnownKeys {
        case foreground, background, fontSize, fontWeight, textStyle, scalesWithDynamicType, backgroundKind

        /// Length first (most lengths have one candidate), then bytes; `StyleFieldLookupTests`
        /// checks it against `allCases`.
        static func named(_ key: JSONKey) -> StyleField? {
            switch key.bytes.count {
            case 8: if key == "fontSize" { return .fontSize }
            case 9: if key == "textStyle" { return .textStyle }
            case 10:
                if key == "foreground" { return .foreground }
                if key == "background" { return .background }
                if key == "fontWeight" { return .fontWeight }
            case 14: if key == "backgroundKind" { return .backgroundKind }
            case 21: if key == "scalesWithDynamicType" { return .scalesWithDynamicType }
            default: break
            }
            return nil
        }

        /// Stored as its declaration index (Swift's stable layout of payload-free enums).
        var bit: UInt64 { 1 << UInt64(unsafeBitCast(self, to: UInt8.self)) }

        static let keyWords = makeKeyWords()
    }

    static func style(_ c: inout JSONCursor) throws(InputError) -> Style {
        var style = Style()
        var object = try c.beginObject("a style object")
        let names = StyleField.keyWords
        while let (_, field) = try c.nextKey(&object, known: names) {
            if try c.consumeNull() { continue }
            switch field {
            case .foreground: style.foreground = try color(&c)
            case .background: style.background = try color(&c)
            case .fontSize:
                let v = try c.number()
                guard v > 0 else { throw c.error(.invalidValue, "fontSize must be positive") }
                style.fontSize = v
            case .fontWeight: style.fontWeight = try fontWeight(&c)
            case .textStyle: style.textStyle = try c.string()
            case .scalesWithDynamicType: style.scalesWithDynamicType = try c.bool()
            case .backgroundKind: style.backgroundKind = try c.enumeration(Style.BackgroundKind.self)
            case nil: try c.skip()
            }
        }
        return style
    }

    static func color(_ c: inout JSONCursor) throws(InputError) -> Color {
        let text = try c.stringBytes()
        guard let color = WireNames.color(text) else { throw c.error(.invalidValue, "colour \"\(text)\" is not #RRGGBB or #RRGGBBAA") }
        return color
    }

    /// 1...1000, or the names "bold" (700) and "regular" / "normal" (400).
    static func fontWeight(_ c: inout JSONCursor) throws(InputError) -> Double {
        if c.nextIsString {
            let name = try c.stringBytes()
            if name == "bold" { return 700 }
            if name == "regular" || name == "normal" { return 400 }
            // String comparison as the fallback: it also matches canonically equivalent spellings.
            switch name.description {
            case "bold": return 700
            case "regular", "normal": return 400
            case let other: throw c.error(.invalidValue, "unknown fontWeight \"\(other)\"; use 100-900 or \"bold\"")
            }
        }
        let v = try c.number()
        guard (1...1000).contains(v) else { throw c.error(.invalidValue, "fontWeight must be from 1 to 1000") }
        return v
    }

    static func component(_ c: inout JSONCursor) throws(InputError) -> Component {
        var k = Component()
        try c.object("a component object") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "pages":
                // A count, or the pages themselves.
                if try c.kind() == .array {
                    var count = 0
                    try c.array { c, _ throws(InputError) in try c.skip(); count += 1 }
                    k.pages = count
                } else {
                    k.pages = try c.integer()
                }
            case "currentPage": k.currentPage = try c.integer()
            case "autoAdvance": k.autoAdvance = try c.bool()
            case "respectsReduceMotion": k.respectsReduceMotion = try c.bool()
            case "expanded": k.expanded = try c.bool()
            case "language": k.language = try c.string()
            case "lineCount": k.lineCount = try c.integer()
            case "rating":
                let v = try c.number()
                guard v >= 0 else { throw c.error(.invalidValue, "rating must not be negative") }
                k.rating = v
            case "maxRating": k.maxRating = try c.integer()
            case "reviewCount": k.reviewCount = try c.integer()
            case "progress":
                let v = try c.number()
                guard (0...100).contains(v) else { throw c.error(.invalidValue, "progress must be from 0 to 1 (or a percentage up to 100)") }
                k.progress = v
            case "tabs":
                var tabs: [Component.Tab] = []
                try c.array { c, _ throws(InputError) in tabs.append(try tab(&c)) }
                k.tabs = tabs
            case "selectedTab":
                k.selectedTab = try c.kind() == .number ? String(try c.integer()) : try c.string()
            default: try c.skip()
            }
        }
        return k
    }

    /// A tab title, or `{id, title}`.
    private static func tab(_ c: inout JSONCursor) throws(InputError) -> Component.Tab {
        if try c.kind() == .string { return Component.Tab(title: try c.string()) }
        var id: String?, title: String?
        try c.object("a tab (string or {id, title})") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "id": id = try c.string()
            case "title": title = try c.string()
            default: try c.skip()
            }
        }
        guard let title else { throw c.error(.missing, "tab needs a \"title\"") }
        return Component.Tab(id: id, title: title)
    }
}
