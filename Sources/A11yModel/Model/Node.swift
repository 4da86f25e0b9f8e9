/// One view of the UI tree, as decoded from the wire. Children live in the owning
/// `Document` (flat storage), so a node is a plain value without recursion.
///
/// Fields holding strings, arrays or nested models live in the node's row of a `FieldTable`
/// (shared by all nodes of a document; declared with the wire fields in `NodeWire`).
public struct Node: Sendable {
    // Stored compactly, hot members first: every pass over all nodes streams this array, so
    // a node is 152 bytes instead of 216 (optionals of Double/Rect/Int padded to the next 8
    // bytes each). Positions are Int32 (`DecodeLimits.maxNodes` is at most Int32.max);
    // optional geometry keeps its value unwrapped and says whether it is there in `present`.
    private var table: FieldTable
    /// This node's row in `table`.
    private var row: Int32 = 0
    private var parentIndex: Int32 = -1
    private var indexInParentStorage: Int32 = 0
    private var depthStorage: Int32 = 0
    private var childLower: Int32 = 0, childUpper: Int32 = 0
    private var syntheticLower: Int32 = 0, syntheticUpper: Int32 = 0
    /// Traits as sent; nil when the field is absent (the kind's default traits apply).
    public var traits: Traits?
    public var kind: NodeKind = .view
    /// Whether this node sits in its parent's `accessibilityChildren` rather than `children`.
    public var isSynthetic: Bool = false
    public var hidden: Bool = false
    public var enabled: Bool = true
    public var isAccessibilityElement: Bool?
    public var grouping: Grouping?
    public var focusable: Bool?
    public var deferralReceiver: Bool = false
    /// UIKit `clipsToBounds`: a zero-size view that clips shows nothing, so its subtree is not
    /// visited; one that does not clip is walked through (AccessibilitySnapshot's parser).
    /// Kept as a bit of `present`: a Bool of its own would grow every node by 8 bytes.
    public var clipsToBounds: Bool {
        get { present.contains(.clipsToBounds) }
        set { if newValue { present.insert(.clipsToBounds) } else { present.remove(.clipsToBounds) } }
    }
    /// `accessibilityChildren` are UIKit `accessibilityElements`: read in array order, not
    /// sorted by frame (AccessibilityHierarchyParser: `explicitlyOrdered: true`). A bit of `present`.
    public var explicitOrder: Bool {
        get { present.contains(.explicitOrder) }
        set { if newValue { present.insert(.explicitOrder) } else { present.remove(.explicitOrder) } }
    }
    /// A text field being edited (UIKit's private isEditing trait: "Is editing."). A bit of `present`.
    public var isEditing: Bool {
        get { present.contains(.isEditing) }
        set { if newValue { present.insert(.isEditing) } else { present.remove(.isEditing) } }
    }
    /// A text field of several lines (UITextView, SwiftUI TextEditor: UIKit's private textArea
    /// trait, which changes its hint). A bit of `present`.
    public var isTextArea: Bool {
        get { present.contains(.textArea) }
        set { if newValue { present.insert(.textArea) } else { present.remove(.textArea) } }
    }
    private var present: Present = []
    /// Which boxed fields hold something (in the padding before `sortPriority`).
    package private(set) var fieldFlags: FieldFlags = []
    public var sortPriority: Double = 0
    private var frameStorage = Rect(x: 0, y: 0, width: 0, height: 0)
    private var opacityStorage: Double = 0
    private var activationPointStorage = Point(x: 0, y: 0)
    private var accessibilityFrameStorage = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Which optional geometry members hold a value.
    private struct Present: OptionSet {
        let rawValue: UInt8
        static let frame = Present(rawValue: 1 << 0)
        static let opacity = Present(rawValue: 1 << 1)
        static let activationPoint = Present(rawValue: 1 << 2)
        static let accessibilityFrame = Present(rawValue: 1 << 3)
        // Two view flags share the byte: they are not geometry, but they fit in its spare bits.
        static let clipsToBounds = Present(rawValue: 1 << 4)
        static let explicitOrder = Present(rawValue: 1 << 5)
        static let isEditing = Present(rawValue: 1 << 6)
        static let textArea = Present(rawValue: 1 << 7)
    }

