/// Decoding of the plain fields of a node (everything but children and references).
enum NodeFields {
    /// The members of a node object the decoder knows. Keys are looked up once by `named`:
    /// by length, then bytes, with no String made for the key.
    enum Field: String, CaseIterable, KnownKeys {
        case children, accessibilityChildren, strategies, rotors
        case id, type, frame, accessibilityFrame, activationPoint, text, label, value, hint, identifier, traits
        case isAccessibilityElement, grouping, hidden, opacity, enabled, sortPriority, actions, customContent
        case combinable, deferral, deferredSource, deferralReceiver, a11yRoot, nestedIdentifier, labeledPair
        case style, component, focusable, clipsToBounds, explicitOrder

        /// A field without payload is stored as its declaration index (Swift's stable enum
        /// layout), so this is a shift; `NodeFieldLookupTests` checks the bits are distinct.
        var bit: UInt64 { 1 << UInt64(unsafeBitCast(self, to: UInt8.self)) }

        static let keyWords = makeKeyWords()

        /// Length first, then bytes; `NodeFieldLookupTests` checks it against `allCases`.
        static func named(_ key: JSONKey) -> Field? {
            switch key.bytes.count {
            case 2:
                if key == "id" { return .id }
            case 4:
                if key == "type" { return .type }
                if key == "text" { return .text }
                if key == "hint" { return .hint }
            case 5:
                if key == "frame" { return .frame }
                if key == "label" { return .label }
                if key == "value" { return .value }
                if key == "style" { return .style }
            case 6:
                if key == "rotors" { return .rotors }
                if key == "traits" { return .traits }
                if key == "hidden" { return .hidden }
            case 7:
                if key == "opacity" { return .opacity }
                if key == "enabled" { return .enabled }
                if key == "actions" { return .actions }
            case 8:
                if key == "children" { return .children }
                if key == "grouping" { return .grouping }
                if key == "deferral" { return .deferral }
                if key == "a11yRoot" { return .a11yRoot }
            case 9:
                if key == "component" { return .component }
                if key == "focusable" { return .focusable }
            case 10:
                if key == "strategies" { return .strategies }
                if key == "identifier" { return .identifier }
                if key == "combinable" { return .combinable }
            case 11:
                if key == "labeledPair" { return .labeledPair }
            case 12:
                if key == "sortPriority" { return .sortPriority }
            case 13:
                if key == "customContent" { return .customContent }
                if key == "clipsToBounds" { return .clipsToBounds }
                if key == "explicitOrder" { return .explicitOrder }
            case 14:
                if key == "deferredSource" { return .deferredSource }
            case 15:
                if key == "activationPoint" { return .activationPoint }
            case 16:
                if key == "deferralReceiver" { return .deferralReceiver }
                if key == "nestedIdentifier" { return .nestedIdentifier }
            case 18:
                if key == "accessibilityFrame" { return .accessibilityFrame }
            case 21:
                if key == "accessibilityChildren" { return .accessibilityChildren }
            case 22:
                if key == "isAccessibilityElement" { return .isAccessibilityElement }
            default: break
            }
            return nil
        }
    }

    /// A plain field (not children, strategies, rotors or style); unknown keys are skipped.
    /// Boxed fields are written in place into the node's row `row` of `fields`.
    @inline(__always)
    static func decode(_ field: Field?, into node: inout Node, fields: FieldTable, row: Int, _ c: inout JSONCursor) throws(InputError) {
        if try c.consumeNull() { return }
        guard let field else { return try c.skip() }
        switch field {
        case .children, .accessibilityChildren, .strategies, .rotors, .style: try c.skip() // read by TreeDecoder
        case .id: fields[row].id = try c.string()
        case .type:
            let name = try c.stringBytes()
            if let kind = WireNames.kind(name) {
                node.kind = kind
                fields[row].typeName = kind.rawValue
            } else {
                // String lookup as the fallback: it also matches canonically equivalent spellings.
                let typeName = name.description
                node.kind = NodeKind.named(typeName) ?? .view
                fields[row].typeName = typeName
            }
        case .frame: node.frame = try rect(&c)
        case .accessibilityFrame: node.accessibilityFrame = try rect(&c)
        case .activationPoint: node.activationPoint = try point(&c)
        // Fields passes look for over all nodes also set the node's flag (`Node.FieldFlags`).
        case .text: fields[row].text = node.noting(.nonEmptyText, nonEmpty: try c.string())
        case .label: fields[row].label = node.noting(.nonEmptyLabel, nonEmpty: try c.string())
        case .value: fields[row].value = node.noting(.nonEmptyValue, nonEmpty: try c.string())
        case .hint: fields[row].hint = node.noting(.nonEmptyHint, nonEmpty: try c.string())
        case .identifier: fields[row].identifier = node.noting(.nonEmptyIdentifier, nonEmpty: try c.string())
        case .traits: node.traits = try traits(&c)
        case .isAccessibilityElement: node.isAccessibilityElement = try c.bool()
        case .grouping: node.grouping = try c.enumeration(Grouping.self, "grouping")
        case .hidden: node.hidden = try c.bool()
        case .opacity:
            let v = try c.number()
            guard (0...1).contains(v) else { throw c.error(.invalidValue, "opacity must be from 0 to 1") }
            node.opacity = v
        case .enabled: node.enabled = try c.bool()
        case .sortPriority: node.sortPriority = try c.number()
        case .actions:
            // Keys come once per object (duplicates fail), so an empty list leaves the bit alone.
            let actions = try actions(&c)
            // Only a list with items takes a rare row (an empty one reads the same).
            if !actions.isEmpty { node.note(.lists, true); fields[rareOf: row].actions = actions }
        case .customContent:
            var items: [CustomContent] = []
            var list = try c.beginArray()
            while try c.nextElement(&list) { items.append(try customContent(&c)) }
            if !items.isEmpty { node.note(.lists, true); fields[rareOf: row].customContent = items }
        case .combinable: fields[rareOf: row].combinable = Indirect(try combinable(&c)); node.note(.combinable, true)
        case .deferral: fields[rareOf: row].deferral = try deferral(&c); node.note(.deferral, true)
        case .deferredSource: fields[rareOf: row].deferredSource = try c.string(); node.note(.deferredSource, true)
        case .deferralReceiver: node.deferralReceiver = try c.bool()
        case .a11yRoot: fields[rareOf: row].a11yRoot = try c.string(); node.note(.a11yRoot, true)
        case .nestedIdentifier: fields[row].nestedIdentifier = try c.string(); node.note(.nestedIdentifier, true)
        case .labeledPair: fields[rareOf: row].labeledPair = Indirect(try labeledPair(&c)); node.note(.labeledPair, true)
        case .component: fields[rareOf: row].component = Indirect(try StyleDecoder.component(&c)); node.note(.component, true)
        case .focusable: node.focusable = try c.bool()
        case .clipsToBounds: node.clipsToBounds = try c.bool()
        case .explicitOrder: node.explicitOrder = try c.bool()
        }
    }

