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

    /// The traits of the wire format with their meanings, in bit order: responses list traits
    /// in this order. The decoder's lookup, its "unknown trait" message, the encoder's names
    /// and the OpenAPI `Trait` schema are made from this table.
    static let declarations: [(name: String, trait: Traits, meaning: String)] = [
        ("button", .button, "Activating it does something."),
        ("link", .link, "Activating it opens a destination."),
        ("header", .header, "Heads a section (the headings rotor)."),
        ("image", .image, "A picture."),
        ("staticText", .staticText, "Text that does not change."),
        ("selected", .selected, "The current item of a set (a tab, a segment)."),
        ("notEnabled", .notEnabled, "Dimmed: cannot be activated."),
        ("adjustable", .adjustable, "Swiping up or down changes its value."),
        ("searchField", .searchField, "A search field."),
        ("keyboardKey", .keyboardKey, "A key of a keyboard."),
        ("playsSound", .playsSound, "Plays its own sound when activated."),
        ("updatesFrequently", .updatesFrequently, "Its label or value changes often (a timer)."),
        ("summaryElement", .summaryElement, "Summarises the screen when it appears."),
        ("startsMediaSession", .startsMediaSession, "Starts media: VoiceOver stays quiet after activating it."),
        ("allowsDirectInteraction", .allowsDirectInteraction, "Touches go straight to it (a drawing surface)."),
        ("causesPageTurn", .causesPageTurn, "Turns the page when reading reaches its end."),
        ("tabBar", .tabBar, "A tab bar."),
        ("toggleButton", .toggleButton, "A button that is on or off."),
        ("isModal", .isModal, "A modal view: the elements behind it are not read."),
        ("backButton", .backButton, "Goes back a screen."),
    ]

    /// Wire names in a fixed order; responses list traits in this order.
    public static let names: [(name: String, trait: Traits)] = declarations.map { ($0.name, $0.trait) }

    public init?(name: String) {
        guard let trait = Traits.wire.value(named: name) else { return nil }
        self = trait
    }

    /// The wire traits' bits, and their names by bit (the declarations are in bit order from bit 0).
    package static let wireMask: UInt32 = declarations.reduce(0) { $0 | $1.trait.rawValue }
    package static let wireNamesByBit: [String] = declarations.map(\.name)

    /// The names compiled for the decoder.
    static let wire = WireLookup(names.map { ($0.name, $0.trait) })

    /// The `Trait` component schema: one of the names.
    static var schema: String {
        WireSchemas.object([("type", WireSchemas.quoted("string")),
                            ("enum", "[" + names.map { WireSchemas.quoted($0.name) }.joined(separator: ", ") + "]")])
    }

    /// Wire names of the traits set here, in canonical order (private traits are not listed).
    public var wireNames: [String] {
        Traits.names.compactMap { contains($0.trait) ? $0.name : nil }
    }
}
