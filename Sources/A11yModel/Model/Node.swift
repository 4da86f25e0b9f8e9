/// One view of the UI tree, as decoded from the wire: plain values, named as UIKit,
/// AccessibilitySnapshot and Android name them. Children live in the owning `Document` (flat
/// storage), so a node is a plain value without recursion. `NodeWire` declares the wire field
/// that fills each property (its name, shape and meaning).
public struct Node: Sendable {
    // MARK: Where it sits in the document (filled by the decoder, the importers, `Document.append`)

    /// Index of the parent node, nil for the root.
    public var parent: Int?
    /// Index in the parent's `children` / `accessibilityChildren` array.
    public var indexInParent = 0
    /// Depth below the root (root is 0).
    public var depth = 0
    /// Ranges into `Document.childStorage`: the view children, the synthetic children.
    public var childRange: Range<Int> = 0..<0
    public var syntheticChildRange: Range<Int> = 0..<0
    /// Whether this node sits in its parent's `accessibilityChildren` rather than `children`.
    public var isSynthetic = false

    // MARK: What it is

    /// Author's id, unique in the tree; findings and references use it.
    public var id: String?
    public var kind: NodeKind = .view
    /// The `type` string as sent, for messages about unknown kinds.
    public var typeName = "view"
    /// Traits as sent; nil when the field is absent (the kind's default traits apply).
    public var traits: Traits?

    // MARK: What VoiceOver reads

    /// Visible text; a text node's label defaults to it.
    public var text: String?
    /// `accessibilityLabel`: what VoiceOver reads first.
    public var label: String?
    /// `accessibilityValue`: the current value, read after the label.
    public var value: String?
    /// `accessibilityHint`: what activating the element does, read last.
    public var hint: String?
    /// `accessibilityIdentifier`.
    public var identifier: String?
    /// Custom actions, by name.
    public var actions: [String] = []
    /// `AXCustomContent`: more facts about the element.
    public var customContent: [CustomContent] = []
    /// Custom rotors and the nodes of their items.
    public var rotors: [Rotor] = []
    /// UIKit `accessibilityUserInputLabels`: the names Voice Control and Full Keyboard Access
    /// accept for the element (empty: its label).
    public var userInputLabels: [String] = []
    /// UIKit `accessibilityRespondsToUserInteraction`: the element takes input (Voice Control
    /// offers it by its `userInputLabels`); nil when not sent, as UIKit's default: it is
    /// operable (an operable trait or a control) or has custom actions.
    public var respondsToUserInteraction: Bool?

    // MARK: Whether and how it is an element

    /// Hidden from assistive technology with its subtree.
    public var hidden = false
    /// false reads as the `notEnabled` trait.
    public var enabled = true
    public var isAccessibilityElement: Bool?
    public var grouping: Grouping?
    /// Reachable by keyboard.
    public var focusable: Bool?
    /// Higher is read first among siblings of one container.
    public var sortPriority: Double = 0
    /// UIKit `clipsToBounds`: a zero-size view that clips shows nothing, so its subtree is not
    /// visited; one that does not clip is walked through (AccessibilitySnapshot's parser).
    public var clipsToBounds = false
    /// `accessibilityChildren` are UIKit `accessibilityElements`: read in array order, not
    /// sorted by frame (AccessibilityHierarchyParser: `explicitlyOrdered: true`).
    public var explicitOrder = false
    /// A text field being edited (UIKit's private isEditing trait: "Is editing.").
    public var isEditing = false
    /// A text field of several lines (UITextView, SwiftUI TextEditor: UIKit's private textArea
    /// trait, which changes its hint).
    public var isTextArea = false
    /// UIKit `shouldGroupAccessibilityChildren`: the elements below this container are read
    /// together, the group placed in reading order where the first of them is.
    public var shouldGroupAccessibilityChildren = false
    /// UIKit `accessibilityContainerType`; nil when not sent (as `none`).
    public var containerType: ContainerType?
    /// The cell of a data table this node is, when it is one.
    public var dataTableCell: DataTableCell?

    // MARK: Geometry

    /// Frame in screen coordinates.
    public var frame: Rect?
    /// 0 to 1; 0 hides the node and its subtree.
    public var opacity: Double?
    /// Where a double tap activates the element.
    public var activationPoint: Point?
    /// The frame assistive technology uses, when not the view's.
    public var accessibilityFrame: Rect?

