/// UIAccessibilityTraits as named in the tree format.
public struct Traits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let button = Traits(rawValue: 1 << 0)
    public static let link = Traits(rawValue: 1 << 1)
    public static let header = Traits(rawValue: 1 << 2)
    public static let image = Traits(rawValue: 1 << 3)
    public static let staticText = Traits(rawValue: 1 << 4)
    public static let selected = Traits(rawValue: 1 << 5)
    public static let notEnabled = Traits(rawValue: 1 << 6)
    public static let adjustable = Traits(rawValue: 1 << 7)
    public static let searchField = Traits(rawValue: 1 << 8)
    public static let keyboardKey = Traits(rawValue: 1 << 9)
    public static let playsSound = Traits(rawValue: 1 << 10)
    public static let updatesFrequently = Traits(rawValue: 1 << 11)
    public static let summaryElement = Traits(rawValue: 1 << 12)
    public static let startsMediaSession = Traits(rawValue: 1 << 13)
    public static let allowsDirectInteraction = Traits(rawValue: 1 << 14)
    public static let causesPageTurn = Traits(rawValue: 1 << 15)
    public static let tabBar = Traits(rawValue: 1 << 16)
    public static let toggleButton = Traits(rawValue: 1 << 17)
    public static let isModal = Traits(rawValue: 1 << 18)
    public static let backButton = Traits(rawValue: 1 << 19)
    /// Not a wire trait: set on elements built from `textField` / `secureTextField` nodes,
    /// so spoken output can say "Text Field." as UIKit's private trait does.
    public static let textEntry = Traits(rawValue: 1 << 20)
    /// Not a wire trait: `tab` nodes, spoken "Tab." (UIKit's private tab trait).
    public static let tab = Traits(rawValue: 1 << 21)
    /// Not a wire trait: `secureTextField` nodes, spoken "Secure Text Field." (UIKit's private
    /// secure-text-field trait, AccessibilitySnapshot `accessibilityDescription(context:)`).
    public static let secureTextEntry = Traits(rawValue: 1 << 22)

    /// Wire names in a fixed order; responses list traits in this order.
    public static let names: [(name: String, trait: Traits)] = [
        ("button", .button), ("link", .link), ("header", .header), ("image", .image),
        ("staticText", .staticText), ("selected", .selected), ("notEnabled", .notEnabled),
        ("adjustable", .adjustable), ("searchField", .searchField), ("keyboardKey", .keyboardKey),
        ("playsSound", .playsSound), ("updatesFrequently", .updatesFrequently),
        ("summaryElement", .summaryElement), ("startsMediaSession", .startsMediaSession),
        ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
        ("tabBar", .tabBar), ("toggleButton", .toggleButton), ("isModal", .isModal),
        ("backButton", .backButton),
    ]

    public init?(name: String) {
        guard let trait = Traits.byName[name] else { return nil }
        self = trait
    }

    /// `names` as a lookup table: the decoder maps every trait string of a request.
    private static let byName: [String: Traits] = Dictionary(names.map { ($0.name, $0.trait) }, uniquingKeysWith: { first, _ in first })

    /// Wire names of the traits set here, in canonical order (private traits are not listed).
    public var wireNames: [String] {
        Traits.names.compactMap { contains($0.trait) ? $0.name : nil }
    }
}
