import Foundation
@testable import A11yCore

/// Screens from real JSON trees run through the real decoder and engines.
enum PipelineFixtures {
    static func screen(_ file: String, name: String? = nil) throws -> ScreenReport {
        let url = ExternalCheck.repository.appendingPathComponent("Tests/A11yCoreTests/Fixtures/Reports/" + file)
        let bytes = [UInt8](try Data(contentsOf: url))
        let report = try bytes.withUnsafeBytes { raw in try Audit.run(json: raw) }
        return ScreenReport(name: name ?? file, report: report)
    }
}

extension PipelineFixtures {
    /// login.json with findings of each impact and outcome plus one suppressed, added by
    /// hand on top of whatever the rules found, so every report path is exercised.
    static func loginWithFindings() throws -> ScreenReport {
        var screen = try screen("login.json")
        let document = screen.report.analysis.document
        func node(_ pointer: String) -> Int { document.nodes.indices.first { document.pointer(of: $0) == pointer }! }
        let back = document.indexByID["back"]!
        screen.report.run.findings += [
            Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
                    message: "Target is 30x30 pt; iOS needs 44x44 pt.", node: back, frame: document.nodes[back].frame),
            Finding(rule: "label-role-word", wcag: ["4.1.2"], level: .A, impact: .minor,
                    message: "Label \"Back button\" repeats the role VoiceOver already says.", node: back),
            Finding(rule: "control-name", wcag: ["4.1.2"], level: .A, impact: .critical,
                    message: "Secure text field has no accessible name.", node: document.indexByID["password"]!),
            Finding(rule: "link-purpose", wcag: ["2.4.4"], level: .A, impact: .moderate,
                    message: "Link text \"More\" does not say where it goes.", node: node("/root/children/3")),
            Finding(rule: "image-name", wcag: ["1.1.1"], level: .A, impact: .critical,
                    message: "Image has no accessible name and is not hidden.", node: node("/root/children/4")),
            Finding(rule: "text-contrast", wcag: ["1.4.3"], level: .AA, impact: .serious, outcome: .incomplete,
                    message: "Text over a gradient: check contrast by eye.", node: document.indexByID["promo"]!),
        ]
        var suppression = Suppression(pointer: "/options/suppress/0")
        suppression.id = "email"
        suppression.reason = "Reviewed with design <2024>"
        screen.report.run.suppressed.append(SuppressedFinding(
            finding: Finding(rule: "duplicate-label", wcag: [], level: nil, impact: .minor,
                             message: "Two fields are called Email.", node: document.indexByID["email"]!),
            suppression: suppression))
        return screen
    }
}
