import Testing
@testable import A11yCore

/// `helpUrl`: the W3C Understanding page of the first criterion a rule or finding cites.
@Suite struct HelpURLTests {
    @Test func firstKnownCriterionGivesTheLink() {
        #expect(WCAGCriteria.helpURL(["1.4.3"]) == "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html")
        #expect(WCAGCriteria.helpURL(["9.9.9", "2.5.8", "1.4.3"]) == "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html")
        #expect(WCAGCriteria.helpURL([]) == nil)
        #expect(WCAGCriteria.helpURL(["9.9.9"]) == nil)
    }

    @Test func catalogueGivesEveryCriterionRuleItsLinkAndBestPracticesNone() {
        let json = String(decoding: RuleCatalogue.json(), as: UTF8.self)
        for rule in RuleRegistry.all {
            let entry = json.split(separator: "{\"id\":\"\(rule.id)\"", maxSplits: 1)[1].prefix { $0 != "}" }
            if let first = rule.wcag.first {
                let slug = WCAGCriteria.criterion(first)!.slug
                #expect(entry.contains("\"helpUrl\":\"https://www.w3.org/WAI/WCAG22/Understanding/\(slug).html\""), "\(rule.id)")
            } else {
                #expect(!entry.contains("helpUrl"), "\(rule.id)")
            }
        }
        #expect(json.contains("\"help\":\"Darken the text or lighten the background (or the reverse). Large text is 18 pt, or 14 pt bold.\",\"helpUrl\":\"https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html\",\"enabledByDefault\":true"))
    }

    @Test func everyJSONFindingCarriesItsRulesLink() throws {
        let screen = try PipelineFixtures.screen("login.json")
        let json = String(decoding: ResponseEncoder.json(screen.report), as: UTF8.self)
        #expect(json.contains("\"rule\":\"text-field-name\",\"wcag\":[\"4.1.2\"],\"helpUrl\":\"https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html\","))
        #expect(json.contains("\"rule\":\"target-size\",\"wcag\":[\"2.5.8\"],\"helpUrl\":\"https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html\","))
        let written = json.components(separatedBy: "\"helpUrl\":").count - 1
        let cited = (screen.report.run.findings + screen.report.run.suppressed.map(\.finding)).filter { !$0.wcag.isEmpty }.count
        #expect(cited > 0 && written == cited)
    }
}
