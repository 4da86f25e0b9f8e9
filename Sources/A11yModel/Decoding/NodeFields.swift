import A11yJSON
/// Readers of the nested values of a node object (frames, traits, custom content, rotors...),
/// which `NodeWire.fields` and the tree decoder call.
enum NodeFields {
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

    /// A node's `type`: its kind, and the name as sent (kept for messages about unknown kinds).
    @inline(__always)
    static func kind(_ c: inout JSONCursor) throws(InputError) -> (kind: NodeKind, typeName: String) {
        let name = try c.stringBytes()
        if let kind = NodeKind.wire.lookup.value(bytes: name) { return (kind, kind.rawValue) }
        let typeName = name.description
        return (NodeKind.wire.lookup.value(named: typeName) ?? .view, typeName)
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
            guard let trait = Traits.wire.value(named: name) else {
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
            case "importance": importance = try c.enumeration(CustomContent.Importance.self)
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
            case "sorting": result.sorting = try c.enumeration(Combinable.Sorting.self)
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

    package static func deferral(_ c: inout JSONCursor) throws(InputError) -> Deferral {
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
                    case "kind": kind = try c.enumeration(Deferral.Content.Kind.self)
                    case "importance": importance = try c.enumeration(CustomContent.Importance.self)
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
            case "role": role = try c.enumeration(LabeledPair.Role.self)
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
