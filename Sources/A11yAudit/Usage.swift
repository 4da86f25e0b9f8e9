#if canImport(Glibc)
import Glibc
#endif
import A11yCore

/// What the CLI tells people: the usage text and its one-line errors on standard error.
enum Usage {
    static let text = """
    usage: a11y-audit audit FILE|DIR|- ... [options]   audit trees (a folder: every .json below it)
           a11y-audit rules [--format text|json]        list the rule catalogue
           a11y-audit serve [options]                   run the HTTP service (see README: Server)

    audit options:
      --format FORMAT             json (default), text (grouped by element), sarif, junit, html
      --pretty                    indent JSON
      --input-format auto|json|android|ios|figma
                                  how to read inputs (default auto: XML is an Android UI Automator /
                                  Appium dump or an XCUITest page source, JSON with a top-level
                                  "document" or "nodes" a Figma REST response (a screen per frame),
                                  anything else our JSON tree; with android or ios a folder means
                                  its .xml files)
      --density D                 Android pixels per dp (e.g. 2.625); default: inferred (README: Importing)
      --baseline FILE             compare with a baseline: only new findings fail
      --write-baseline FILE       record the current findings as the baseline
      --jobs N                    threads auditing several files, 1 to 1024 (default: the cores online)
      --fail-on minor|moderate|serious|critical|none
                                  exit 1 when a violation at or above this impact remains (default serious)
    \(OptionFlags.help)
      --help                      print this text

    Exit codes: 0 no failing violation, 1 failing violation, 2 bad input or usage, or output that cannot be written.
    """

    /// Whether the arguments ask for help: `--help` or `-h` anywhere wins over everything else.
    static func asked(_ arguments: [String]) -> Bool { arguments.contains("--help") || arguments.contains("-h") }

    /// Prints the usage on standard output (asked for, so it is the output) and succeeds.
    static func help() -> Int32 {
        FileIO.write(text + "\n")
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
