import A11yJSON
/// The fields of a node object on the wire, declared once: name, JSON shape, meaning, and how
/// the decoder stores it. The decoder's key lookup, the node's OpenAPI schema and the tests read
/// this table. Adding a field: a row here, and, for a string, list or nested object, a member of
/// `Node.Fields` (most nodes set it) or `Node.RareFields` (few do) with its accessor below.
enum NodeWire {
    static let meaning = "One view. Unknown fields are ignored; a wrongly typed known field is a 400 with a pointer to it. A `null` member counts as absent."

    static let fields: [NodeWireField] = [
        .init("id", .string, "Author's id, unique in the tree; findings and references use it.", tree: .id),
        .init("type", .string, "View kind: " + NodeKind.wire.names.joined(separator: ", ") + ". Unknown kinds are plain views.",
              default: "\"view\"", tree: .type),
        .init("frame", .object("Rect"), "Frame in screen coordinates.", tree: .frame),
        .init("text", .string, "Visible text; a text node's label defaults to it.", string: \.text, noting: .nonEmptyText),
        .init("label", .string, "accessibilityLabel: what VoiceOver reads first.", string: \.label, noting: .nonEmptyLabel),
        .init("value", .string, "accessibilityValue: the current value, read after the label.", string: \.value, noting: .nonEmptyValue),
        .init("hint", .string, "accessibilityHint: what activating the element does, read last.", string: \.hint, noting: .nonEmptyHint),
        .init("identifier", .string, "Explicit accessibility identifier.", string: \.identifier, noting: .nonEmptyIdentifier),
        .init("traits", .object("Traits"), "UIAccessibilityTraits; absent: the kind's default traits.") { c, node, _ throws(InputError) in
            node.traits = try NodeFields.traits(&c)
        },
        .init("isAccessibilityElement", .boolean,
              "Default: true for leaf kinds (text, image, button, toggle, slider, fields, link, tab) and for nodes with a label.") { c, node, _ throws(InputError) in
            node.isAccessibilityElement = try c.bool()
        },
        .init("children", .array(of: .object("Node")), "View children, in view order.", tree: .children),
        .init("accessibilityChildren", .array(of: .object("Node")), "Synthetic children (e.g. a Canvas).", tree: .accessibilityChildren),
        .init("grouping", .oneOf(Grouping.wire.names), "How the subtree reads: " + Grouping.wire.names.joined(separator: ", ") + ".") { c, node, _ throws(InputError) in
            node.grouping = try c.enumeration(Grouping.self)
        },
        .init("hidden", .boolean, "Hidden from assistive technology with its subtree.", default: "false") { c, node, _ throws(InputError) in
            node.hidden = try c.bool()
        },
        .init("opacity", .number(minimum: 0, maximum: 1), "0 to 1; 0 hides the node and its subtree.") { c, node, _ throws(InputError) in
            let v = try c.number()
            guard (0...1).contains(v) else { throw c.error(.invalidValue, "opacity must be from 0 to 1") }
            node.opacity = v
        },
        .init("enabled", .boolean, "false reads as the notEnabled trait.", default: "true") { c, node, _ throws(InputError) in
            node.enabled = try c.bool()
        },
        .init("sortPriority", .number(), "Higher is read first among siblings of one container.", default: "0") { c, node, _ throws(InputError) in
            node.sortPriority = try c.number()
        },
        .init("actions", .array(of: .object("Action")), "Custom actions, by name.") { c, node, row throws(InputError) in
            let actions = try NodeFields.actions(&c)
            // An empty list takes no rare row: it reads the same as none.
            if !actions.isEmpty { node.note(.lists, true); row.rare.actions = actions }
        },
        .init("customContent", .array(of: .object("CustomContentInput")), "AXCustomContent: more facts about the element.") { c, node, row throws(InputError) in
            var items: [CustomContent] = []
            var list = try c.beginArray()
            while try c.nextElement(&list) { items.append(try NodeFields.customContent(&c)) }
            if !items.isEmpty { node.note(.lists, true); row.rare.customContent = items }
        },
        .init("rotors", .array(of: .object("RotorInput")), "Custom rotors and the ids of their items.", tree: .rotors),
        .init("activationPoint", .object("Point"), "Where a double tap activates the element.") { c, node, _ throws(InputError) in
            node.activationPoint = try NodeFields.point(&c)
        },
        .init("accessibilityFrame", .object("Rect"), "The frame assistive technology uses, when not the view's.") { c, node, _ throws(InputError) in
            node.accessibilityFrame = try NodeFields.rect(&c)
        },
        .init("combinable", .object("Combinable"), "Blueprint CombinableView settings.") { c, node, row throws(InputError) in
            row.rare.combinable = Indirect(try NodeFields.combinable(&c)); node.note(.combinable, true)
        },
        .init("deferral", .object("Deferral"), "deferAccessibilityToChildren(content:)") { c, node, row throws(InputError) in
            row.rare.deferral = try NodeFields.deferral(&c); node.note(.deferral, true)
        },
        .init("deferredSource", .string, "deferredAccessibilitySource(identifier:)") { c, node, row throws(InputError) in
            row.rare.deferredSource = try c.string(); node.note(.deferredSource, true)
        },
        .init("deferralReceiver", .boolean, "Receives the content its children defer.", default: "false") { c, node, _ throws(InputError) in
            node.deferralReceiver = try c.bool()
        },
        .init("a11yRoot", .string, "Starts a nested-identifier path.") { c, node, row throws(InputError) in
            row.rare.a11yRoot = try c.string(); node.note(.a11yRoot, true)
        },
        .init("nestedIdentifier", .string, "Appends `.id` to the enclosing path.") { c, node, row throws(InputError) in
            row.common.nestedIdentifier = try c.string(); node.note(.nestedIdentifier, true)
        },
        .init("labeledPair", .object("LabeledPair"), "SwiftUI accessibilityLabeledPair(role:id:in:)") { c, node, row throws(InputError) in
            row.rare.labeledPair = Indirect(try NodeFields.labeledPair(&c)); node.note(.labeledPair, true)
        },
        .init("strategies", .object("Strategies"), "RDDM AccessibilityItem strategies.", tree: .strategies),
        .init("style", .object("Style"), "What the contrast and text-size rules need of the rendering.", tree: .style),
        .init("component", .object("Component"), "State of a component kind (carousel, accordion, rating...).") { c, node, row throws(InputError) in
            row.rare.component = Indirect(try StyleDecoder.component(&c)); node.note(.component, true)
        },
        .init("userInputLabels", .array(of: .string),
              "UIKit accessibilityUserInputLabels: the names Voice Control and Full Keyboard Access accept for the element (default: its label).") { c, node, row throws(InputError) in
            var labels: [String] = []
            var list = try c.beginArray()
            while try c.nextElement(&list) { labels.append(try c.string()) }
            if !labels.isEmpty { row.rare.userInputLabels = labels; node.note(.containerFacts, true) }
        },
        .init("focusable", .boolean, "Reachable by keyboard.") { c, node, _ throws(InputError) in node.focusable = try c.bool() },
        .init("clipsToBounds", .boolean,
              "UIKit clipsToBounds (default false). A zero-size (0 x 0 frame) node that clips hides its subtree; one that does not clip is walked through, its children may overflow it. A zero-size element is never visited.") { c, node, _ throws(InputError) in
            node.clipsToBounds = try c.bool()
        },
        .init("explicitOrder", .boolean,
              "The node's accessibilityChildren are UIKit accessibilityElements: read in array order (default false: sorted by frame, as SwiftUI's). The group is placed among its siblings by its first element in reading order.") { c, node, _ throws(InputError) in
            node.explicitOrder = try c.bool()
        },
        // Android facts (an Android dump's importer sets them; ATF's checks read them).
        .init("className", .string,
              "Android: the class the node reports for accessibility (AccessibilityNodeInfo.getClassName(), a dump's `class`). `class-name` reads it.") { c, _, row throws(InputError) in
            row.rare.className = try c.string()
        },
        .init("contentDescription", .string,
              "Android: the node's own contentDescription as set (a dump's `content-desc`), whatever `label` TalkBack composes. `editable-content-description` reads it.") { c, _, row throws(InputError) in
            // Empty reads as absent, as ATF's TextUtils.isEmpty does; no row is taken for it.
            let text = try c.string()
            if !text.isEmpty { row.rare.contentDescription = text }
        },
        .init("scrollable", .boolean,
              "Android: the node scrolls its content (a dump's `scrollable`). `target-size` does not judge a target touching its edges, which may be partly scrolled out.",
              default: "false") { c, _, row throws(InputError) in
            if try c.bool() { row.rare.scrollable = true }
        },
        .init("clickable", .boolean,
              "Android: the node is clickable (a dump's `clickable`, AccessibilityNodeInfo.isClickable()). On Android trees `duplicate-frame` compares the bounds of clickable and long-clickable nodes, and `duplicate-label` reports a repeated label on a clickable node as ATF's WARNING. Absent: not said (trees that say it of no node are judged by interactive elements).") { c, _, row throws(InputError) in
            row.common.androidFacts.state(.clickable, try c.bool())
        },
        .init("longClickable", .boolean,
              "Android: the node is long-clickable (a dump's `long-clickable`). Read by `duplicate-frame` as `clickable` is.") { c, _, row throws(InputError) in
            row.common.androidFacts.state(.longClickable, try c.bool())
        },
        .init("importantForAccessibility", .boolean,
              "Android: the node is important for accessibility (Appium's `a11y-important`, View.isImportantForAccessibility()); absent reads as true. A node marked false is not judged by `class-name` or `duplicate-frame` (ATF: NOT_RUN / skipped).") { c, _, row throws(InputError) in
            row.common.androidFacts.state(.important, try c.bool())
        },
        .init("containerType", .oneOf(ContainerType.wire.names),
              "UIKit accessibilityContainerType: " + ContainerType.wire.names.joined(separator: ", ") + " (default none). A node with a container type other than none is a container, not an element, even with a label (isAccessibilityElement true makes it one). Its elements are read together; the elements of a list or landmark sent as accessibilityChildren say where it starts and ends, the cells (dataTableCell) of a dataTable their row, column and headers.") { c, node, row throws(InputError) in
            let type = try c.enumeration(ContainerType.self)
            if type != .none { row.rare.containerType = type; node.note(.containerFacts, true) }
        },
        .init("dataTableCell", .object("DataTableCell"),
              "The node is a cell of the dataTable container above it (UIAccessibilityContainerDataTableCell).") { c, node, row throws(InputError) in
            row.rare.dataTableCell = try DataTableCell.read(&c); node.note(.containerFacts, true)
        },
        .init("isEditing", .boolean,
              "A textField or secureTextField being edited (UIKit's isEditing trait): says \"Is editing.\".", default: "false") { c, node, _ throws(InputError) in
            node.isEditing = try c.bool()
        },
        .init("textArea", .boolean,
              "A textField of several lines (UITextView, SwiftUI TextEditor; UIKit's textArea trait): its hint adds the misspelled-words rotor.", default: "false") { c, node, _ throws(InputError) in
            node.isTextArea = try c.bool()
        },
    ]

