import A11yCore
import A11yEngines
import A11yModel
import A11yReports
import A11yTestSupport

/// Inline trees (our JSON request format) through the real decoder, engines and audit, so
/// tests see what clients see.
package enum Tree {
    package static func analyze(_ json: String) throws -> Analysis {
        try Analyzer.analyze(try decode(json))
    }

    package static func decode(_ json: String, limits: DecodeLimits = .default) throws -> Document {
        try decoded(json, limits: limits).get()
    }

    /// The decoder's error for `json`, or nil when it decodes.
    package static func failure(_ json: String, limits: DecodeLimits = .default) -> InputError? {
        switch decoded(json, limits: limits) {
        case .success: return nil
        case .failure(let error): return error
        }
    }

    private static func decoded(_ json: String, limits: DecodeLimits) -> Result<Document, InputError> {
        Array(json.utf8).withUnsafeBytes { bytes in
            Result { () throws(InputError) in try DocumentDecoder.decode(bytes, limits: limits) }
        }
    }

    /// `"frame": {...}` for inline trees.
    package static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        InlineTree.frame(x, y, width, height)
    }

    /// The request `bytes` (any input format) through the one audit entry point, `Audit.run`,
    /// as a front end sends them.
    package static func audit(_ bytes: [UInt8], _ settings: AuditSettings = AuditSettings(),
                              interrupt: AuditInterrupt = .never) -> Result<AuditRun, InputError> {
        bytes.withUnsafeBytes { raw in Result { () throws(InputError) in try Audit.run(raw, settings, interrupt: interrupt) } }
    }

    package static func audit(_ text: String, _ settings: AuditSettings = AuditSettings(),
                              interrupt: AuditInterrupt = .never) -> Result<AuditRun, InputError> {
        audit(Array(text.utf8), settings, interrupt: interrupt)
    }

    /// The report of the one screen of a request.
    package static func report(_ bytes: [UInt8], _ settings: AuditSettings = AuditSettings()) throws -> AuditReport {
        try audit(bytes, settings).get().screens[0].report
    }

    package static func report(_ text: String, _ settings: AuditSettings = AuditSettings()) throws -> AuditReport {
        try report(Array(text.utf8), settings)
    }

    /// The one screen of a request, audited, under `name` (a file's or a batch entry's).
    package static func screen(_ bytes: [UInt8], name: String, _ settings: AuditSettings = AuditSettings()) throws -> ScreenReport {
        ScreenReport(name: name, report: try report(bytes, settings))
    }

    package static func screen(_ text: String, name: String, _ settings: AuditSettings = AuditSettings()) throws -> ScreenReport {
        try screen(Array(text.utf8), name: name, settings)
    }

    /// What a screen reader says for each element of `json`, in reading order.
    package static func said(_ json: String) throws -> [Said] {
        try analyze(json).elements.said
    }
}

extension Sequence where Element == AccessibilityElement {
    /// What a screen reader says for each of these elements, in order.
    package var said: [Said] { map { Said($0.spoken, $0.spokenHint) } }
}
