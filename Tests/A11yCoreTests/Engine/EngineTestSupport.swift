import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel

/// Inline trees go through the real decoder and engines, so tests see what clients see.
enum Tree {
    static func analyze(_ json: String) throws -> Analysis {
        try Analyzer.analyze(try decode(json))
    }

    static func decode(_ json: String, limits: DecodeLimits = .default) throws -> Document {
        let result: Result<Document, InputError> = Array(json.utf8).withUnsafeBytes { bytes in
            do throws(InputError) { return .success(try DocumentDecoder.decode(bytes, limits: limits)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The decoder's error for `json`, or nil when it decodes.
    static func failure(_ json: String, limits: DecodeLimits = .default) -> InputError? {
        do {
            _ = try decode(json, limits: limits)
            return nil
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    /// `"frame": {...}` for inline trees.
    static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        "\"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(width), \"height\": \(height)}"
    }
}

extension Analysis {
    var labels: [String?] { elements.map(\.label) }
    var spoken: [String] { elements.map(\.spoken) }

    /// The element the node with author id `id` is part of.
    func element(_ id: String) -> AccessibilityElement? {
        guard let node = document.indexByID[id], let index = elementOfNode[node] else { return nil }
        return elements[index]
    }

    func node(_ id: String) -> Int {
        guard let node = document.indexByID[id] else { fatalError("no node with id \(id)") }
        return node
    }

    /// JSON Pointers of an element's source nodes, as the response lists them.
    func pointers(_ e: AccessibilityElement) -> [String] { e.nodes.map(document.pointer(of:)) }

    /// Author ids of an element's source nodes.
    func ids(_ e: AccessibilityElement) -> [String?] { e.nodes.map { document.nodes[$0].id } }

    func diagnostics(_ kind: Diagnostic.Kind) -> [Diagnostic] { diagnostics.filter { $0.kind == kind } }
}