    /// Action names, or `{name}` objects.
    static func actions(_ c: inout JSONCursor) throws(InputError) -> [String] {
        var actions: [String] = []
        var list = try c.beginArray()
        while try c.nextElement(&list) {
            if try c.kind() == .string { actions.append(try c.string()); continue }
            var name: String?
            var object = try c.beginObject("an action object")
            while let key = try c.nextKey(&object) {
                if key == "name" { name = try c.string() } else { try c.skip() }
            }
            guard let name else { throw c.error(.missing, "action needs a \"name\"") }
            actions.append(name)
        }
        return actions
    }

    /// `{x, y, width, height}`: finite, sizes not negative; x and y default to 0.
    static func rect(_ c: inout JSONCursor) throws(InputError) -> Rect {
        if let rect = c.reader.speculate(compactRect) { return rect }
        var x = 0.0, y = 0.0
        var width: Double?, height: Double?
        var object = try c.beginObject("a frame object {x, y, width, height}")
        while let key = try c.nextKey(&object) {
            switch key {
            case "x": x = try c.number()
            case "y": y = try c.number()
            case "width":
                let v = try c.number()
                guard v >= 0 else { throw c.error(.invalidValue, "width must not be negative") }
                width = v
            case "height":
                let v = try c.number()
                guard v >= 0 else { throw c.error(.invalidValue, "height must not be negative") }
                height = v
            default: try c.skip()
            }
        }
        guard let width else { throw c.error(.missing, "frame needs \"width\"") }
        guard let height else { throw c.error(.missing, "frame needs \"height\"") }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The shape generators and clients send, `{"x":…,"y":…,"width":…,"height":…}` with no
    /// whitespace, in one pass with no key lookups; nil for anything else (then `rect` reads it
    /// member by member, which also reports any error).
    @inline(__always)
    private static func compactRect(_ r: inout JSONReader) -> Rect? {
        r.skipWhitespace()
        guard r.depth < r.maxDepth, r.maxStringBytes >= 6, r.consume("{\"x\":"), let x = compactNumber(&r),
              r.consume(",\"y\":"), let y = compactNumber(&r),
              r.consume(",\"width\":"), let width = compactNumber(&r), width >= 0,
              r.consume(",\"height\":"), let height = compactNumber(&r), height >= 0,
              r.consume("}") else { return nil }
        r.atContainerStart = false
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Frames are mostly short numbers right after the ':': read those inline, anything else
    /// through the full number grammar.
    @inline(__always)
    private static func compactNumber(_ r: inout JSONReader) -> Double? {
        if let value = r.shortNumber() { return value }
        return try? r.readNumber()
    }

    static func point(_ c: inout JSONCursor) throws(InputError) -> Point {
        var x: Double?, y: Double?
        var object = try c.beginObject("a point object {x, y}")
        while let key = try c.nextKey(&object) {
            switch key {
            case "x": x = try c.number()
            case "y": y = try c.number()
            default: try c.skip()
            }
        }
        guard let x, let y else { throw c.error(.missing, "point needs \"x\" and \"y\"") }
        return Point(x: x, y: y)
    }

    static func traits(_ c: inout JSONCursor) throws(InputError) -> Traits {
        var result: Traits = []
        var list = try c.beginArray()
        while try c.nextElement(&list) {
            let name = try c.stringBytes()
            // String lookup as the fallback: it also matches canonically equivalent spellings.
            guard let trait = WireNames.trait(name) ?? Traits(name: name.description) else {
                throw c.error(.invalidValue, "unknown trait \"\(name)\"")
            }
            result.insert(trait)
        }
        return result
    }

    static func customContent(_ c: inout JSONCursor) throws(InputError) -> CustomContent {
        var label: String?, value = ""
        var importance = CustomContent.Importance.default
        var object = try c.beginObject("a custom content object {label, value, importance}")
        while let key = try c.nextKey(&object) {
            switch key {
            case "label": label = try c.string()
            case "value": value = try c.string()
            case "importance": importance = try c.enumeration(CustomContent.Importance.self, "importance")
            default: try c.skip()
            }
        }
        guard let label else { throw c.error(.missing, "custom content needs a \"label\"") }
        return CustomContent(label: label, value: value, importance: importance)
    }

    /// A rotor and the ids of its items (resolved once the whole tree is read).
    static func rotor(_ c: inout JSONCursor) throws(InputError) -> (Rotor, [Reference]) {
        var rotor = Rotor(items: [])
        var items: [Reference] = []
        // Rotors list several items: room for a few up front instead of growing 1, 2, 4.
        items.reserveCapacity(4)
        var object = try c.beginObject("a rotor object {name, systemType, items}")
        while let key = try c.nextKey(&object) {
            if try c.consumeNull() { continue }
            switch key {
            case "name": rotor.name = try c.string()
            case "systemType": rotor.systemType = try c.string()
            case "items":
                var list = try c.beginArray()
                while try c.nextElement(&list) { items.append(Reference(id: try c.string(), location: c.location)) }
            default: try c.skip()
            }
        }
        return (rotor, items)
    }

    static func combinable(_ c: inout JSONCursor) throws(InputError) -> Combinable {
        var result = Combinable()
        try c.object("a combinable object") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "mergeInteractiveSingleChild": result.mergeInteractiveSingleChild = try c.bool()
            case "sorting": result.sorting = try c.enumeration(Combinable.Sorting.self, "sorting")
            case "override":
                var o = Combinable.Override()
                try c.object("an override object") { c, key throws(InputError) in
                    if try c.consumeNull() { return }
                    switch key {
                    case "label": o.label = try c.string()
                    case "value": o.value = try c.string()
                    case "hint": o.hint = try c.string()
                    case "identifier": o.identifier = try c.string()
                    case "traits": o.traits = try traits(&c)
                    default: try c.skip()
                    }
                }
                result.override = o
            case "traitsAdjust":
                try c.object("a traitsAdjust object {add, remove}") { c, key throws(InputError) in
                    if try c.consumeNull() { return }
                    switch key {
                    case "add": result.traitsAdd = try traits(&c)
                    case "remove": result.traitsRemove = try traits(&c)
                    default: try c.skip()
                    }
                }
            default: try c.skip()
            }
        }
        return result
    }