    /// The field names compiled for the decoder (see `NodeFieldKey`).
    static let lookup: WireLookup<NodeFieldKey> = {
        precondition(fields.count <= 64, "a node's fields are told apart by the bits of a UInt64")
        return WireLookup(fields.enumerated().map { ($1.name, NodeFieldKey(index: $0)) })
    }()

    /// How the decoder reads each field, by `NodeFieldKey.index` (made once, not per request).
    static let readings = fields.map(\.reading)
}

/// One field of a node object.
struct NodeWireField: Sendable {
    /// Reads the field's value at the cursor into the node and its row of the decoder's table.
    typealias Read = @Sendable (inout JSONCursor, inout Node, FieldRow) throws(InputError) -> Void

    /// Fields the tree decoder reads itself: they hold nodes or refer to other nodes, or (type,
    /// frame) nearly every node sends them, and a reader call per member cost more than the read.
    enum TreeMember: Sendable { case id, type, frame, children, accessibilityChildren, strategies, rotors, style }

    enum Reading: Sendable {
        case value(Read)
        case tree(TreeMember)
        /// A string of the node's row (`Node.Fields`), at this byte offset in it, noting whether it
        /// is non-empty under the flag: most nodes send one or two, and the decoder stores them
        /// itself (`FieldTable.setString`) instead of calling a reader per member.
        case string(offset: Int, noting: Node.FieldFlags)
    }

