import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
import A11yReports
import A11yTestSupport

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
        InlineTree.frame(x, y, width, height)
    }

    /// The request `bytes` through the one audit entry point, `Audit.run`, as a front end sends them.
    static func audit(_ bytes: [UInt8], _ settings: AuditSettings = AuditSettings(),
                      interrupt: AuditInterrupt = .never) -> Result<AuditRun, InputError> {
        bytes.withUnsafeBytes { raw in Result { () throws(InputError) in try Audit.run(raw, settings, interrupt: interrupt) } }
    }

    static func audit(_ json: String, _ settings: AuditSettings = AuditSettings(),
                      interrupt: AuditInterrupt = .never) -> Result<AuditRun, InputError> {
        audit(Array(json.utf8), settings, interrupt: interrupt)
    }

    /// The report of the one screen of a request.
    static func report(_ bytes: [UInt8], _ settings: AuditSettings = AuditSettings()) throws -> AuditReport {
        try audit(bytes, settings).get().screens[0].report
    }

    static func report(_ json: String, _ settings: AuditSettings = AuditSettings()) throws -> AuditReport {
        try report(Array(json.utf8), settings)
    }

    /// What a screen reader says for each element of `json`, in reading order.
    static func said(_ json: String) throws -> [Said] {
        try analyze(json).elements.map { Said($0.spoken, $0.spokenHint) }
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