    /// Boxed fields that hold a value (text and label: a non-empty one), written by the decoder
    /// and by the setters: walks over all nodes test a bit here instead of loading every
    /// node's row of the table (a cache miss each on large documents) to find the few that have one.
    package struct FieldFlags: OptionSet {
        package let rawValue: UInt16
        package init(rawValue: UInt16) { self.rawValue = rawValue }
        package static let nonEmptyText = FieldFlags(rawValue: 1 << 0)
        package static let nonEmptyLabel = FieldFlags(rawValue: 1 << 1)
        static let style = FieldFlags(rawValue: 1 << 2)
        static let component = FieldFlags(rawValue: 1 << 3)
        package static let combinable = FieldFlags(rawValue: 1 << 4)
        package static let deferral = FieldFlags(rawValue: 1 << 5)
        package static let deferredSource = FieldFlags(rawValue: 1 << 6)
        package static let a11yRoot = FieldFlags(rawValue: 1 << 7)
        package static let nestedIdentifier = FieldFlags(rawValue: 1 << 8)
        package static let labeledPair = FieldFlags(rawValue: 1 << 9)
        package static let strategies = FieldFlags(rawValue: 1 << 10)
        // What an element of the node's own reads (one bit for the three lists: the bits are full).
        package static let nonEmptyValue = FieldFlags(rawValue: 1 << 11)
        package static let nonEmptyHint = FieldFlags(rawValue: 1 << 12)
        package static let nonEmptyIdentifier = FieldFlags(rawValue: 1 << 13)
        /// Non-empty `actions`, `customContent` or `rotors`.
        package static let lists = FieldFlags(rawValue: 1 << 14)
        /// A `containerType`, `dataTableCell` or non-empty `userInputLabels` (see `NodeContainer.swift`).
        package static let containerFacts = FieldFlags(rawValue: 1 << 15)
    }

    /// Whether the boxed field behind `flag` holds a value (see `FieldFlags`).
    @inline(__always)
    package func has(_ flag: FieldFlags) -> Bool { fieldFlags.contains(flag) }

    /// For whoever writes a row directly (the decoder): records whether `flag`'s field holds a value.
    @inline(__always)
    package mutating func note(_ flag: FieldFlags, _ holds: Bool) {
        if holds { fieldFlags.insert(flag) } else { fieldFlags.remove(flag) }
    }

    /// `text`, after noting under `flag` whether it is non-empty (for the decoder's string fields).
    @inline(__always)
    mutating func noting(_ flag: FieldFlags, nonEmpty text: String) -> String {
        note(flag, !text.isEmpty)
        return text
    }

    public var frame: Rect? {
        get { present.contains(.frame) ? frameStorage : nil }
        set { frameStorage = store(newValue, .frame, default: frameStorage) }
    }
    public var opacity: Double? {
        get { present.contains(.opacity) ? opacityStorage : nil }
        set { opacityStorage = store(newValue, .opacity, default: 0) }
    }
    public var activationPoint: Point? {
        get { present.contains(.activationPoint) ? activationPointStorage : nil }
        set { activationPointStorage = store(newValue, .activationPoint, default: activationPointStorage) }
    }
    public var accessibilityFrame: Rect? {
        get { present.contains(.accessibilityFrame) ? accessibilityFrameStorage : nil }
        set { accessibilityFrameStorage = store(newValue, .accessibilityFrame, default: accessibilityFrameStorage) }
    }

    /// Marks `member` present or absent; the value to keep in its storage.
    @inline(__always)
    private mutating func store<Value>(_ value: Value?, _ member: Present, default old: Value) -> Value {
        if let value {
            present.insert(member)
            return value
        }
        present.remove(member)
        return old
    }

    // Position in the document (filled by the decoder).
    /// Index of the parent node, nil for the root.
    public var parent: Int? {
        get { parentIndex < 0 ? nil : Int(parentIndex) }
        set { parentIndex = newValue.map { Int32($0) } ?? -1 }
    }
    /// Index in the parent's `children` / `accessibilityChildren` array.
    public var indexInParent: Int {
        get { Int(indexInParentStorage) }
        set { indexInParentStorage = Int32(newValue) }
    }
    /// Depth below the root (root is 0).
    public var depth: Int {
        get { Int(depthStorage) }
        set { depthStorage = Int32(newValue) }
    }
    /// Ranges into `Document.childStorage`.
    public var childRange: Range<Int> {
        get { Range(uncheckedBounds: (Int(childLower), Int(childUpper))) }
        set { childLower = Int32(newValue.lowerBound); childUpper = Int32(newValue.upperBound) }
    }
    public var syntheticChildRange: Range<Int> {
        get { Range(uncheckedBounds: (Int(syntheticLower), Int(syntheticUpper))) }
        set { syntheticLower = Int32(newValue.lowerBound); syntheticUpper = Int32(newValue.upperBound) }
    }

