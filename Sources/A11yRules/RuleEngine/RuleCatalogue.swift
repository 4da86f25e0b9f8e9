import A11yJSON
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

    /// `{"rules": [{"id", "wcag", "level", "impact", "description", "help", "helpUrl"?, "enabledByDefault"}]}`;
    /// `level` is null for best practices, which have no `helpUrl` (they cite no criterion).
    public static func json(_ rules: [Rule] = RuleRegistry.all, pretty: Bool = false) -> [UInt8] {
        var w = JSONWriter(pretty: pretty)
        w.beginObject()
        w.key("rules")
        w.beginArray()
        for rule in rules {
            w.beginObject()
            w.key("id"); w.string(rule.id)
            w.key("wcag"); w.beginArray(); for c in rule.wcag { w.string(c) }; w.endArray()
            w.key("level"); w.string(rule.level?.rawValue)
            w.key("impact"); w.string(rule.impact.rawValue)
            w.key("description"); w.string(rule.description)
            w.key("help"); w.string(rule.help)
            if let url = WCAGCriteria.helpURL(rule.wcag) { w.key("helpUrl"); w.string(url) }
            w.key("enabledByDefault"); w.bool(rule.enabledByDefault)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }
}