    // MARK: The seeds' concepts: composition, deferral, nested identifiers, labeled pairs, strategies

    /// Blueprint `CombinableView` settings.
    @OutOfLine public var combinable: Combinable?
    /// `deferAccessibilityToChildren(content:)`.
    public var deferral: Deferral?
    /// `deferredAccessibilitySource(identifier:)`.
    public var deferredSource: String?
    /// Receives the content its children defer.
    public var deferralReceiver = false
    /// Starts a nested-identifier path.
    public var a11yRoot: String?
    /// Appends `.id` to the enclosing path.
    public var nestedIdentifier: String?
    /// SwiftUI `accessibilityLabeledPair(role:id:in:)`.
    @OutOfLine public var labeledPair: LabeledPair?
    /// RDDM `AccessibilityItem` strategies.
    @OutOfLine public var strategies: Strategies?

    // MARK: Rendering and components

    /// What the contrast and text-size rules need of the rendering.
    @OutOfLine public var style: Style?
    /// State of a component kind (carousel, accordion, rating...).
    @OutOfLine public var component: Component?

    // MARK: Android (an Android dump's importer sets them; ATF's checks and TalkBack's speech read them)

    /// The class the node reports for accessibility (`AccessibilityNodeInfo.getClassName()`).
    public var className: String?
    /// The node's own non-empty contentDescription (not the label TalkBack composes).
    public var contentDescription: String?
    /// The node scrolls its content.
    public var scrollable = false
    /// `isClickable()`, nil when the tree does not say.
    public var clickable: Bool?
    /// `isLongClickable()`, nil when the tree does not say.
    public var longClickable: Bool?
    /// `isImportantForAccessibility()`, nil when the tree does not say (read as true).
    public var importantForAccessibility: Bool?
    /// Android import: a stop that holds other stops (TalkBack focuses it, then each of them),
    /// so the reading walk goes on into its subtree.
    package var holdsElements = false
    /// Android import: what TalkBack says for the stop's own name and for the children it
    /// speaks for (`TreeNodesDescription.treeNodesDescription`), nil unless it speaks for children.
    package var talkBackChildren: (name: String?, children: String)?

    public init() {}

    /// A node placed in a document being built (the decoder, the importers).
    package init(parent: Int?, isSynthetic: Bool = false, indexInParent: Int, depth: Int) {
        self.parent = parent
        self.isSynthetic = isSynthetic
        self.indexInParent = indexInParent
        self.depth = depth
    }

    /// Traits the element reads with: as sent (or the kind's defaults), the kind's private
    /// traits, and `notEnabled` when disabled.
    @inlinable public var effectiveTraits: Traits { Self.effectiveTraits(traits: traits, kind: kind, enabled: enabled) }

    /// `effectiveTraits` from the three stored fields it depends on (for walks that read them in place).
    @inlinable @inline(__always)
    package static func effectiveTraits(traits: Traits?, kind: NodeKind, enabled: Bool) -> Traits {
        var t = (traits ?? kind.defaultTraits).union(kind.privateTraits)
        if !enabled { t.insert(.notEnabled) }
        return t
    }

    /// The frame assistive technology uses: `accessibilityFrame`, else `frame`.
    @inlinable public var effectiveAccessibilityFrame: Rect? { accessibilityFrame ?? frame }

    /// Gives the node a style another node has too (the decoder's repeated styles).
    mutating func share(style: Indirect<Style>) { _style.box = style }
}

/// A large value few nodes have (a style, component state, Blueprint or RDDM settings), kept out
/// of the node: reads and writes are a plain property's; the node holds one reference.
@propertyWrapper
public struct OutOfLine<Value: Sendable>: Sendable {
    var box: Indirect<Value>?

    public init(wrappedValue: Value?) { box = wrappedValue.map(Indirect.init) }

    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Indirect.init) }
    }
}

/// A value kept out of line and never changed in place (setters box a new value), so nodes
/// that share one (the decoder's repeated styles) share it safely.
package final class Indirect<Value: Sendable>: Sendable {
    package let value: Value
    init(_ value: Value) { self.value = value }
}
