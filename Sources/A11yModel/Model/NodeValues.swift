// The values a node's fields hold, one type per concept of the seeds (composition,
// deferral, labeled pairs, strategies, style, components); `Node` stores them.

public enum Grouping: String, Sendable, CaseIterable { case combine, contain, ignore }

public struct CustomContent: Equatable, Hashable, Sendable {
    public enum Importance: String, Sendable, CaseIterable { case `default`, high }
    public var label: String
    public var value: String
    public var importance: Importance
    public init(label: String, value: String, importance: Importance = .default) {
        self.label = label; self.value = value; self.importance = importance
    }
}

public struct Rotor: Equatable, Sendable {
    public var name: String?
    public var systemType: String?
    /// Node indices of the items (references resolved by the decoder).
    public var items: [Int]
    public init(name: String? = nil, systemType: String? = nil, items: [Int]) {
        self.name = name; self.systemType = systemType; self.items = items
    }
}

/// Blueprint `CombinableView` settings (BlueprintUIAccessibilityCore).
public struct Combinable: Sendable {
    public enum Sorting: String, Sendable, CaseIterable { case frame, none }
    public struct Override: Sendable {
        public var label: String?
        public var value: String?
        public var hint: String?
        public var identifier: String?
        public var traits: Traits?
        public init() {}
    }
    public var mergeInteractiveSingleChild = true
    public var sorting: Sorting = .frame
    public var override: Override?
    public var traitsAdd: Traits = []
    public var traitsRemove: Traits = []
    public init() {}
}

/// `deferAccessibilityToChildren(content:)` (BlueprintUIAccessibilityCore).
public struct Deferral: Sendable {
    public struct Content: Sendable {
        public enum Kind: String, Sendable, CaseIterable { case inherited, error }
        public var kind: Kind
        public var importance: CustomContent.Importance
        public var identifier: String
        public init(kind: Kind, importance: CustomContent.Importance = .default, identifier: String) {
            self.kind = kind; self.importance = importance; self.identifier = identifier
        }
    }
    public var content: [Content]
    public init(content: [Content]) { self.content = content }
}

/// SwiftUI `accessibilityLabeledPair(role:id:in:)` (SwiftUI Accessible Grouping).
public struct LabeledPair: Sendable {
    public enum Role: String, Sendable, CaseIterable { case label, content }
    public var role: Role
    public var id: String
    public var namespace: String
    public init(role: Role, id: String, namespace: String = "") {
        self.role = role; self.id = id; self.namespace = namespace
    }
}

/// RDDM `AccessibilityItem` strategies (RDDM accessibility strategies).
public struct Strategies: Sendable {
    public var label: StringStrategy = .ignored
    public var value: StringStrategy = .ignored
    public var traits: TraitsStrategy = .ignored
    /// Overrides `isAccessibilityIgnored`; by default the item is ignored when every strategy is.
    public var ignored: Bool?
    public init() {}

    public var isIgnored: Bool {
        if let ignored { return ignored }
        return label.isIgnored && value.isIgnored && traits.isIgnored
    }
}

/// Not `indirect` (storage only): `joined` recurses through its array, and boxing every case
/// cost the decoder an allocation per resolved form.
public enum StringStrategy: Sendable {
    public enum KeyPath: String, Sendable, CaseIterable { case label, value, text }
    case ignored
    case just(String?)
    /// Node index of the referenced object.
    case from(Int, KeyPath)
    case joined([StringStrategy])

    public var isIgnored: Bool { if case .ignored = self { true } else { false } }
}

public enum TraitsStrategy: Sendable {
    case ignored
    case just(Traits)
    case from(Int)
    case merge([Int])

    public var isIgnored: Bool { if case .ignored = self { true } else { false } }
}

/// Visual style facts the contrast and text-size rules need.
public struct Style: Sendable {
    public enum BackgroundKind: String, Sendable, CaseIterable { case solid, gradient, image, unknown }
    public var foreground: Color?
    public var background: Color?
    public var fontSize: Double?
    /// 100...900; "bold" reads as 700.
    public var fontWeight: Double?
    public var textStyle: String?
    public var scalesWithDynamicType: Bool?
    public var backgroundKind: BackgroundKind = .solid
    public init() {}
}

/// An sRGB colour with alpha, each channel 0...1.
public struct Color: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var channels: [Double] = []
        var i = 1
        while i < digits.count {
            guard let hi = Color.nibble(digits[i]), let lo = Color.nibble(digits[i + 1]) else { return nil }
            channels.append(Double(hi << 4 | lo) / 255)
            i += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// One hexadecimal digit's value (shared with the decoder's byte-level colour parser).
    @inline(__always)
    static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque), for messages and reports.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}

/// State of the iOS SDK's accessible components. All optional: rules check what is present.
public struct Component: Sendable {
    public struct Tab: Sendable, Equatable {
        public var id: String?
        public var title: String
        public init(id: String? = nil, title: String) { self.id = id; self.title = title }
    }
    public var pages: Int?
    /// Zero-based, as the SDK's `currentPage`.
    public var currentPage: Int?
    public var autoAdvance: Bool?
    public var respectsReduceMotion: Bool?
    public var expanded: Bool?
    public var language: String?
    public var lineCount: Int?
    public var rating: Double?
    public var maxRating: Int?
    public var reviewCount: Int?
    /// Fraction 0...1 (values above 1 are read as a percentage).
    public var progress: Double?
    public var tabs: [Tab]?
    /// A tab `id` or title.
    public var selectedTab: String?
    public init() {}
}
