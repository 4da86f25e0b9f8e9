/// The rule catalogue for `a11y-audit rules`.
public enum RuleCatalogue {
    /// One block per rule: id, criteria / level / impact / default, description, help.
    public static func text(_ rules: [Rule] = RuleRegistry.all) -> String {
        var out = ""
        for rule in rules {
            let criteria = rule.wcag.isEmpty ? "best practice" : "WCAG " + rule.wcag.joined(separator: ", ")
            let level = rule.level.map { "level \($0.rawValue)" } ?? "no level"
            out += "\(rule.id)\n"
            out += "  \(criteria), \(level), impact \(rule.impact.rawValue), \(defaultText(rule))\n"
            out += "  \(rule.description)\n"
            out += "  Fix: \(rule.help)\n\n"
        }
        return out
    }

    /// When the rule runs without being named in `rules.enable`.
    static func defaultText(_ rule: Rule) -> String {
        guard rule.enabledByDefault else { return "off unless enabled" }
        switch rule.level {
        case nil, .A?: return "runs at every level"
        case .AA?: return "runs at level AA (default) and AAA"
        case .AAA?: return "runs at level AAA only"
        }
    }
}