    let name: String
    let shape: WireShape
    let meaning: String
    /// The value an absent field reads as, as JSON text (for the schema).
    let defaultValue: String?
    let reading: Reading

    init(_ name: String, _ shape: WireShape, _ meaning: String, default defaultValue: String? = nil, read: @escaping Read) {
        self.name = name; self.shape = shape; self.meaning = meaning; self.defaultValue = defaultValue
        reading = .value(read)
    }

    init(_ name: String, _ shape: WireShape, _ meaning: String, string member: WritableKeyPath<Node.Fields, String?>, noting flag: Node.FieldFlags) {
        self.name = name; self.shape = shape; self.meaning = meaning; defaultValue = nil
        guard let offset = MemoryLayout<Node.Fields>.offset(of: member) else { preconditionFailure("\(name) is not a stored member of Node.Fields") }
        reading = .string(offset: offset, noting: flag)
    }

    init(_ name: String, _ shape: WireShape, _ meaning: String, default defaultValue: String? = nil, tree member: TreeMember) {
        self.name = name; self.shape = shape; self.meaning = meaning; self.defaultValue = defaultValue
        reading = .tree(member)
    }
}

/// A node field the decoder found: its place in `NodeWire.fields`.
struct NodeFieldKey: KnownKeys, Sendable {
    /// One byte, as a field enumeration's case would be: the key lookup passes it back per member.
    private let row: UInt8
    var index: Int { Int(row) }
    init(index: Int) { row = UInt8(index) }
    var bit: UInt64 { 1 &<< UInt64(row) }
    static func named(_ key: JSONKey) -> NodeFieldKey? { NodeWire.lookup.value(bytes: key) }
    static var keyWords: KnownKeyWords<NodeFieldKey> { NodeWire.lookup.words }
}

