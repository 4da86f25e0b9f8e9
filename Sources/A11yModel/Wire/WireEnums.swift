/// A string enumeration of the wire format. Its values are the cases' raw values; `meaning`
/// is an exhaustive switch, so a new case does not compile until it says what it means. The
/// decoder's lookup, its error messages ("unknown grouping ...") and the OpenAPI schema are
/// all made from this one declaration.
struct WireEnumeration<Value: RawRepresentable<String> & CaseIterable & Sendable>: Sendable {
    /// What a value names, in messages: `unknown <noun> "x"`.
    let noun: String
    let values: [(name: String, value: Value, meaning: String)]
    let lookup: WireLookup<Value>
    /// What the enumeration is for (the schema's description), and the value an absent member takes.
    let summary: String
    let defaultValue: Value?

    init(_ noun: String, summary: String = "", default defaultValue: Value? = nil, meaning: (Value) -> String) {
        self.noun = noun
        self.summary = summary
        self.defaultValue = defaultValue
        values = Value.allCases.map { ($0.rawValue, $0, meaning($0)) }
        lookup = WireLookup(values.map { ($0.name, $0.value) })
    }

    var names: [String] { values.map(\.name) }

    /// The component schema: a string, one of the names.
    var schema: String {
        var members = [("type", WireSchemas.quoted("string")),
                       ("enum", "[" + names.map(WireSchemas.quoted).joined(separator: ", ") + "]")]
        if let defaultValue { members.append(("default", WireSchemas.quoted(defaultValue.rawValue))) }
        if !summary.isEmpty { members.append(("description", WireSchemas.quoted(summary))) }
        return WireSchemas.object(members)
    }
}

/// A string enumeration the decoder reads (see `JSONCursor.enumeration`).
protocol WireEnum: RawRepresentable<String>, CaseIterable, Sendable {
    static var wire: WireEnumeration<Self> { get }
}

extension NodeKind: WireEnum {
    static let wire = WireEnumeration<NodeKind>("node kind", summary: "View kind. Unknown kinds are plain views.", default: .view) {
        switch $0 {
        case .view: "A plain view: a container unless it has a label."
        case .stack: "A stack of views (SwiftUI HStack/VStack, UIStackView)."
        case .text: "Static text; its label defaults to its text."
        case .image: "An image."
        case .button: "A button."
        case .toggle: "A switch that is on or off."
        case .slider: "A slider: adjustable."
        case .textField: "A text input field."
        case .secureTextField: "A text input field whose text is not shown (a password)."
        case .link: "A link."
        case .tab: "One tab of a tab bar."
        case .list: "A list (UITableView, SwiftUI List)."
        case .cell: "One cell of a list."
        case .canvas: "Drawn content with no views of its own (SwiftUI Canvas); its accessibilityChildren describe it."
        case .carousel: "Pages shown one at a time (component state: pages, currentPage, autoAdvance)."
        case .accordion: "A section that expands and collapses (component state: expanded)."
        case .codeBlock: "Source code shown as text (component state: language, lineCount)."
        case .ratingDisplay: "A rating shown, such as stars (component state: rating, maxRating, reviewCount)."
        case .ratingInput: "A rating the user sets (component state: rating, maxRating)."
        case .progressBar: "Progress towards completion (component state: progress)."
        case .spinner: "Activity of unknown duration."
        case .tabSet: "A set of tabs (component state: tabs, selectedTab)."
        }
    }
}

extension Platform: WireEnum {
    static let wire = WireEnumeration<Platform>(
        "platform", summary: "Picks default thresholds (target size 44x44 pt, 48x48 dp, 24x24 px).", default: .ios) {
        switch $0 {
        case .ios: "iOS: sizes in points."
        case .android: "Android: sizes in density-independent pixels."
        case .web: "The web: sizes in CSS pixels."
        }
    }
}

extension Idiom: WireEnum {
    static let wire = WireEnumeration<Idiom>("idiom", summary: "Reading-order line tolerance (8 pt phone, 13 pt pad).", default: .phone) {
        switch $0 {
        case .phone: "A phone."
        case .pad: "A tablet."
        }
    }
}

extension LayoutDirection: WireEnum {
    static let wire = WireEnumeration<LayoutDirection>("layoutDirection", default: .ltr) {
        switch $0 {
        case .ltr: "Left to right."
        case .rtl: "Right to left: rows are read from the right."
        }
    }
}

extension WCAGLevel: WireEnum {
    static let wire = WireEnumeration<WCAGLevel>("WCAG level") {
        switch $0 {
        case .A: "WCAG level A."
        case .AA: "WCAG levels A and AA."
        case .AAA: "WCAG levels A, AA and AAA."
        }
    }
}

extension ContainerType: WireEnum {
    static let wire = WireEnumeration<ContainerType>("containerType", default: ContainerType.none) {
        switch $0 {
        case .none: "Not a container VoiceOver tells of."
        case .semanticGroup: "A group: its elements are read together when it has a label, value or identifier."
        case .list: "A list: the first and last of its accessibilityChildren say \"List Start.\" and \"List End.\"."
        case .landmark: "A landmark: the first and last of its accessibilityChildren say \"Landmark.\" and \"End.\"."
        case .dataTable: "A data table: its cells (dataTableCell) say their headers, row and column."
        }
    }
}

extension Grouping: WireEnum {
    static let wire = WireEnumeration<Grouping>("grouping") {
        switch $0 {
        case .combine: "The subtree reads as one element (SwiftUI accessibilityElement(children: .combine))."
        case .contain: "The subtree's elements are read as a group (children: .contain)."
        case .ignore: "The node is one element and its subtree is not read (children: .ignore)."
        }
    }
}

extension CustomContent.Importance: WireEnum {
    static let wire = WireEnumeration<CustomContent.Importance>("importance", default: .default) {
        switch $0 {
        case .default: "Read on request (VoiceOver's More Content rotor)."
        case .high: "Read with the element."
        }
    }
}

extension Combinable.Sorting: WireEnum {
    static let wire = WireEnumeration<Combinable.Sorting>("sorting") {
        switch $0 {
        case .frame: "The combined parts are read in frame order (the default)."
        case .none: "The combined parts are read in view order."
        }
    }
}

extension Deferral.Content.Kind: WireEnum {
    static let wire = WireEnumeration<Deferral.Content.Kind>("deferral kind") {
        switch $0 {
        case .inherited: "The source's label and value join the receiver's custom content."
        case .error: "An error about the receiver: read with it as custom content \"Error\", importance high."
        }
    }
}

extension LabeledPair.Role: WireEnum {
    static let wire = WireEnumeration<LabeledPair.Role>("labeledPair role") {
        switch $0 {
        case .label: "The node labels its pair's content."
        case .content: "The node is the content its pair's label names."
        }
    }
}

extension StringStrategy.KeyPath: WireEnum {
    static let wire = WireEnumeration<StringStrategy.KeyPath>("keyPath") {
        switch $0 {
        case .label: "The referenced node's label."
        case .value: "The referenced node's value."
        case .text: "The referenced node's text."
        }
    }
}

extension Style.BackgroundKind: WireEnum {
    static let wire = WireEnumeration<Style.BackgroundKind>("backgroundKind") {
        switch $0 {
        case .solid: "A solid colour: contrast is measured against it."
        case .gradient: "A gradient: contrast cannot be measured exactly."
        case .image: "An image: contrast cannot be measured exactly."
        case .unknown: "Not known exactly (blended, blurred, or beneath shapes of unknown outline): contrast cannot be measured."
        }
    }
}
