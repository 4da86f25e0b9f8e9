import A11yJSON
/// The JSON shape of a value on the wire, as the OpenAPI document describes it.
indirect enum WireShape: Sendable {
    case string
    case boolean
    case number(minimum: Double? = nil, maximum: Double? = nil)
    /// An object described by the document's component schema of this name.
    case object(String)
    case array(of: WireShape)
    /// One of these strings.
    case oneOf([String])
}

/// JSON Schema text for the wire declarations: the OpenAPI document served at GET /openapi.json
/// takes these component schemas from here, so the document and the decoder read one table.
public enum WireSchemas {
    /// Component schemas by name, each a JSON object's text: `Node`, `Trait` and the string
    /// enumerations of a request.
    public static let components: [(name: String, json: String)] = [
        ("Node", node),
        ("Trait", Traits.schema),
        ("Platform", Platform.wire.schema),
        ("Idiom", Idiom.wire.schema),
        ("LayoutDirection", LayoutDirection.wire.schema),
        ("Importance", CustomContent.Importance.wire.schema),
    ]

    /// The node object: every declared field, each may be null (absent).
    static var node: String {
        let properties = NodeWire.fields.map { field in
            (field.name, property(field.shape, nullable: true, default: field.defaultValue, description: field.meaning))
        }
        return object([("type", quoted("object")), ("description", quoted(NodeWire.meaning)),
                       ("properties", object(properties))])
    }

    static func property(_ shape: WireShape, nullable: Bool, default value: String? = nil, description: String) -> String {
        var members: [(String, String)] = []
        func type(_ name: String) -> String { nullable ? "[\(quoted(name)), \(quoted("null"))]" : quoted(name) }
        switch shape {
        case .string: members.append(("type", type("string")))
        case .boolean: members.append(("type", type("boolean")))
        case .number(let minimum, let maximum):
            members.append(("type", type("number")))
            if let minimum { members.append(("minimum", number(minimum))) }
            if let maximum { members.append(("maximum", number(maximum))) }
        case .object(let name):
            let ref = object([("$ref", quoted("#/components/schemas/\(name)"))])
            members.append(nullable ? ("anyOf", "[\(ref), \(object([("type", quoted("null"))]))]") : ("$ref", quoted("#/components/schemas/\(name)")))
        case .array(let items):
            members.append(("type", type("array")))
            members.append(("items", property(items, nullable: false, description: "")))
        case .oneOf(let names):
            members.append(("type", type("string")))
            members.append(("enum", "[" + (names.map(quoted) + (nullable ? ["null"] : [])).joined(separator: ", ") + "]"))
        }
        if let value { members.append(("default", value)) }
        if !description.isEmpty { members.append(("description", quoted(description))) }
        return object(members)
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `text` as a JSON string, escaped by the one JSON writer.
    static func quoted(_ text: String) -> String {
        var w = JSONWriter()
        w.string(text)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
