import A11yModel
/// A registry with what every run would otherwise derive from it again: its ids (as JSON
/// bytes and sort ranks) and the default selection per level. `RuleTable.registry` is a
/// constant built once from `RuleRegistry.all`.
package final class RuleTable: Sendable {
    let rules: [Rule]
    let ids: RuleIDTable
    /// `defaults[i]`: the rules that run by default at `WCAGLevel.allCases[i]`.
    private let defaults: [RuleSet]
    /// The node kinds its rules select nodes by, which each screen's `NodeScan` lists.
    let selectedKinds: [NodeKind]

    init(_ rules: [Rule]) {
        self.rules = rules
        ids = RuleIDTable(rules.map(\.id))
        selectedKinds = RuleInputs.kindsSelected(by: rules)
        defaults = WCAGLevel.allCases.map { level in RuleSet(rules.indices.filter { rules[$0].isDefault(at: level) }) }
    }

    package static let registry = RuleTable(RuleRegistry.all)

    func defaults(at level: WCAGLevel) -> RuleSet {
        switch level { case .A: defaults[0]; case .AA: defaults[1]; case .AAA: defaults[2] }
    }

    /// Defaults for the level, or the preset's rules (or `only`), plus `enable`, minus
    /// `disable`. An explicitly named rule runs whatever its level. Unknown ids and presets
    /// are errors pointing at the option.
    func selection(_ options: AuditOptions) throws(InputError) -> RuleSet {
        // Ids are named rarely and by the handful: a scan of the ids beats hashing them.
        func positions(_ id: Located<String>) throws(InputError) -> RuleSet {
            let found = ids.positions(of: id.value)
            if found.isEmpty { throw RuleTable.unknownRule(id.value, at: id.pointer) }
            return found
        }
        func union(_ list: [Located<String>]) throws(InputError) -> RuleSet {
            var set = RuleSet()
            for id in list { set.formUnion(try positions(id)) }
            return set
        }
        let only = try options.only.map { list throws(InputError) in try union(list) }
        let enable = try union(options.enable), disable = try union(options.disable)
        for s in options.suppressions {
            if let rule = s.rule, ids.positions(of: rule).isEmpty { throw RuleTable.unknownRule(rule, at: s.pointer + "/rule") }
        }
        // What a flag replaced must still name known rules and presets.
        _ = try union(options.replaced.only)
        for name in options.replaced.presets { _ = try presetRules(name) }
        let preset = try options.preset.map { name throws(InputError) in try presetRules(name) }
        var chosen = only ?? preset ?? defaults(at: options.level)
        chosen.formUnion(enable)
        chosen.subtract(disable)
        return chosen
    }

    /// The rules of the preset `name` names (`RulePresets`).
    private func presetRules(_ name: Located<String>) throws(InputError) -> RuleSet {
        guard let preset = RulePresets.preset(named: name.value) else {
            throw InputError(.invalidValue, RulePresets.unknownMessage(name.value), at: name.pointer)
        }
        let held = RulePresets.ids(through: preset.version)
        return RuleSet(rules.indices.filter { held.contains(rules[$0].id) && rules[$0].isWithin(preset.level) })
    }

    private static func unknownRule(_ id: String, at pointer: String) -> InputError {
        InputError(.unknownRule, "Unknown rule id \"\(id)\"; `a11y-audit rules` lists them.", at: pointer)
    }
}
