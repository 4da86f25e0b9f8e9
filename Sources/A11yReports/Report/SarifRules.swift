import A11yJSON
import A11yModel
import A11yRules
/// The driver's rule descriptors and the `WCAG` taxonomy they relate to.
struct SarifRules: Sendable {
    struct Descriptor {
        var id: String
        var description: String
        var help: String
        var wcag: [String]
        var level: WCAGLevel?
        var impact: Impact
        var enabled: Bool
        /// The help is a finding's message (a rule missing from the catalogue), which may quote
        /// request text: it is escaped as a plain-text message and as markdown.
        var helpQuotesRequest = false
    }

    var descriptors: [Descriptor] = []
    /// Rule id -> index in `descriptors` (SARIF `ruleIndex`).
    var index: [String: Int] = [:]
    /// Criteria cited by any rule or finding, in catalogue order; their taxa indices.
    var criteria: [String] = []
    var criterionIndex: [String: Int] = [:]

    /// The catalogue, plus any rule a finding names that the catalogue lacks (so every
    /// result's `ruleId` resolves).
    init(catalogue: [Rule], screens: [ScreenReport]) {
        for rule in catalogue {
            add(Descriptor(id: rule.id, description: rule.description, help: rule.help, wcag: rule.wcag,
                           level: rule.level, impact: rule.impact, enabled: rule.enabledByDefault))
        }
        for screen in screens { add(findingsOf: screen) }
    }

    /// Rules and criteria a screen's findings name that are not listed yet.
    mutating func add(findingsOf screen: ScreenReport) {
        for finding in screen.report.run.findings + screen.report.run.suppressed.map(\.finding) {
            if index[finding.rule] == nil {
                add(Descriptor(id: finding.rule, description: finding.rule, help: finding.message, wcag: finding.wcag,
                               level: finding.level, impact: finding.impact, enabled: true, helpQuotesRequest: true))
            }
            for number in finding.wcag { cite(number) }
        }
    }

    private mutating func add(_ descriptor: Descriptor) {
        index[descriptor.id] = descriptors.count
        descriptors.append(descriptor)
        for number in descriptor.wcag { cite(number) }
    }

    private mutating func cite(_ number: String) {
        guard criterionIndex[number] == nil else { return }
        criterionIndex[number] = criteria.count
        criteria.append(number)
    }

    /// critical and serious block (error), moderate warns, minor is a note.
    static func level(_ impact: Impact) -> String {
        switch impact {
        case .critical, .serious: "error"
        case .moderate: "warning"
        case .minor: "note"
        }
    }

    /// `target-size` -> `TargetSize` (SARIF `name` is a readable identifier).
    static func name(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func criteriaText(_ wcag: [String], level: WCAGLevel?) -> String {
        guard !wcag.isEmpty else { return "Best practice (no WCAG success criterion)." }
        let names = wcag.map { number in
            WCAGCriteria.criterion(number).map { "\(number) \($0.title)" } ?? number
        }
        return "WCAG " + names.joined(separator: ", ") + (level.map { ", level \($0.rawValue)" } ?? "") + "."
    }

    func write(_ rule: Descriptor, to json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(rule.id)
        json.key("name"); json.string(SarifRules.name(rule.id))
        json.key("shortDescription"); json.beginObject(); json.key("text"); json.string(rule.description); json.endObject()
        json.key("fullDescription"); json.beginObject()
        json.key("text"); json.string(rule.description + " " + SarifRules.criteriaText(rule.wcag, level: rule.level))
        json.endObject()
        let links = rule.wcag.compactMap(WCAGCriteria.criterion)
        json.key("help"); json.beginObject()
        json.key("text"); json.string(rule.helpQuotesRequest ? SarifMessage.text(rule.help) : rule.help)
        json.key("markdown")
        json.string((rule.helpQuotesRequest ? SarifMessage.markdown(rule.help) : rule.help) + links.map { "\n\n- [WCAG \($0.number) \($0.title)](\($0.understandingURI))" }.joined())
        json.endObject()
        if let first = links.first { json.key("helpUri"); json.string(first.understandingURI) }
        json.key("defaultConfiguration"); json.beginObject()
        json.key("enabled"); json.bool(rule.enabled)
        json.key("level"); json.string(SarifRules.level(rule.impact))
        json.endObject()
        if !rule.wcag.isEmpty {
            json.key("relationships"); json.beginArray()
            for number in rule.wcag {
                json.beginObject()
                json.key("target"); writeTaxonReference(number, to: &json)
                json.key("kinds"); json.beginArray(); json.string("relevant"); json.endArray()
                json.endObject()
            }
            json.endArray()
        }
        json.key("properties"); json.beginObject()
        json.key("tags"); json.beginArray()
        json.string("accessibility")
        for number in rule.wcag { json.string("wcag-" + number) }
        json.string(rule.level.map { "wcag-level-" + $0.rawValue } ?? "best-practice")
        json.endArray()
        json.key("impact"); json.string(rule.impact.rawValue)
        json.key("wcagLevel"); json.string(rule.level?.rawValue)
        json.endObject()
        json.endObject()
    }

    func writeTaxonReference(_ number: String, to json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(number)
        if let i = criterionIndex[number] { json.key("index"); json.int(i) }
        json.key("toolComponent"); json.beginObject()
        json.key("name"); json.string("WCAG"); json.key("index"); json.int(0)
        json.endObject()
        json.endObject()
    }

    func writeTaxonomy(to json: inout JSONWriter) {
        json.beginObject()
        json.key("name"); json.string("WCAG")
        json.key("version"); json.string("2.2")
        json.key("organization"); json.string("W3C")
        json.key("informationUri"); json.string(WCAGCriteria.informationURI)
        json.key("shortDescription"); json.beginObject()
        json.key("text"); json.string("Web Content Accessibility Guidelines (WCAG) 2.2 success criteria")
        json.endObject()
        json.key("taxa"); json.beginArray()
        for number in criteria {
            let criterion = WCAGCriteria.criterion(number)
            json.beginObject()
            json.key("id"); json.string(number)
            if let criterion {
                json.key("name"); json.string(criterion.title)
                json.key("shortDescription"); json.beginObject()
                json.key("text"); json.string("\(number) \(criterion.title) (level \(criterion.level.rawValue))")
                json.endObject()
                json.key("helpUri"); json.string(criterion.understandingURI)
                json.key("properties"); json.beginObject(); json.key("level"); json.string(criterion.level.rawValue); json.endObject()
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