/// A node's row of the decoder's `FieldTable`, written in place.
struct FieldRow {
    let table: FieldTable
    let index: Int
    var common: Node.Fields {
        _read { yield table[index] }
        nonmutating _modify { yield &table[index] }
    }
    var rare: Node.RareFields {
        _read { yield table[rareOf: index] }
        nonmutating _modify { yield &table[rareOf: index] }
    }
}

extension Node {
    /// The strings and boxes most nodes set, in the node's row of its `FieldTable`.
    package struct Fields {
        var id: String?
        package var typeName = "view"
        package var text: String?
        package var label: String?
        package var value: String?
        package var hint: String?
        package var identifier: String?
        var nestedIdentifier: String?
        var style: Indirect<Style>?
        /// This row's `RareFields` in its table, -1 while it has none.
        var rareRow: Int32 = -1
        /// `className` is `typeName` (an Android import sets it for every node of a class):
        /// no rare row for it (speed: a rare row per node costs its every member's release).
        package var classNameIsTypeName = false
        /// `clickable`, `longClickable`, `importantForAccessibility` as stated (one byte, in
        /// the row's padding: most Android nodes say them, so no rare row).
        package var androidFacts = AndroidFacts()
        package init() {}
    }

    /// The fields few nodes set, in a second region of the table (see `FieldTable`).
    package struct RareFields {
        var actions: [String] = []
        var customContent: [CustomContent] = []
        var rotors: [Rotor] = []
        var deferral: Deferral?
        var deferredSource: String?
        var a11yRoot: String?
        var combinable: Indirect<Combinable>?
        var labeledPair: Indirect<LabeledPair>?
        var strategies: Indirect<Strategies>?
        var component: Indirect<Component>?
        var userInputLabels: [String] = []
        var className: String?
        package var contentDescription: String?
        package var scrollable = false
        /// Android import: what TalkBack says for the stop's own name and for the children it
        /// speaks for (`TalkBackSpeech`), set only when the stop speaks for some.
        package var talkBackName: String?
        package var talkBackChildren: String?
        var containerType: ContainerType?
        var dataTableCell: DataTableCell?
    }

