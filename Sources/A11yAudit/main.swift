#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yService

// a11y-audit: audit UI trees from the command line, or serve the same audit over HTTP.
var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileIO.write(Usage.text + "\n", to: STDERR_FILENO)
    exit(2)
}
arguments.removeFirst()
switch command {
case "audit": exit(AuditCommand.run(arguments))
case "rules": exit(RulesCommand.run(arguments))
case "serve": exit(serveCommand(arguments: arguments, environment: processEnvironment()))
case "-h", "--help", "help": exit(Usage.help())
case "--version", "version": exit(Usage.version())
default: exit(Usage.error("unknown command \"\(command)\"", usage: true))
}
