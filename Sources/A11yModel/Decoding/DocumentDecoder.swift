/// A request body: one screen, or a batch of named screens (`{"screens": [...]}`).
public enum AuditRequest: Sendable {
    case single(Document)
    case batch([Screen])

    public struct Screen: Sendable {
        public var name: String
        public var document: Document
        public init(name: String, document: Document) { self.name = name; self.document = document }
    }

    public var screens: [Screen] {
        switch self {
        case .single(let d): [Screen(name: d.options.source ?? "screen", document: d)]
        case .batch(let s): s
        }
    }
}

/// Decodes the tree format (tree-format.md) straight from bytes into `Document`s.
/// Every error names the offending value with a JSON Pointer.
public enum DocumentDecoder {
    /// Decodes a single-screen request.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(InputError) -> Document {
        switch try decodeRequest(bytes, limits: limits) {
        case .single(let document): return document
        case .batch: throw InputError(.invalidValue, "expected one screen with \"root\", found \"screens\"", at: "/screens")
        }
    }

    /// Decodes a single-screen or batch request.
    public static func decodeRequest(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(InputError) -> AuditRequest {
        var cursor = JSONCursor(bytes, limits: limits)
        var settings = DocumentSettings()
        var root: Document?
        var screens: [(screen: AuditRequest.Screen, settings: DocumentSettings)]?
        var nodeBudget = limits.maxNodes
        try cursor.object("a JSON object with \"root\"") { c, key throws(InputError) in
            switch key {
            case "root":
                let expected = TreeDecoder.expectedNodes(inBytes: c.reader.buffer.count - c.reader.offset)
                var tree = TreeDecoder(limits: limits, nodeBudget: nodeBudget, expectedNodes: expected)
                let document = try tree.decodeTree(&c)
                nodeBudget -= document.nodes.count
                root = document
            case "screens":
                screens = []
                try c.array { c, index throws(InputError) in
                    let screen = try decodeScreen(&c, index: index, limits: limits, budget: &nodeBudget)
                    screens!.append(screen)
                }
            default:
                try settings.decode(key, &c)
            }
        }
        try cursor.finish()

        if let screens {
            guard root == nil else { throw InputError(.invalidValue, "send either \"root\" or \"screens\", not both", at: "/screens") }
            guard !screens.isEmpty else { throw InputError(.missing, "\"screens\" is empty", at: "/screens") }
            // A screen's own settings win over the request's.
            return .batch(screens.map { entry in
                var screen = entry.screen
                screen.document.apply(entry.settings.or(settings))
                return screen
            })
        }
        guard var document = root.take() else { throw InputError(.missing, "missing \"root\" node", at: "/root") }
        document.apply(settings)
        return .single(document)
    }

    private static func decodeScreen(_ c: inout JSONCursor, index: Int, limits: DecodeLimits,
                                     budget: inout Int) throws(InputError) -> (screen: AuditRequest.Screen, settings: DocumentSettings) {
        var name: String?
        var settings = DocumentSettings()
        var document: Document?
        let screenPointer = c.pointer
        try c.object("a screen object") { c, key throws(InputError) in
            switch key {
            case "name": name = try c.string()
            case "root":
                // No size guess: the request's size says little about one screen of a batch.
                var tree = TreeDecoder(limits: limits, nodeBudget: budget)
                // Errors that name other nodes (duplicate ids) point inside this screen.
                tree.document.pointerPrefix = screenPointer
                let decoded = try tree.decodeTree(&c)
                budget -= decoded.nodes.count
                document = decoded
            default: try settings.decode(key, &c)
            }
        }
        guard let document else { throw InputError(.missing, "missing \"root\" node", at: screenPointer + "/root") }
        return (AuditRequest.Screen(name: name ?? "screen-\(index + 1)", document: document), settings)
    }
}

/// Top-level fields next to `root` (or inside a screen of a batch).
struct DocumentSettings {
    var platform: Platform?
    var idiom: Idiom?
    var layoutDirection: LayoutDirection?
    var options: AuditOptions?

    mutating func decode(_ key: JSONKey, _ c: inout JSONCursor) throws(InputError) {
        if try c.consumeNull() { return }
        switch key {
        case "platform": platform = try c.enumeration(Platform.self)
        case "idiom": idiom = try c.enumeration(Idiom.self)
        case "layoutDirection": layoutDirection = try c.enumeration(LayoutDirection.self)
        case "options": options = try OptionsDecoder.decode(&c)
        default: try c.skip()
        }
    }
}

extension DocumentSettings {
    /// These settings, falling back to `defaults` field by field.
    func or(_ defaults: DocumentSettings) -> DocumentSettings {
        DocumentSettings(platform: platform ?? defaults.platform, idiom: idiom ?? defaults.idiom,
                         layoutDirection: layoutDirection ?? defaults.layoutDirection, options: options ?? defaults.options)
    }
}

extension Document {
    mutating func apply(_ s: DocumentSettings) {
        if let v = s.platform { platform = v }
        if let v = s.idiom { idiom = v }
        if let v = s.layoutDirection { layoutDirection = v }
        if let v = s.options { options = v }
    }
}