    public var id: String? { get { fields.id } set { mutate { $0.id = newValue } } }
    /// The `type` string as sent, for messages about unknown kinds.
    public var typeName: String {
        get { fields.typeName }
        set {
            if fields.classNameIsTypeName { className = fields.typeName }
            mutate { $0.typeName = newValue }
        }
    }
    public var text: String? { get { fields.text } set { mutate { $0.text = newValue }; note(.nonEmptyText, newValue?.isEmpty == false) } }
    public var label: String? { get { fields.label } set { mutate { $0.label = newValue }; note(.nonEmptyLabel, newValue?.isEmpty == false) } }
    public var value: String? { get { fields.value } set { mutate { $0.value = newValue }; note(.nonEmptyValue, newValue?.isEmpty == false) } }
    public var hint: String? { get { fields.hint } set { mutate { $0.hint = newValue }; note(.nonEmptyHint, newValue?.isEmpty == false) } }
    public var identifier: String? { get { fields.identifier } set { mutate { $0.identifier = newValue }; note(.nonEmptyIdentifier, newValue?.isEmpty == false) } }
    public var nestedIdentifier: String? { get { fields.nestedIdentifier } set { mutate { $0.nestedIdentifier = newValue }; note(.nestedIdentifier, newValue != nil) } }
    public var style: Style? { get { fields.style?.value } set { let boxed = newValue.map(Indirect.init); mutate { $0.style = boxed }; note(.style, boxed != nil) } }

    public var actions: [String] { get { rare { $0.actions } ?? [] } set { mutateRare { $0.actions = newValue }; noteLists() } }
    public var customContent: [CustomContent] { get { rare { $0.customContent } ?? [] } set { mutateRare { $0.customContent = newValue }; noteLists() } }
    public var rotors: [Rotor] { get { rare { $0.rotors } ?? [] } set { mutateRare { $0.rotors = newValue }; noteLists() } }
    public var deferral: Deferral? { get { rare { $0.deferral } ?? nil } set { mutateRare { $0.deferral = newValue }; note(.deferral, newValue != nil) } }
    public var deferredSource: String? { get { rare { $0.deferredSource } ?? nil } set { mutateRare { $0.deferredSource = newValue }; note(.deferredSource, newValue != nil) } }
    public var a11yRoot: String? { get { rare { $0.a11yRoot } ?? nil } set { mutateRare { $0.a11yRoot = newValue }; note(.a11yRoot, newValue != nil) } }
    // Boxed before `mutateRare`: a call made inside its access to the row would make the
    // compiler keep dynamic exclusivity checks on every read of the row.
    public var combinable: Combinable? { get { rare { $0.combinable?.value } ?? nil } set { let boxed = newValue.map(Indirect.init); mutateRare { $0.combinable = boxed }; note(.combinable, boxed != nil) } }
    public var labeledPair: LabeledPair? { get { rare { $0.labeledPair?.value } ?? nil } set { let boxed = newValue.map(Indirect.init); mutateRare { $0.labeledPair = boxed }; note(.labeledPair, boxed != nil) } }
    public var strategies: Strategies? { get { rare { $0.strategies?.value } ?? nil } set { let boxed = newValue.map(Indirect.init); mutateRare { $0.strategies = boxed }; note(.strategies, boxed != nil) } }
    public var component: Component? { get { rare { $0.component?.value } ?? nil } set { let boxed = newValue.map(Indirect.init); mutateRare { $0.component = boxed }; note(.component, boxed != nil) } }

