/// The view kind of a node (`type` on the wire; declared with their meanings in `NodeKind.wire`).
/// Unknown kinds are plain views.
public enum NodeKind: String, Sendable, CaseIterable {
    case view, stack, text, image, button, toggle, slider, textField, secureTextField, link, tab
    case list, cell, canvas
    // Components: their state is in the node's `component`.
    case carousel, accordion, codeBlock, ratingDisplay, ratingInput, progressBar, spinner, tabSet

    /// The kind named `name` (see `NodeKind.wire` for what each kind means).
    static func named(_ name: String) -> NodeKind? { wire.lookup.value(named: name) }

    /// Kinds that are accessibility elements unless told otherwise.
    public var isLeafByDefault: Bool {
        switch self {
        case .text, .image, .button, .toggle, .slider, .textField, .secureTextField, .link, .tab: true
        default: false
        }
    }

    /// Controls a user operates; their nodes count as interactive whatever their traits say.
    @inlinable public var isControl: Bool {
        switch self {
        case .button, .toggle, .slider, .textField, .secureTextField, .link: true
        default: false
        }
    }

    /// Traits UIKit / SwiftUI give this kind of view when the node sends no `traits`.
    @inlinable public var defaultTraits: Traits {
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
    @inlinable public var privateTraits: Traits {
        switch self {
        case .textField: .textEntry
        case .secureTextField: [.textEntry, .secureTextEntry]
        case .tab: .tab
        default: []
        }
    }
}
