/// The view kind of a node (`type` on the wire). Unknown kinds are plain views.
public enum NodeKind: String, Sendable, CaseIterable {
    case view, stack, text, image, button, toggle, slider, textField, secureTextField, link, tab
    case list, cell, canvas
    // Seed 003 components.
    case carousel, accordion, codeBlock, ratingDisplay, ratingInput, progressBar, spinner, tabSet

    /// The kind named `name` by table lookup (`init(rawValue:)` compares against each case in turn).
    static func named(_ name: String) -> NodeKind? { byName[name] }
    private static let byName: [String: NodeKind] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Kinds that are accessibility elements unless told otherwise.
    public var isLeafByDefault: Bool {
        switch self {
        case .text, .image, .button, .toggle, .slider, .textField, .secureTextField, .link, .tab: true
        default: false
        }
    }

    /// Controls a user operates; their nodes count as interactive whatever their traits say.
    public var isControl: Bool {
        switch self {
        case .button, .toggle, .slider, .textField, .secureTextField, .link: true
        default: false
        }
    }

    /// Traits UIKit / SwiftUI give this kind of view when the node sends no `traits`.
    public var defaultTraits: Traits {
        switch self {
        case .button: .button
        case .link: .link
        case .image: .image
        case .text: .staticText
        case .slider: .adjustable
        case .toggle: [.button, .toggleButton]
        case .tab: .button
        default: []
        }
    }

    /// Traits UIKit keeps private (never on the wire) but VoiceOver still speaks.
    public var privateTraits: Traits {
        switch self {
        case .textField: .textEntry
        case .secureTextField: [.textEntry, .secureTextEntry]
        case .tab: .tab
        default: []
        }
    }
}
