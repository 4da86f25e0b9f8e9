import Foundation
import Testing
@testable import A11yService
@testable import A11yCore
@testable import A11yModel
@testable import A11yRules

/// The document served at GET /openapi.json: valid JSON, OpenAPI 3.1, every route, the block in
/// openapi.md (Scripts/gen-openapi.sh copies it) with the wire declarations' schemas filled in.
@Suite struct OpenAPIDocumentTests {
    static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    func document() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(ServedOpenAPI.json.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func isOpenAPI31() throws {
        let version = try #require(try document()["openapi"] as? String)
        #expect(version.hasPrefix("3.1."))
    }

    /// The spec describes exactly what the running service's router serves (HEAD, implied by
    /// GET, is left out of both).
    @Test func describesEveryRouteOfTheRouterAndNoOther() throws {
        let harness = try ServiceHarness()
        var served: Set<String> = []
        for (path, methods) in harness.service.endpoints {
            for method in methods { served.insert("\(method.name) \(path)") }
        }
        #expect(served.contains("POST /v1/audit"))
        let paths = try #require(try document()["paths"] as? [String: [String: Any]])
        var described: Set<String> = []
        for (path, item) in paths {
            for method in Self.httpMethods where item[method] != nil {
                described.insert("\(method.uppercased()) \(path)")
            }
        }
        #expect(described == served)
    }

    @Test func everyOperationDocumentsASuccessResponse() throws {
        let paths = try #require(try document()["paths"] as? [String: [String: Any]])
        for (path, item) in paths {
            for method in Self.httpMethods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let responses = try #require(operation["responses"] as? [String: Any], "\(method) \(path)")
                #expect(responses["200"] != nil, "\(method) \(path) has no 200 response")
            }
        }
    }

