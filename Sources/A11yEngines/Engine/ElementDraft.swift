import A11yModel
/// An element while the engines build it: plain fields, not the shared box of the finished
/// element.
/// It becomes an `AccessibilityElement` once, when reading order and spoken output are known.
package struct ElementDraft {
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var traits: Traits
    var frame: Rect
    var activationPoint: Point
    /// Source nodes; the first is the node the element stands for.
    var nodes: [Int]
    /// Actions, custom content and rotors, nil when all are empty (nearly every element).
    fileprivate var extras: Extras?
}

extension ElementDraft {
    // In an extension, so the struct keeps its memberwise initializer, which this one calls.
    init(label: String? = nil, value: String? = nil, hint: String? = nil, identifier: String? = nil,
         traits: Traits = [], frame: Rect = .zero, activationPoint: Point = Point(x: 0, y: 0),
         actions: [String] = [], customContent: [CustomContent] = [], rotors: [Rotor] = [], nodes: [Int] = []) {
        self.init(label: label, value: value, hint: hint, identifier: identifier, traits: traits, frame: frame,
                  activationPoint: activationPoint, nodes: nodes, extras: Extras.of(actions, customContent, rotors))
    }

    init(node: Int) { self.init(nodes: [node]) }

    /// The node the element stands for.
    var node: Int { nodes[0] }

    /// Whether any of actions, custom content and rotors is set.
    var hasExtras: Bool { extras != nil }

    // Callers build the lists first and set them once (`setExtras` for more than one).
    var actions: [String] {
        get { extras?.actions ?? [] }
        set { extras = Extras.of(newValue, customContent, rotors) }
    }
    var customContent: [CustomContent] {
        get { extras?.customContent ?? [] }
        set { extras = Extras.of(actions, newValue, rotors) }
    }
    var rotors: [Rotor] {
        get { extras?.rotors ?? [] }
        set { extras = Extras.of(actions, customContent, newValue) }
    }

    /// Sets actions, custom content and rotors together.
    mutating func setExtras(actions: [String], customContent: [CustomContent], rotors: [Rotor]) {
        extras = Extras.of(actions, customContent, rotors)
    }

    /// Immutable, so drafts can share it.
    fileprivate final class Extras {
        let actions: [String], customContent: [CustomContent], rotors: [Rotor]

        init(_ actions: [String], _ customContent: [CustomContent], _ rotors: [Rotor]) {
            self.actions = actions; self.customContent = customContent; self.rotors = rotors
        }

        static func of(_ actions: [String], _ customContent: [CustomContent], _ rotors: [Rotor]) -> Extras? {
            actions.isEmpty && customContent.isEmpty && rotors.isEmpty ? nil : Extras(actions, customContent, rotors)
        }
    }
}
