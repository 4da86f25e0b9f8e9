import A11yModel
import A11yReports
/// The tree format (tree-format.md) as plain Codable types: what a Swift service would
/// write first with Foundation. The baseline decodes the same bytes into these and encodes
/// them back out, so it does the same parsing and writing work as our path, without the audit.
struct CodableRequest: Codable {
    var platform: String?
    var idiom: String?
    var layoutDirection: String?
    var options: CodableOptions?
    var root: CodableNode
}

struct CodableOptions: Codable {
    struct Rules: Codable { var enable: [String]?; var disable: [String]?; var only: [String]? }
    struct Size: Codable { var width: Double; var height: Double }
    struct Thresholds: Codable {
        var targetSize: Size?
        var contrastText: Double?
        var contrastLargeText: Double?
        var contrastNonText: Double?
    }
    struct Suppress: Codable { var rule: String?; var id: String?; var identifier: String?; var node: String?; var reason: String? }
    struct Baseline: Codable { var fingerprints: [String] }
    var level: String?
    var rules: Rules?
    var thresholds: Thresholds?
    var suppress: [Suppress]?
    var baseline: Baseline?
    var source: String?
}

struct CodableRect: Codable { var x: Double?; var y: Double?; var width: Double; var height: Double }
struct CodablePoint: Codable { var x: Double; var y: Double }

struct CodableNode: Codable {
    struct Action: Codable { var name: String }
    struct CustomContent: Codable { var label: String; var value: String?; var importance: String? }
    struct Rotor: Codable { var name: String?; var systemType: String?; var items: [String] }
    struct Combinable: Codable {
        struct Override: Codable { var label: String?; var value: String?; var hint: String?; var identifier: String?; var traits: [String]? }
        struct TraitsAdjust: Codable { var add: [String]?; var remove: [String]? }
        var mergeInteractiveSingleChild: Bool?
        var sorting: String?
        var override: Override?
        var traitsAdjust: TraitsAdjust?
    }
    struct Deferral: Codable {
        struct Content: Codable { var kind: String?; var importance: String?; var identifier: String }
        var content: [Content]
    }
    struct LabeledPair: Codable { var role: String; var id: String; var namespace: String? }
    struct Strategies: Codable {
        var label: StringStrategy?
        var value: StringStrategy?
        var traits: TraitsStrategy?
        var ignored: Bool?
    }
    struct Style: Codable {
        var foreground: String?
        var background: String?
        var fontSize: Double?
        var fontWeight: FontWeight?
        var textStyle: String?
        var scalesWithDynamicType: Bool?
        var backgroundKind: String?
    }
    struct Component: Codable {
        struct Tab: Codable { var id: String?; var title: String }
        var pages: Int?
        var currentPage: Int?
        var autoAdvance: Bool?
        var respectsReduceMotion: Bool?
        var expanded: Bool?
        var language: String?
        var lineCount: Int?
        var rating: Double?
        var maxRating: Int?
        var reviewCount: Int?
        var progress: Double?
        var tabs: [Tab]?
        var selectedTab: String?
    }

    var id: String?
    var type: String?
    var frame: CodableRect?
    var text: String?
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var traits: [String]?
    var isAccessibilityElement: Bool?
    var children: [CodableNode]?
    var accessibilityChildren: [CodableNode]?
    var grouping: String?
    var hidden: Bool?
    var opacity: Double?
    var enabled: Bool?
    var sortPriority: Double?
    var actions: [Action]?
    var customContent: [CustomContent]?
    var rotors: [Rotor]?
    var activationPoint: CodablePoint?
    var accessibilityFrame: CodableRect?
    var combinable: Combinable?
    var deferral: Deferral?
    var deferredSource: String?
    var deferralReceiver: Bool?
    var a11yRoot: String?
    var nestedIdentifier: String?
    var labeledPair: LabeledPair?
    var strategies: Strategies?
    var style: Style?
    var component: Component?
    var focusable: Bool?
}

/// `"ignored"`, `{"just"}`, `{"from", "keyPath"}` or `{"joined": [...]}`.
indirect enum StringStrategy: Codable {
    case ignored
    case just(String?)
    case from(String, keyPath: String?)
    case joined([StringStrategy])

    private enum Keys: String, CodingKey { case just, from, keyPath, joined }

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "ignored" else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: word)) }
            self = .ignored
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        if let id = try c.decodeIfPresent(String.self, forKey: .from) {
            self = .from(id, keyPath: try c.decodeIfPresent(String.self, forKey: .keyPath))
        } else if let parts = try c.decodeIfPresent([StringStrategy].self, forKey: .joined) {
            self = .joined(parts)
        } else {
            self = .just(try c.decodeIfPresent(String.self, forKey: .just))
        }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .ignored:
            var c = encoder.singleValueContainer()
            try c.encode("ignored")
        case .just(let text):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(text, forKey: .just)
        case .from(let id, let keyPath):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(id, forKey: .from)
            try c.encodeIfPresent(keyPath, forKey: .keyPath)
        case .joined(let parts):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(parts, forKey: .joined)
        }
    }
}

/// `"ignored"`, `{"just": [traits]}`, `{"from": id}` or `{"merge": [ids]}`.
enum TraitsStrategy: Codable {
    case ignored
    case just([String])
    case from(String)
    case merge([String])

    private enum Keys: String, CodingKey { case just, from, merge }

    init(from decoder: Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "ignored" else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: word)) }
            self = .ignored
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        if let id = try c.decodeIfPresent(String.self, forKey: .from) {
            self = .from(id)
        } else if let ids = try c.decodeIfPresent([String].self, forKey: .merge) {
            self = .merge(ids)
        } else {
            self = .just(try c.decode([String].self, forKey: .just))
        }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .ignored:
            var c = encoder.singleValueContainer()
            try c.encode("ignored")
        case .just(let traits):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(traits, forKey: .just)
        case .from(let id):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(id, forKey: .from)
        case .merge(let ids):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(ids, forKey: .merge)
        }
    }
}

/// 100-900 or `"bold"`.
enum FontWeight: Codable {
    case number(Double)
    case name(String)

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Double.self) { self = .number(n) } else { self = .name(try c.decode(String.self)) }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .name(let s): try c.encode(s)
        }
    }
}
