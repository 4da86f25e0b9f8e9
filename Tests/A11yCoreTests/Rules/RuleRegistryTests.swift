import Testing
@testable import A11yCore
import A11yJSON
@testable import A11yRules

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

    typealias Entry = (id: String, level: String?, wcag: Int)

    /// (id, level or null, wcag count) of every rule, read with the project's own JSON reader.
    static func entries(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> [Entry] {
        var r = JSONReader(bytes)
        var read: [Entry] = []
        try r.beginObject()
        guard try r.nextKey() == "rules" else { return [] }
        try r.beginArray()
        while try r.nextElement() {
            var entry: Entry = ("", nil, 0)
            try r.beginObject()
            while let key = try r.nextKey() {
                switch key {
                case "id": entry.id = try r.readString()
                case "level": if try r.peek() == .null { try r.readNull() } else { entry.level = try r.readString() }
                case "wcag":
                    try r.beginArray()
                    while try r.nextElement() { _ = try r.readString(); entry.wcag += 1 }
                default: try r.skipValue()
                }
            }
            read.append(entry)
        }
        return read
    }

    @Test func jsonCatalogueReadsBackRuleByRule() throws {
        let result: Result<[Entry], JSONSyntaxError> = RuleCatalogue.json(pretty: true).withUnsafeBytes { bytes in
            do throws(JSONSyntaxError) { return .success(try Self.entries(bytes)) } catch { return .failure(error) }
        }
        let read = try result.get()
        #expect(read.map(\.id) == RuleRegistry.all.map(\.id))
        #expect(read.map(\.level) == RuleRegistry.all.map { $0.level?.rawValue })
        #expect(read.map(\.wcag) == RuleRegistry.all.map(\.wcag.count))
    }

    @Test func readmeCatalogueListsEveryRule() throws {
        let readme = String(decoding: try ReadmeFile.bytes(), as: UTF8.self)
        for rule in RuleRegistry.all {
            #expect(readme.contains("| `\(rule.id)` |"), "README lacks \(rule.id)")
        }
    }
}
