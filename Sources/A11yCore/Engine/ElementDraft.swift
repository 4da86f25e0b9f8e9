/// An element while the engines build it: plain fields, no copy-on-write box, so building
/// and composing parts neither allocates a box per step nor checks uniqueness per write.
/// It becomes an `AccessibilityElement` once, when reading order and spoken output are known.
struct ElementDraft {
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var traits: Traits
    var frame: Rect
    var activationPoint: Point
    var actions: [String]
    var customContent: [CustomContent]
    var rotors: [Rotor]
    /// Source nodes; the first is the node the element stands for.
    var nodes: [Int]

    // Fields are set one by one, not by default values: with defaults the optimizer
    // builds a temporary draft and copies it field by field into `self`.
    init(label: String? = nil, value: String? = nil, hint: String? = nil, identifier: String? = nil,
         traits: Traits = [], frame: Rect = .zero, activationPoint: Point = Point(x: 0, y: 0),
         actions: [String] = [], customContent: [CustomContent] = [], rotors: [Rotor] = [], nodes: [Int] = []) {
        self.label = label; self.value = value; self.hint = hint; self.identifier = identifier
        self.traits = traits; self.frame = frame; self.activationPoint = activationPoint
        self.actions = actions; self.customContent = customContent; self.rotors = rotors; self.nodes = nodes
    }

    init(node: Int) { self.init(nodes: [node]) }

    /// The node the element stands for.
    var node: Int { nodes[0] }
}
