#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yReports

/// What the CLI tells people: the usage text and its one-line errors on standard error.
enum Usage {
    static let text = """
    usage: a11y-audit audit FILE|DIR|- ... [options]   audit inputs (a folder: its .json and .xml files)
           a11y-audit rules [--format text|json]        list the rule catalogue
           a11y-audit serve [options]                   run the HTTP service (see docs/server.md)
           a11y-audit --version                         print the version

    audit options:
    \(AuditFlag.usage)
    Exit codes: 0 no failing violation, 1 failing violation, 2 bad input or usage, or output that cannot be written.
    """

    /// Whether the arguments ask for help: `--help` or `-h` anywhere wins over everything else.
    static func asked(_ arguments: [String]) -> Bool { arguments.contains("--help") || arguments.contains("-h") }

    /// Prints the usage on standard output (asked for, so it is the output) and succeeds.
    static func help() -> Int32 {
        FileIO.write(text + "\n")
        return 0
    }

    /// `a11y-audit X.Y.Z` on standard output (`A11yAuditVersion`).
    static func version() -> Int32 {
        FileIO.write("a11y-audit \(A11yAuditVersion.current)\n")
        return 0
    }

    /// `error: MESSAGE` on standard error, exit 2. The message quotes arguments, file names and
    /// request text, so it is escaped for the terminal as a whole (our own words have nothing
    /// to escape); with `usage`, the usage text follows.
    static func error(_ message: String, usage: Bool = false) -> Int32 {
        FileIO.write("error: \(TerminalText.escape(message))\n" + (usage ? "\n" + text + "\n" : ""), to: STDERR_FILENO)
        return 2
    }
}
