import A11yModel
/// One stop of the screen reader: what VoiceOver focuses and reads.
public struct AccessibilityElement: Sendable {
    public var label: String? { get { box.label } set { change { $0.label = newValue } } }
    public var value: String? { get { box.value } set { change { $0.value = newValue } } }
    public var hint: String? { get { box.hint } set { change { $0.hint = newValue } } }
    public var traits: Traits = []
    public var identifier: String? { get { box.identifier } set { change { $0.identifier = newValue } } }
    /// Accessibility frame (hit region) in root coordinates.
    public var frame: Rect = .zero
    public var activationPoint: Point = Point(x: 0, y: 0)
    /// `nodes[0]`, -1 while `nodes` is empty: the node rules and lookups name the element by.
    private var firstNode = -1
    /// Custom action names, in order.
    public var actions: [String] { get { box.actions } set { change { $0.actions = newValue } } }
    public var customContent: [CustomContent] { get { box.customContent } set { change { $0.customContent = newValue } } }
    public var rotors: [Rotor] { get { box.rotors } set { change { $0.rotors = newValue } } }
    /// The VoiceOver utterance (see `SpokenOutput`).
    public var spoken: String { get { box.spoken } set { change { $0.spoken = newValue } } }
    /// The hint VoiceOver reads after a pause: the element's own `hint`, or the standard hints
    /// of switches, text fields and adjustable elements (see `SpokenOutput`); nil when none.
    public var spokenHint: String? { get { box.spokenHint } set { change { $0.spokenHint = newValue } } }
    /// Source nodes (indices into the document); the first is the node the element stands for.
    public var nodes: [Int] {
        get { box.nodes }
        set { change { $0.nodes = newValue }; firstNode = newValue.first ?? -1 }
    }
    /// "N of M" position in a tab bar or series, when known.
    public var position: Position?

    public struct Position: Equatable, Sendable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public init() { box = Box(Fields()) }

    /// The finished element of a draft, whose fields are moved out (it is left empty).
    init(moving draft: inout ElementDraft, spoken: String, spokenHint: String?, position: Position?) {
        traits = draft.traits
        frame = draft.frame
        activationPoint = draft.activationPoint
        self.position = position
        firstNode = draft.nodes.first ?? -1
        box = Box(moving: &draft, spoken: spoken, spokenHint: spokenHint)
    }

    /// The node the element stands for.
    public var node: Int { firstNode >= 0 ? firstNode : nodes[0] }

    /// Texts and lists in one box that copies share until one is changed.
    private var box: Box

    /// Immutable once built: reads of `let` storage need no dynamic exclusivity check, and
    /// rules and encoders read every field of every element. Setters (tests, tools) replace
    /// the box; the analyzer builds each element once, moving its draft's fields in.
    private final class Box: Sendable {
        let label: String?, value: String?, hint: String?, identifier: String?
        let actions: [String], customContent: [CustomContent], rotors: [Rotor]
        let spoken: String, spokenHint: String?
        let nodes: [Int]

        init(_ f: Fields) {
            label = f.label; value = f.value; hint = f.hint; identifier = f.identifier
            actions = f.actions; customContent = f.customContent; rotors = f.rotors
            spoken = f.spoken; spokenHint = f.spokenHint; nodes = f.nodes
        }

        init(moving d: inout ElementDraft, spoken: String, spokenHint: String?) {
            label = d.label.take(); value = d.value.take(); hint = d.hint.take(); identifier = d.identifier.take()
            actions = d.actions; customContent = d.customContent; rotors = d.rotors
            self.spoken = spoken; self.spokenHint = spokenHint; nodes = Box.take(&d.nodes)
        }

        private static func take<T>(_ array: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &array)
            return taken
        }

        var fields: Fields {
            Fields(label: label, value: value, hint: hint, identifier: identifier, actions: actions,
                   customContent: customContent, rotors: rotors, spoken: spoken, spokenHint: spokenHint, nodes: nodes)
        }
    }

    /// The boxed fields as one editable value, for setters.
    private struct Fields {
        var label: String?, value: String?, hint: String?, identifier: String?
        var actions: [String] = [], customContent: [CustomContent] = [], rotors: [Rotor] = []
        var spoken = "", spokenHint: String?
        var nodes: [Int] = []
    }

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = box.fields
        edit(&fields)
        box = Box(fields)
    }
}
