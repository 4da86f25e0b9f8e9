import A11yJSON
/// The fields of a node object on the wire, declared once: name, JSON shape, meaning, and how
/// the decoder stores it. The decoder's key lookup, the node's OpenAPI schema and the tests read
/// this table. Adding a field: a row here, and the property it fills in `Node` (`Model/Node.swift`).
enum NodeWire {
    static let meaning = "One view. Unknown fields are ignored; a wrongly typed known field is a 400 with a pointer to it. A `null` member counts as absent."

    static let fields: [NodeWireField] = [
        .init("id", .string, "Author's id, unique in the tree; findings and references use it.", tree: .id),
        .init("type", .string, "View kind: " + NodeKind.wire.names.joined(separator: ", ") + ". Unknown kinds are plain views.",
              default: "\"view\"", tree: .type),
        .init("frame", .object("Rect"), "Frame in screen coordinates.", tree: .frame),
        .init("text", .string, "Visible text; a text node's label defaults to it.", string: \.text),
        .init("label", .string, "accessibilityLabel: what VoiceOver reads first.", string: \.label),
        .init("value", .string, "accessibilityValue: the current value, read after the label.", string: \.value),
        .init("hint", .string, "accessibilityHint: what activating the element does, read last.", string: \.hint),
        .init("identifier", .string, "Explicit accessibility identifier.", string: \.identifier),
        .init("traits", .object("Traits"), "UIAccessibilityTraits; absent: the kind's default traits.") { c, node throws(InputError) in
            node.traits = try NodeFields.traits(&c)
        },
        .init("isAccessibilityElement", .boolean,
              "Default: true for leaf kinds (text, image, button, toggle, slider, fields, link, tab) and for nodes with a label.") { c, node throws(InputError) in
            node.isAccessibilityElement = try c.bool()
        },
        .init("children", .array(of: .object("Node")), "View children, in view order.", tree: .children),
        .init("accessibilityChildren", .array(of: .object("Node")), "Synthetic children (e.g. a Canvas).", tree: .accessibilityChildren),
        .init("grouping", .oneOf(Grouping.wire.names), "How the subtree reads: " + Grouping.wire.names.joined(separator: ", ") + ".") { c, node throws(InputError) in
            node.grouping = try c.enumeration(Grouping.self)
        },
        .init("hidden", .boolean, "Hidden from assistive technology with its subtree.", default: "false") { c, node throws(InputError) in
            node.hidden = try c.bool()
        },
        .init("opacity", .number(minimum: 0, maximum: 1), "0 to 1; 0 hides the node and its subtree.") { c, node throws(InputError) in
            let v = try c.number()
            guard (0...1).contains(v) else { throw c.error(.invalidValue, "opacity must be from 0 to 1") }
            node.opacity = v
        },
        .init("enabled", .boolean, "false reads as the notEnabled trait.", default: "true") { c, node throws(InputError) in
            node.enabled = try c.bool()
        },
        .init("sortPriority", .number(), "Higher is read first among siblings of one container.", default: "0") { c, node throws(InputError) in
            node.sortPriority = try c.number()
        },
        .init("actions", .array(of: .object("Action")), "Custom actions, by name.") { c, node throws(InputError) in
            let actions = try NodeFields.actions(&c)
            if !actions.isEmpty { node.actions = actions }
        },
        .init("customContent", .array(of: .object("CustomContentInput")), "AXCustomContent: more facts about the element.") { c, node throws(InputError) in
            var items: [CustomContent] = []
            var list = try c.beginArray()
            while try c.nextElement(&list) { items.append(try NodeFields.customContent(&c)) }
            if !items.isEmpty { node.customContent = items }
        },
        .init("rotors", .array(of: .object("RotorInput")), "Custom rotors and the ids of their items.", tree: .rotors),
        .init("activationPoint", .object("Point"), "Where a double tap activates the element.") { c, node throws(InputError) in
            node.activationPoint = try NodeFields.point(&c)
        },
        .init("accessibilityFrame", .object("Rect"), "The frame assistive technology uses, when not the view's.") { c, node throws(InputError) in
            node.accessibilityFrame = try NodeFields.rect(&c)
        },
        .init("combinable", .object("Combinable"), "Blueprint CombinableView settings.") { c, node throws(InputError) in
            node.combinable = try NodeFields.combinable(&c)
        },
        .init("deferral", .object("Deferral"), "deferAccessibilityToChildren(content:)") { c, node throws(InputError) in
            node.deferral = try NodeFields.deferral(&c)
        },
        .init("deferredSource", .string, "deferredAccessibilitySource(identifier:)") { c, node throws(InputError) in
            node.deferredSource = try c.string()
        },
        .init("deferralReceiver", .boolean, "Receives the content its children defer.", default: "false") { c, node throws(InputError) in
            node.deferralReceiver = try c.bool()
        },
        .init("a11yRoot", .string, "Starts a nested-identifier path.") { c, node throws(InputError) in
            node.a11yRoot = try c.string()
        },
        .init("nestedIdentifier", .string, "Appends `.id` to the enclosing path.") { c, node throws(InputError) in
            node.nestedIdentifier = try c.string()
        },
        .init("labeledPair", .object("LabeledPair"), "SwiftUI accessibilityLabeledPair(role:id:in:)") { c, node throws(InputError) in
            node.labeledPair = try NodeFields.labeledPair(&c)
        },
        .init("strategies", .object("Strategies"), "RDDM AccessibilityItem strategies.", tree: .strategies),
        .init("style", .object("Style"), "What the contrast and text-size rules need of the rendering.", tree: .style),
        .init("component", .object("Component"), "State of a component kind (carousel, accordion, rating...).") { c, node throws(InputError) in
            node.component = try StyleDecoder.component(&c)
        },
        .init("userInputLabels", .array(of: .string),
              "UIKit accessibilityUserInputLabels: the names Voice Control and Full Keyboard Access accept for the element (default: its label).") { c, node throws(InputError) in
            var labels: [String] = []
            var list = try c.beginArray()
            while try c.nextElement(&list) { labels.append(try c.string()) }
            if !labels.isEmpty { node.userInputLabels = labels }
        },
        .init("accessibilityRespondsToUserInteraction", .boolean,
              "UIKit accessibilityRespondsToUserInteraction: the element takes input, so its userInputLabels are shown with it (AccessibilitySnapshot's legend). Absent: UIKit's default, true for an element with an operable trait, of a control kind or with custom actions.") { c, node throws(InputError) in
            node.respondsToUserInteraction = try c.bool()
        },
        .init("focusable", .boolean, "Reachable by keyboard.") { c, node throws(InputError) in node.focusable = try c.bool() },
        .init("clipsToBounds", .boolean,
              "UIKit clipsToBounds (default false). A zero-size (0 x 0 frame) node that clips hides its subtree; one that does not clip is walked through, its children may overflow it. A zero-size element is never visited.") { c, node throws(InputError) in
            node.clipsToBounds = try c.bool()
        },
        .init("explicitOrder", .boolean,
              "The node's accessibilityChildren are UIKit accessibilityElements: read in array order (default false: sorted by frame, as SwiftUI's). The group is placed among its siblings by its first element in reading order.") { c, node throws(InputError) in
            node.explicitOrder = try c.bool()
        },
        .init("shouldGroupAccessibilityChildren", .boolean,
              "UIKit shouldGroupAccessibilityChildren: the elements below this node are read together, the group placed in reading order where its first element is. Unlike grouping contain, it does not make a container of a node that is an element.",
              default: "false") { c, node throws(InputError) in
            node.shouldGroupAccessibilityChildren = try c.bool()
        },
        // Android facts (an Android dump's importer sets them; ATF's checks read them).
        .init("className", .string,
              "Android: the class the node reports for accessibility (AccessibilityNodeInfo.getClassName(), a dump's `class`). `class-name` reads it.") { c, node throws(InputError) in
            node.className = try c.string()
        },
        .init("contentDescription", .string,
              "Android: the node's own contentDescription as set (a dump's `content-desc`), whatever `label` TalkBack composes. `editable-content-description` reads it.") { c, node throws(InputError) in
            // Empty reads as absent, as ATF's TextUtils.isEmpty does.
            let text = try c.string()
            if !text.isEmpty { node.contentDescription = text }
        },
        .init("scrollable", .boolean,
              "Android: the node scrolls its content (a dump's `scrollable`). `target-size` does not judge a target touching its edges, which may be partly scrolled out.",
              default: "false") { c, node throws(InputError) in
            if try c.bool() { node.scrollable = true }
        },
        .init("clickable", .boolean,
              "Android: the node is clickable (a dump's `clickable`, AccessibilityNodeInfo.isClickable()). On Android trees `duplicate-frame` compares the bounds of clickable and long-clickable nodes, and `duplicate-label` reports a repeated label on a clickable node as ATF's WARNING. Absent: not said (trees that say it of no node are judged by interactive elements).") { c, node throws(InputError) in
            node.clickable = try c.bool()
        },
        .init("longClickable", .boolean,
              "Android: the node is long-clickable (a dump's `long-clickable`). Read by `duplicate-frame` as `clickable` is.") { c, node throws(InputError) in
            node.longClickable = try c.bool()
        },
        .init("importantForAccessibility", .boolean,
              "Android: the node is important for accessibility (Appium's `a11y-important`, View.isImportantForAccessibility()); absent reads as true. A node marked false is not judged by `class-name` or `duplicate-frame` (ATF: NOT_RUN / skipped).") { c, node throws(InputError) in
            node.importantForAccessibility = try c.bool()
        },
        .init("containerType", .oneOf(ContainerType.wire.names),
              "UIKit accessibilityContainerType: " + ContainerType.wire.names.joined(separator: ", ") + " (default none). A node with a container type other than none is a container, not an element, even with a label (isAccessibilityElement true makes it one). Its elements are read together; the elements of a list or landmark sent as accessibilityChildren say where it starts and ends, the cells (dataTableCell) of a dataTable their row, column and headers.") { c, node throws(InputError) in
            let type = try c.enumeration(ContainerType.self)
            if type != .none { node.containerType = type }
        },
        .init("dataTableCell", .object("DataTableCell"),
              "The node is a cell of the dataTable container above it (UIAccessibilityContainerDataTableCell).") { c, node throws(InputError) in
            node.dataTableCell = try DataTableCell.read(&c)
        },
        .init("isEditing", .boolean,
              "A textField or secureTextField being edited (UIKit's isEditing trait): says \"Is editing.\".", default: "false") { c, node throws(InputError) in
            node.isEditing = try c.bool()
        },
        .init("textArea", .boolean,
              "A textField of several lines (UITextView, SwiftUI TextEditor; UIKit's textArea trait): its hint adds the misspelled-words rotor.", default: "false") { c, node throws(InputError) in
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
    /// Reads the field's value at the cursor into the node.
    typealias Read = @Sendable (inout JSONCursor, inout Node) throws(InputError) -> Void

    /// Fields the tree decoder reads itself: they hold nodes or refer to other nodes, or (type,
    /// frame) nearly every node sends them.
    enum TreeMember: Sendable { case id, type, frame, children, accessibilityChildren, strategies, rotors, style }

    enum Reading: Sendable {
        case value(Read)
        case tree(TreeMember)
        /// A `String?` property of the node, at this byte offset in it: the decoder stores it itself.
        case string(offset: Int)
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

    init(_ name: String, _ shape: WireShape, _ meaning: String, string member: WritableKeyPath<Node, String?>) {
        self.name = name; self.shape = shape; self.meaning = meaning; defaultValue = nil
        guard let offset = MemoryLayout<Node>.offset(of: member) else { preconditionFailure("\(name) is not a stored property of Node") }
        reading = .string(offset: offset)
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