    public var userInputLabels: [String] { get { rare { $0.userInputLabels } ?? [] } set { mutateRare { $0.userInputLabels = newValue }; noteContainerFacts() } }
    /// Android: the class the node reports for accessibility, when an importer or the tree gave one.
    public var className: String? {
        get { fields.classNameIsTypeName ? fields.typeName : rare { $0.className } ?? nil }
        set { mutate { $0.classNameIsTypeName = false }; mutateRare { $0.className = newValue } }
    }
    /// Android: the node's own non-empty contentDescription (not the label TalkBack composes).
    public var contentDescription: String? { get { rare { $0.contentDescription } ?? nil } set { mutateRare { $0.contentDescription = newValue } } }
    /// Android import: the stop's own name and its children's descriptions in TalkBack's words
    /// (`TreeNodesDescription.treeNodesDescription`), nil unless it speaks for children.
    package var talkBackChildren: (name: String?, children: String)? {
        rare { r in r.talkBackChildren.map { (r.talkBackName, $0) } } ?? nil
    }
    /// Android: the node scrolls its content.
    public var scrollable: Bool { get { rare { $0.scrollable } ?? false } set { mutateRare { $0.scrollable = newValue } } }

    /// Android: `isClickable()`, nil when the tree does not say.
    public var clickable: Bool? { get { fields.androidFacts.value(.clickable) } set { mutate { $0.androidFacts.state(.clickable, newValue) } } }
    /// Android: `isLongClickable()`, nil when the tree does not say.
    public var longClickable: Bool? { get { fields.androidFacts.value(.longClickable) } set { mutate { $0.androidFacts.state(.longClickable, newValue) } } }
    /// Android import: a stop that holds other stops (TalkBack focuses it, then each of them),
    /// so the reading walk goes on into its subtree.
    package var holdsElements: Bool {
        get { fields.androidFacts.value(.holdsElements) == true }
        set { mutate { $0.androidFacts.state(.holdsElements, newValue ? true : nil) } }
    }
    /// Android: `isImportantForAccessibility()`, nil when the tree does not say (read as true).
    public var importantForAccessibility: Bool? { get { fields.androidFacts.value(.important) } set { mutate { $0.androidFacts.state(.important, newValue) } } }

    /// The three lists share a flag: after a change to one, it is set from all three.
    private mutating func noteLists() {
        let holds = rare { !$0.actions.isEmpty || !$0.customContent.isEmpty || !$0.rotors.isEmpty } ?? false
        note(.lists, holds)
    }
}

/// Three optional Android booleans in one byte: for each fact a bit saying it was stated and
/// a bit holding its value.
package struct AndroidFacts: Equatable {
    /// `holdsElements` is no wire field: the Android importer's stop that holds other stops.
    package enum Fact: UInt8 { case clickable = 0, longClickable = 2, important = 4, holdsElements = 6 }
    private var bits: UInt8 = 0
    package init() {}

    func value(_ fact: Fact) -> Bool? {
        bits & (1 << fact.rawValue) == 0 ? nil : bits & (2 << fact.rawValue) != 0
    }

    @inline(__always)
    package mutating func state(_ fact: Fact, _ value: Bool?) {
        bits &= ~(3 << fact.rawValue)
        if let value { bits |= (value ? 3 : 1) << fact.rawValue }
    }
}