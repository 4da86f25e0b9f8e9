import A11yEngines
import A11yModel
import A11yRules

/// Runs the rules on inline trees after the real decoder and engines (`Tree.analyze`), with
/// the request's own options or changed ones.
package enum RuleFixture {
    /// The run for the request's own options, adjusted by `configure`.
    package static func run(_ json: String, _ configure: (inout AuditOptions) -> Void = { _ in }) throws -> RuleRun {
        let analysis = try Tree.analyze(json)
        var options = analysis.document.options
        configure(&options)
        return try RuleRunner.run(analysis, options: options)
    }

    /// Findings of `rule` alone (selected with `only`).
    package static func findings(_ rule: Rule, _ json: String, _ configure: (inout AuditOptions) -> Void = { _ in }) throws -> [Finding] {
        try run(json) { options in
            options.only = [Located(rule.id, at: "/options/rules/only/0")]
            configure(&options)
        }.findings
    }

    /// JSON Pointers of the findings' nodes.
    package static func pointers(_ rule: Rule, _ json: String) throws -> [String] {
        let analysis = try Tree.analyze(json)
        var options = analysis.document.options
        options.only = [Located(rule.id, at: "/o")]
        return try RuleRunner.run(analysis, options: options).findings.map { analysis.document.pointer(of: $0.node) }
    }
}
