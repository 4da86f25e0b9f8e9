/// One stop of the screen reader: what VoiceOver focuses and reads.
public struct AccessibilityElement: Sendable {
    public var label: String?
    public var value: String?
    public var hint: String?
    public var traits: Traits = []
    public var identifier: String?
    /// Accessibility frame (hit region) in root coordinates.
    public var frame: Rect = .zero
    public var activationPoint: Point = Point(x: 0, y: 0)
    /// Custom action names, in order.
    public var actions: [String] = []
    public var customContent: [CustomContent] = []
    public var rotors: [Rotor] = []
    /// The VoiceOver utterance (see `SpokenOutput`).
    public var spoken: String = ""
    /// Source nodes (indices into the document); the first is the node the element stands for.
    public var nodes: [Int] = []
    /// "N of M" position in a tab bar or series, when known.
    public var position: Position?

    public struct Position: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public init() {}

    /// The node the element stands for.
    public var node: Int { nodes[0] }
}
