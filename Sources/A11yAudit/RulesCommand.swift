import A11yCore
#if canImport(Glibc)
import Glibc
#endif
import A11yRules

/// `a11y-audit rules [--format text|json]`
enum RulesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        if Usage.asked(arguments) { return Usage.help() }
        let bytes: [UInt8]
        switch arguments {
        case [], ["--format", "text"]: bytes = Array(RuleCatalogue.text().utf8)
        case ["--format", "json"]: bytes = RuleCatalogue.json(pretty: true) + [0x0A]
        default: return Usage.error("rules takes [--format text|json]", usage: true)
        }
        if let error = FileIO.write(bytes) { return Usage.error("cannot write standard output: \(error)") }
        return 0
    }
}
