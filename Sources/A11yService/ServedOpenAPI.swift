import A11yCore
import A11yModel
import A11yRules

/// The document served at GET /openapi.json: openapi.md's JSON block (`OpenAPIDocument.json`)
/// with the schemas of the wire declarations (the node's fields, the traits, the string
/// enumerations of a request) filled in from A11yCore's tables (`WireSchemas`), and the rule ids
/// from the rule catalogue, once at startup.
/// openapi.md holds a placeholder for each, so the document and the decoder cannot disagree.
enum ServedOpenAPI {
    static let json: String = merge(OpenAPIDocument.json, schemas: generatedSchemas)

    /// The wire declarations' schemas, and the rule ids of this build's catalogue.
    static var generatedSchemas: [(name: String, json: String)] { WireSchemas.components + [("RuleId", ruleIDSchema)] }

    /// Rule ids are enumerated, so a schema-valid request never names a rule the service refuses.
    static var ruleIDSchema: String {
        let ids = RuleRegistry.all.map { "\"\($0.id)\"" }.joined(separator: ", ")
        return #"{"type": "string", "description": "A rule id of GET /v1/rules (the catalogue of this build): any other string, the empty one included, is a 400.", "enum": [\#(ids)]}"#
    }

    /// `document` with each named component schema replaced by the given JSON text.
    static func merge(_ document: String, schemas: [(name: String, json: String)]) -> String {
        var text = Array(document.utf8)
        for (name, schema) in schemas {
            guard let range = schemaRange(named: name, in: text) else {
                preconditionFailure("openapi.md has no component schema \"\(name)\" to fill in")
            }
            text.replaceSubrange(range, with: Array(schema.utf8))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of the object value of `"name": {...}` after `"schemas": {`.
    static func schemaRange(named name: String, in text: [UInt8]) -> Range<Int>? {
        guard let schemas = find(Array(#""schemas": {"#.utf8), in: text, from: 0),
              let key = find(Array("\"\(name)\": {".utf8), in: text, from: schemas) else { return nil }
        let open = key + "\"\(name)\": ".utf8.count
        var depth = 0, i = open, inString = false
        while i < text.count {
            let byte = text[i]
            if inString {
                if byte == UInt8(ascii: "\\") { i += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return open..<(i + 1) }
            }
            i += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard needle.count <= text.count else { return nil }
        var i = start
        while i + needle.count <= text.count {
            if text[i] == needle[0] && Array(text[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
