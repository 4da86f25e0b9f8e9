import Testing
@testable import A11yCore
@testable import A11yReports
@testable import A11yRules
import A11yTestSupport
import A11yCoreTestSupport

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

/// Help in the words of the input's platform, and the HTML report grouped by rule.
@Suite struct PlatformHelpAndHTMLGroupsTests {
    @Test func helpIsWordedForTheDocumentsPlatform() throws {
        let image = try #require(RuleRegistry.rule(id: "image-name"))
        #expect(PlatformHelp.help(image, for: .ios) == image.help)
        let android = PlatformHelp.help(image, for: .android)
        #expect(android.contains("contentDescription") && android.contains("importantForAccessibility"))
        let scaling = try #require(RuleRegistry.rule(id: "text-scaling"))
        #expect(PlatformHelp.help(scaling, for: .android).contains(" sp "))
        #expect(PlatformHelp.help(scaling, for: .web).contains("rem"))
        // No iOS API in any other audience's words, for every rule that has variants.
        let iosWords = ["accessibilityHidden", "UIFontMetrics", "accessibilityLabel", "accessibilityAddTraits", "accessibilityIdentifier", "@ScaledMetric"]
        for (id, variants) in PlatformHelp.variants {
            #expect(RuleRegistry.rule(id: id) != nil, "\(id)")
            for audience in [Audience.android, .web, .design] {
                let text = try #require(variants[audience], "\(id) \(audience)")
                #expect(!iosWords.contains { text.contains($0) }, "\(id) \(audience): \(text)")
            }
        }
        // An Android dump is spoken to in Android's words.
        let dump = try Android.document(Android.dump(Android.node()))
        #expect(Audience(dump) == .android)
        #expect(PlatformHelp.help(image, in: dump) == android)
    }

    @Test func htmlGroupsFindingsByRuleWithCountsLinksAndHelp() throws {
        let screen = try PipelineFixtures.screen("login.json")
        let html = String(decoding: HTMLReport.render(screens: [screen]), as: UTF8.self)
        let run = screen.report.run
        var order: [String] = []
        for f in run.findings where !order.contains(f.rule) { order.append(f.rule) }
        let headings = html.matches(of: /<h4 id="screen-1-rule-(\d+)"><code>([^<]*)<\/code>: (\d+) findings? \(([^)]*)\)<\/h4>/)
        #expect(headings.map { String($0.2) } == order)
        for (heading, rule) in zip(headings, order) {
            #expect(Int(heading.3) == run.findings.count { $0.rule == rule })
        }
        #expect(html.contains("<h4 id=\"screen-1-rule-2\"><code>target-size</code>: 2 findings (2 serious)</h4>\n<p class=\"rule-help\"><a href=\"https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html\">WCAG 2.5.8 Target Size (Minimum)</a>. Fix: Enlarge the hit area"))
        #expect(html.components(separatedBy: "<table>").count - 1 == order.count + (run.suppressed.isEmpty ? 0 : 1) + 1)
    }
}
