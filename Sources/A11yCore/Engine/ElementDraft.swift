/// An element while the engines build it: plain fields, no copy-on-write box, so building
/// and composing parts neither allocates a box per step nor checks uniqueness per write.
/// It becomes an `AccessibilityElement` once, when reading order and spoken output are known.
struct ElementDraft {
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var traits: Traits = []
    var frame: Rect = .zero
    var activationPoint = Point(x: 0, y: 0)
    var actions: [String] = []
    var customContent: [CustomContent] = []
    var rotors: [Rotor] = []
    /// Source nodes; the first is the node the element stands for.
    var nodes: [Int] = []

    init() {}

    init(node: Int) { nodes = [node] }

    /// The node the element stands for.
    var node: Int { nodes[0] }
}
