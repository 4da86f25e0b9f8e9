import Testing
@testable import A11yCore

@Suite struct RuleRegistryTests {
    @Test func idsAreUniqueKebabCaseAndDescribed() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.all {
            #expect(rule.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
            #expect(!rule.description.isEmpty && !rule.help.isEmpty, "\(rule.id)")
            // Best practices have no criterion; criteria have a level.
            #expect(rule.wcag.isEmpty == (rule.level == nil), "\(rule.id)")
            #expect(RuleRegistry.rule(id: rule.id)?.id == rule.id)
        }
    }

    @Test func textCatalogueListsEveryRule() {
        let text = RuleCatalogue.text()
        for rule in RuleRegistry.all { #expect(text.contains(rule.id + "\n"), "\(rule.id)") }
        #expect(text.contains("text-contrast\n  WCAG 1.4.3, level AA, impact serious, runs at level AA (default) and AAA"))
        #expect(text.contains("text-contrast-enhanced\n  WCAG 1.4.6, level AAA, impact serious, runs at level AAA only"))
    }

    @Test func readmeCatalogueListsEveryRule() throws {
        let readme = String(decoding: try ReadmeFile.bytes(), as: UTF8.self)
        for rule in RuleRegistry.all {
            #expect(readme.contains("| `\(rule.id)` |"), "README lacks \(rule.id)")
        }
    }
}
