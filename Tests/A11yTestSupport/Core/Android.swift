import A11yEngines
import A11yImport
import A11yModel
import A11yRules
import A11yTestSupport

/// Android dumps (`Android.dump`, `Android.node`) through the real importer, engines and rules.
extension Android {
    package static func document(_ xml: String, density: Double? = 1) throws(InputError) -> Document {
        try Array(xml.utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try AndroidImporter.document(raw, density: density) }
        }.get()
    }

    /// The importer's error for `xml`, or nil when it imports.
    package static func failure(_ xml: String, density: Double? = 1) -> InputError? {
        do throws(InputError) { _ = try document(xml, density: density); return nil } catch { return error }
    }

    package static func analysis(_ xml: String, density: Double? = 1) throws -> Analysis {
        try Analyzer.analyze(try document(xml, density: density))
    }

    /// The label of each element, in reading order.
    package static func labels(_ xml: String) throws -> [String] {
        try analysis(xml).elements.map { $0.label ?? "" }
    }

    /// Findings of `rule` alone on a UI Automator dump of `body`, at `density`.
    package static func findings(_ rule: Rule, _ body: String, density: Double = 1) throws -> (findings: [Finding], document: Document) {
        let analysis = try Android.analysis(Android.dump(body), density: density)
        var options = analysis.document.options
        options.only = [Located(rule.id, at: "/o")]
        return (try RuleRunner.run(analysis, options: options).findings, analysis.document)
    }
}
