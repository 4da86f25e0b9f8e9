import A11yCore
#if canImport(Glibc)
import Glibc
#endif

/// `a11y-audit rules [--format text|json]`
enum RulesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        switch arguments {
        case [], ["--format", "text"]: FileIO.write(RuleCatalogue.text())
        case ["--format", "json"]: FileIO.write(RuleCatalogue.json(pretty: true) + [0x0A])
        default: return AuditCommand.usageError("rules takes [--format text|json]")
        }
        return 0
    }
}
