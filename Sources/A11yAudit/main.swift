#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yService

// a11y-audit: audit UI trees from the command line, or serve the same audit over HTTP.
let usage = """
usage: a11y-audit audit FILE|DIR|- ... [options]   audit trees (a folder: every .json in it)
       a11y-audit rules [--format text|json]        list the rule catalogue
       a11y-audit serve [options]                   run the HTTP service (see README: Server)

audit options:
  --format FORMAT             json (default), text (grouped by element), sarif, junit, html
  --pretty                    indent JSON
  --input-format auto|json|android|ios
                              how to read inputs (default auto: XML is an Android UI Automator /
                              Appium dump or an XCUITest page source, anything else our JSON
                              tree; with android or ios a folder means its .xml files)
  --density D                 Android pixels per dp (e.g. 2.625); default: inferred (README: Importing)
  --baseline FILE             compare with a baseline: only new findings fail
  --write-baseline FILE       record the current findings as the baseline
  --fail-on minor|moderate|serious|critical|none
                              exit 1 when a violation at or above this impact remains (default serious)
\(OptionFlags.help)

Exit codes: 0 no failing violation, 1 failing violation, 2 bad input or usage.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileIO.write(usage + "\n", to: STDERR_FILENO)
    exit(2)
}
arguments.removeFirst()
switch command {
case "audit": exit(AuditCommand.run(arguments))
case "rules": exit(RulesCommand.run(arguments))
case "serve": exit(serveCommand(arguments: arguments, environment: processEnvironment()))
case "-h", "--help", "help": FileIO.write(usage + "\n"); exit(0)
default:
    FileIO.write("error: unknown command \"\(command)\"\n\(usage)\n", to: STDERR_FILENO)
    exit(2)
}