    static func deferral(_ c: inout JSONCursor) throws(InputError) -> Deferral {
        var content: [Deferral.Content] = []
        var object = try c.beginObject("a deferral object {content}")
        while let key = try c.nextKey(&object) {
            guard key == "content" else { try c.skip(); continue }
            var list = try c.beginArray()
            while try c.nextElement(&list) {
                var kind = Deferral.Content.Kind.inherited
                var importance = CustomContent.Importance.default
                var identifier: String?
                var item = try c.beginObject("a deferral content object {kind, importance, identifier}")
                while let key = try c.nextKey(&item) {
                    if try c.consumeNull() { continue }
                    switch key {
                    case "kind": kind = try c.enumeration(Deferral.Content.Kind.self, "deferral kind")
                    case "importance": importance = try c.enumeration(CustomContent.Importance.self, "importance")
                    case "identifier": identifier = try c.string()
                    default: try c.skip()
                    }
                }
                guard let identifier else { throw c.error(.missing, "deferral content needs an \"identifier\"") }
                content.append(Deferral.Content(kind: kind, importance: importance, identifier: identifier))
            }
        }
        return Deferral(content: content)
    }

    static func labeledPair(_ c: inout JSONCursor) throws(InputError) -> LabeledPair {
        var role: LabeledPair.Role?, id: String?, namespace = ""
        var object = try c.beginObject("a labeledPair object {role, id, namespace}")
        while let key = try c.nextKey(&object) {
            if try c.consumeNull() { continue }
            switch key {
            case "role": role = try c.enumeration(LabeledPair.Role.self, "labeledPair role")
            case "id": id = try c.string()
            case "namespace": namespace = try c.string()
            default: try c.skip()
            }
        }
        guard let role else { throw c.error(.missing, "labeledPair needs a \"role\"") }
        guard let id else { throw c.error(.missing, "labeledPair needs an \"id\"") }
        return LabeledPair(role: role, id: id, namespace: namespace)
    }
}
