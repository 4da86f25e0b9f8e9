#if canImport(Glibc)
import Glibc
#endif
import A11yCore

// a11y-audit: audit a UI tree from the command line, or serve the same audit over HTTP.
let usage = """
usage: a11y-audit audit FILE|- [--pretty]
       a11y-audit serve [options]      (see README: Server)
       a11y-audit --help

Exit codes: 0 success, 2 bad input or usage.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileIO.write(usage + "\n", to: STDERR_FILENO)
    exit(2)
}
arguments.removeFirst()
switch command {
case "audit": exit(AuditCommand.run(arguments))
case "-h", "--help", "help": FileIO.write(usage + "\n"); exit(0)
default:
    FileIO.write("error: unknown command \"\(command)\"\n\(usage)\n", to: STDERR_FILENO)
    exit(2)
}