    public init() { table = .empty }

    /// A node of the decoder: its place in the tree, its boxed fields `row` of `table` (shared).
    @inline(__always)
    package init(table: FieldTable, row: Int, parent: Int?, isSynthetic: Bool, indexInParent: Int, depth: Int) {
        self.table = table
        self.row = Int32(row)
        self.parent = parent
        self.isSynthetic = isSynthetic
        self.indexInParent = indexInParent
        self.depth = depth
    }

    var fields: Fields { _read { yield table[Int(row)] } }

    // Comparisons of the row's strings in place, for walks over all nodes.
    /// Whether `typeName` is `type`.
    @inline(__always)
    package func typeNameEquals(_ type: String) -> Bool { table[Int(row)].typeName == type }
    /// `typeName`'s length in UTF-8 bytes.
    @inline(__always)
    package var typeNameUTF8Count: Int { table[Int(row)].typeName.utf8.count }
    /// Whether `label ?? text ?? ""` (the label a node is known by) is `name`.
    @inline(__always)
    package func labelOrTextEquals(_ name: String) -> Bool {
        if table[Int(row)].label != nil { return table[Int(row)].label! == name }
        if table[Int(row)].text != nil { return table[Int(row)].text! == name }
        return name.isEmpty
    }

    /// Points the node at the same row of `newTable` (the decoder's table after it grew).
    package mutating func move(to newTable: FieldTable) { table = newTable }

    /// `read` of this node's rare fields, in place; nil when it has none.
    @inline(__always)
    func rare<Value>(_ read: (RareFields) -> Value) -> Value? { table.withRare(of: Int(row), read) }

    // What walks over every node ask of it, answered from its flags.
    var hasComponent: Bool { has(.component) }
    var hasCombinable: Bool { has(.combinable) }
    package var hasNonEmptyText: Bool { has(.nonEmptyText) }
    package var hasNonEmptyLabel: Bool { has(.nonEmptyLabel) }
    /// The style's box: its fields read in place (`styleBox?.value.foreground`); the row is
    /// loaded only for nodes with a style.
    package var styleBox: Indirect<Style>? { has(.style) ? fields.style : nil }

    /// Traits the element reads with: as sent (or the kind's defaults), the kind's private
    /// traits, and `notEnabled` when disabled.
    public var effectiveTraits: Traits { Self.effectiveTraits(traits: traits, kind: kind, enabled: enabled) }

    /// `effectiveTraits` from the three stored fields it depends on (for walks that read them in place).
    @inline(__always)
    package static func effectiveTraits(traits: Traits?, kind: NodeKind, enabled: Bool) -> Traits {
        var t = (traits ?? kind.defaultTraits).union(kind.privateTraits)
        if !enabled { t.insert(.notEnabled) }
        return t
    }

    /// The frame assistive technology uses: `accessibilityFrame`, else `frame`.
    public var effectiveAccessibilityFrame: Rect? { accessibilityFrame ?? frame }

    /// A row of its own before a change when the table is shared (copy on write).
    mutating func mutate(_ change: (inout Fields) -> Void) {
        makeRowUnique()
        change(&table[Int(row)])
    }

    /// `mutate` for the rare fields.
    mutating func mutateRare(_ change: (inout RareFields) -> Void) {
        makeRowUnique()
        change(&table[rareOf: Int(row)])
    }

    private mutating func makeRowUnique() {
        if !isKnownUniquelyReferenced(&table) {
            table = table.copy(ofRow: Int(row))
            row = 0
        }
    }
}

/// A large field of a node, kept out of line and never changed in place (setters box a new
/// value), so reads are a plain load.
package final class Indirect<Value: Sendable>: Sendable {
    package let value: Value
    init(_ value: Value) { self.value = value }
}