    @Test func auditDocumentsErrorsAndAlternativeFormats() throws {
        let paths = try #require(try document()["paths"] as? [String: [String: Any]])
        let audit = try #require(paths["/v1/audit"]?["post"] as? [String: Any])
        let responses = try #require(audit["responses"] as? [String: Any])
        for status in ["400", "401", "413", "415"] {
            #expect(responses[status] != nil, "POST /v1/audit lacks \(status)")
        }
        let ok = try #require(responses["200"] as? [String: Any])
        let types = Set(try #require(ok["content"] as? [String: Any]).keys)
        #expect(types == ["application/json", "application/sarif+json", "application/xml", "text/html", "text/markdown"])
    }

    @Test func nodeSchemaIsRecursive() throws {
        let node = try schema("Node")
        let properties = try #require(node["properties"] as? [String: [String: Any]])
        for field in ["children", "accessibilityChildren"] {
            let items = try #require(properties[field]?["items"] as? [String: Any], "\(field)")
            #expect(items["$ref"] as? String == "#/components/schemas/Node")
        }
    }

    /// The served schemas list exactly what the decoder reads: the declared node fields, kinds,
    /// traits and enumeration values.
    @Test func wireSchemasAreTheDeclarations() throws {
        let node = try schema("Node")
        let properties = try #require(node["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(NodeWire.fields.map(\.name)))
        #expect(properties.count == NodeWire.fields.count)
        let kinds = try #require(properties["type"]?["description"] as? String)
        for kind in NodeKind.allCases { #expect(kinds.contains(" \(kind.rawValue),") || kinds.contains(" \(kind.rawValue).")) }
        #expect(try schema("Trait")["enum"] as? [String] == Traits.names.map(\.name))
        let grouping = try #require(properties["grouping"]?["enum"] as? [Any])
        #expect(grouping.compactMap { $0 as? String } == Grouping.allCases.map(\.rawValue))
        #expect(grouping.count == Grouping.allCases.count + 1, "and null")
        #expect(try schema("Platform")["enum"] as? [String] == Platform.allCases.map(\.rawValue))
        #expect(try schema("Idiom")["enum"] as? [String] == Idiom.allCases.map(\.rawValue))
        #expect(try schema("LayoutDirection")["enum"] as? [String] == LayoutDirection.allCases.map(\.rawValue))
        #expect(try schema("Importance")["enum"] as? [String] == CustomContent.Importance.allCases.map(\.rawValue))
        #expect(properties["opacity"]?["minimum"] as? Double == 0 && properties["opacity"]?["maximum"] as? Double == 1)
    }

    /// Enumerations nested in hand-written schemas list the declared values (`WireEnum`s).
    @Test func nestedEnumerationsAreTheDeclarations() throws {
        func values(_ schema: String, _ path: String...) throws -> [String] {
            var current: Any = try self.schema(schema)
            for key in path { current = try #require((current as? [String: Any])?[key], "\(schema) \(path)") }
            return try #require(current as? [Any]).compactMap { $0 as? String }
        }
        #expect(try values("Combinable", "properties", "sorting", "enum") == Combinable.Sorting.wire.names)
        #expect(try values("LabeledPair", "properties", "role", "enum") == LabeledPair.Role.wire.names)
        #expect(try values("Style", "properties", "backgroundKind", "enum") == Style.BackgroundKind.wire.names)
        #expect(try values("Level", "enum") == WCAGLevel.wire.names)
        let deferral = try #require(try schema("Deferral")["properties"] as? [String: Any])
        let content = try #require((deferral["content"] as? [String: Any])?["items"] as? [String: Any])
        let kind = try #require((content["properties"] as? [String: Any])?["kind"] as? [String: Any])
        #expect(try #require(kind["enum"] as? [Any]).compactMap { $0 as? String } == Deferral.Content.Kind.wire.names)
    }

    /// openapi.md holds a placeholder where each generated schema goes.
    @Test func markdownHoldsPlaceholdersForTheGeneratedSchemas() throws {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8))
        let components = try #require((object as? [String: Any])?["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: [String: Any]])
        for (name, _) in ServedOpenAPI.generatedSchemas {
            #expect(schemas[name]?.keys.sorted() == ["description"], "\(name)")
        }
    }

    @Test func everyReferenceResolves() throws {
        let root = try document()
        var pending: [Any] = [root]
        var references = 0
        while let value = pending.popLast() {
            if let object = value as? [String: Any] {
                if let ref = object["$ref"] as? String {
                    references += 1
                    #expect(resolve(ref, in: root) != nil, "unresolved \(ref)")
                }
                pending.append(contentsOf: object.values)
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array)
            }
        }
        #expect(references > 0)
    }

    @Test func matchesTheBlockInOpenAPIMarkdown() throws {
        let markdownURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("openapi.md")
        let markdown = try String(contentsOf: markdownURL, encoding: .utf8)
        let blocks = markdown.components(separatedBy: "\n```json\n").dropFirst()
        try #require(blocks.count == 1, "openapi.md must hold exactly one ```json block")
        let block = try #require(blocks.first?.components(separatedBy: "\n```\n").first)
        #expect(block == OpenAPIDocument.json, "run Scripts/gen-openapi.sh")
    }

    /// Rule ids are enumerated, so a schema-valid request never names a rule the service
    /// refuses (schemathesis sent `options.suppress[].rule: ""` and got its 400).
    @Test func ruleIdsAreExactlyTheCatalogue() throws {
        let ids = try #require(try schema("RuleId")["enum"] as? [String])
        #expect(ids == RuleRegistry.all.map(\.id))
    }

    private func schema(_ name: String) throws -> [String: Any] {
        let components = try #require(try document()["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        return try #require(schemas[name] as? [String: Any])
    }

    /// Resolves a local JSON Pointer reference (`#/a/b`), decoding `~1` and `~0`.
    private func resolve(_ ref: String, in root: [String: Any]) -> Any? {
        guard ref.hasPrefix("#/") else { return nil }
        var current: Any = root
        for token in ref.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let object = current as? [String: Any], let next = object[key] else { return nil }
            current = next
        }
        return current
    }
}
