import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yOptions
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// Presets: named, versioned sets of rules on by default (ATF's versioned presets), so a
/// pipeline pinned to one does not start failing when a rule is added.
@Suite struct RulePresetTests {
    let screen = InlineTree.screen(#"{"type": "button", "label": "Buy", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}}"#)

    func run(_ configure: (inout AuditOptions) -> Void, rules: [Rule] = RuleRegistry.all) throws -> RuleRun {
        let analysis = try Tree.analyze(screen)
        var options = analysis.document.options
        configure(&options)
        return try RuleRunner.run(analysis, options: options, rules: rules)
    }

    @Test func theLatestPresetOfEachLevelIsTheDefault() throws {
        for (name, level) in [("wcag22-a", WCAGLevel.A), ("wcag22-aa", .AA), ("wcag22-aaa", .AAA)] {
            let byLevel = try run { $0.level = level }
            let latest = try run { $0.preset = Located(name, at: "/p") }
            let pinned = try run { $0.preset = Located("\(name)@\(RulePresets.latest)", at: "/p") }
            #expect(byLevel.rulesRun == latest.rulesRun && latest.rulesRun == pinned.rulesRun, "\(name)")
            #expect(!latest.rulesRun.contains("label-in-name"))
        }
        #expect(try run { $0.preset = Located("wcag22-aa@1", at: "/p") }.rulesRun.contains("target-size"))
        #expect(try !run { $0.preset = Located("wcag22-a@1", at: "/p") }.rulesRun.contains("target-size"))
        #expect(try run { $0.preset = Located("wcag22-aaa@1", at: "/p") }.rulesRun.contains("target-size-enhanced"))
    }

    @Test func aPinnedPresetLeavesARuleAddedLaterOff() throws {
        // A registry that grew a rule no version holds yet: it runs by default, not under the pin.
        let added = Rule(id: "added-later", wcag: [], level: nil, impact: .minor, description: "", help: "") { _ in [] }
        let registry = RuleRegistry.all + [added]
        #expect(try run({ _ in }, rules: registry).rulesRun.contains("added-later"))
        let pinned = try run({ $0.preset = Located("wcag22-aa@1", at: "/p") }, rules: registry)
        #expect(!pinned.rulesRun.contains("added-later") && pinned.rulesRun.contains("image-name"))
        // enable, disable and only apply over the preset as over the defaults.
        let enabled = try run { $0.preset = Located("wcag22-aa@1", at: "/p"); $0.enable = [Located("label-in-name", at: "/e")]
                                $0.disable = [Located("target-size", at: "/d")] }
        #expect(enabled.rulesRun.contains("label-in-name") && !enabled.rulesRun.contains("target-size"))
    }

    /// A flag or query parameter replaces the tree's preset or `only`, but what it replaced
    /// is still checked: an unknown name in the request is refused whatever replaces it.
    @Test func whatAFlagReplacesIsStillChecked() throws {
        for (options, pointer) in [(#"{"rules": {"preset": ""}}"#, "/options/rules/preset"),
                                   (#"{"rules": {"only": ["no-such-rule"]}}"#, "/options/rules/only/0")] {
            var settings = AuditSettings()
            settings.options.preset = Located("wcag22-a", at: "preset")
            settings.options.only = [Located("image-name", at: "--only")]
            switch Tree.audit(InlineTree.screen(options: options), settings) {
            case .success: Issue.record("\(options) was accepted")
            case .failure(let error): #expect(error.pointer == pointer, "\(options)")
            }
        }
        // Known names replaced: the flag's win.
        var settings = AuditSettings()
        settings.options.only = [Located("image-name", at: "--only")]
        let run = try Tree.audit(InlineTree.screen(options: #"{"rules": {"only": ["control-name"]}}"#), settings).get()
        #expect(run.screens[0].report.run.rulesRun == ["image-name"])
    }

    @Test func anUnknownPresetIsRefusedWithItsPointer() throws {
        for name in ["wcag21-aa", "wcag22-aa@0", "wcag22-aa@01", "wcag22-aa@\(RulePresets.latest + 1)", "wcag22-aa@", "WCAG22-AA", ""] {
            #expect(RulePresets.preset(named: name) == nil, "\(name)")
            #expect(throws: InputError.self) { try run { $0.preset = Located(name, at: "/options/rules/preset") } }
        }
        do {
            _ = try RuleFixture.run(InlineTree.screen(options: #"{"rules": {"preset": "wcag9"}}"#))
            Issue.record("an unknown preset was accepted")
        } catch let error as InputError {
            #expect(error.pointer == "/options/rules/preset")
            #expect(error.message.contains("wcag22-aa@1"))
        }
        var settings = FrontEndSettings()
        #expect(throws: AuditParameterError.self) { try AuditParameter.flag("--preset")!.read("wcag22-xl", as: "--preset", into: &settings) }
        try AuditParameter.query("preset")!.read("wcag22-a@1", as: "preset", into: &settings)
        #expect(settings.audit.options.preset?.value == "wcag22-a@1")
    }

    @Test func theCatalogueSaysWhichRulesThePresetsHold() {
        let latest = RulePresets.ids(through: RulePresets.latest)
        for rule in RuleRegistry.all { #expect(rule.enabledByDefault == latest.contains(rule.id), "\(rule.id)") }
        #expect(Rule.labelInName.id == "label-in-name" && !RuleRegistry.rule(id: "label-in-name")!.enabledByDefault)
        // Every id a version holds is a rule of the registry.
        for id in RulePresets.versions.joined() { #expect(RuleRegistry.rule(id: id) != nil, "\(id)") }
    }
}
