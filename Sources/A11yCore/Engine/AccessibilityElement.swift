/// One stop of the screen reader: what VoiceOver focuses and reads.
public struct AccessibilityElement: Sendable {
    public var label: String? { get { box.label } _modify { yield &unique().label } }
    public var value: String? { get { box.value } _modify { yield &unique().value } }
    public var hint: String? { get { box.hint } _modify { yield &unique().hint } }
    public var traits: Traits = []
    public var identifier: String? { get { box.identifier } _modify { yield &unique().identifier } }
    /// Accessibility frame (hit region) in root coordinates.
    public var frame: Rect = .zero
    public var activationPoint: Point = Point(x: 0, y: 0)
    /// Custom action names, in order.
    public var actions: [String] { get { box.actions } _modify { yield &unique().actions } }
    public var customContent: [CustomContent] { get { box.customContent } _modify { yield &unique().customContent } }
    public var rotors: [Rotor] { get { box.rotors } _modify { yield &unique().rotors } }
    /// The VoiceOver utterance (see `SpokenOutput`).
    public var spoken: String { get { box.spoken } _modify { yield &unique().spoken } }
    /// Source nodes (indices into the document); the first is the node the element stands for.
    public var nodes: [Int] { get { box.nodes } _modify { yield &unique().nodes } }
    /// "N of M" position in a tab bar or series, when known.
    public var position: Position?

    public struct Position: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public init() { box = Box() }

    /// The finished element of a draft, with all boxed fields set in one allocation. The
    /// draft's fields are moved out (it is left empty), so nothing is retained twice.
    init(moving draft: inout ElementDraft, spoken: String, position: Position?) {
        traits = draft.traits
        frame = draft.frame
        activationPoint = draft.activationPoint
        self.position = position
        box = Box(moving: &draft, spoken: spoken)
    }

    /// The node the element stands for.
    public var node: Int { nodes[0] }

    /// The reference-counted fields in one copy-on-write box: every rule loops over the
    /// elements, and copying one then retains one object instead of nine.
    private var box: Box

    /// Mutated only through `unique()`, so a shared box is never written.
    /// No default values (and `Optional<String>` rather than `String?`, which would
    /// default to nil): every init then initializes each field once, where assigning over
    /// a default would be a dynamically checked access per field.
    private final class Box: @unchecked Sendable {
        var label: Optional<String>, value: Optional<String>, hint: Optional<String>, identifier: Optional<String>
        var actions: [String], customContent: [CustomContent], rotors: [Rotor]
        var spoken: String
        var nodes: [Int]

        init() {
            label = nil; value = nil; hint = nil; identifier = nil
            actions = []; customContent = []; rotors = []
            spoken = ""; nodes = []
        }

        init(moving d: inout ElementDraft, spoken: String) {
            label = d.label.take(); value = d.value.take(); hint = d.hint.take(); identifier = d.identifier.take()
            actions = Box.take(&d.actions); customContent = Box.take(&d.customContent); rotors = Box.take(&d.rotors)
            self.spoken = spoken; nodes = Box.take(&d.nodes)
        }

        private static func take<T>(_ array: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &array)
            return taken
        }

        init(copying other: Box) {
            label = other.label; value = other.value; hint = other.hint; identifier = other.identifier
            actions = other.actions; customContent = other.customContent; rotors = other.rotors
            spoken = other.spoken; nodes = other.nodes
        }
    }

    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(copying: box) }
        return box
    }
}
