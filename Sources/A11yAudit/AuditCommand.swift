#if canImport(Glibc)
import Glibc
#endif
import A11yCore

/// `a11y-audit audit FILE|DIR|- ... [flags]`: each file is one screen named after it
/// (a batch file may hold several); exit 0 clean, 1 on a violation at or above
/// `--fail-on`, 2 on bad input or usage.
enum AuditCommand {
    enum Format: String { case json, text }

    struct Invocation {
        var inputs: [String] = []
        var pretty = false
        var format = Format.json
        var failOn = FailThreshold.default
        var flags = OptionFlags()
    }

    static func run(_ arguments: [String]) -> Int32 {
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error): return usageError(error.message)
        }
        var screens: [(name: String, report: AuditReport)] = []
        for path in expand(invocation.inputs) {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { return usageError(error.message) }
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(InputError) in
                    try Audit.runRequest(json: buffer) { invocation.flags.apply(to: &$0) }
                }
            }
            switch result {
            case .success(let reports):
                let name = displayName(path)
                let single = reports.count == 1
                screens += reports.map { (single ? name : "\(name)#\($0.name)", $0.report) }
            case .failure(let error):
                FileIO.write("error: \(path): \(error.message) at \(error.pointer.isEmpty ? "/" : error.pointer)\n", to: STDERR_FILENO)
                return 2
            }
        }
        switch invocation.format {
        case .json:
            FileIO.write(screens.count == 1 && invocation.inputs.count == 1 && !isDirectory(invocation.inputs[0])
                         ? ResponseEncoder.json(screens[0].report, pretty: invocation.pretty)
                         : ResponseEncoder.json(screens: screens, pretty: invocation.pretty))
        case .text:
            FileIO.write(TextReport.render(screens: screens, color: FileIO.isTerminal(STDOUT_FILENO)))
        }
        return screens.contains { $0.report.run.fails(invocation.failOn) } ? 1 : 0
    }

    struct UsageError: Error { var message: String }

    static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var inv = Invocation()
        var i = 0
        func value(_ flag: String) -> String? {
            i += 1
            return i < arguments.count ? arguments[i] : nil
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--pretty": inv.pretty = true
            case "--format":
                guard let v = value(argument), let f = Format(rawValue: v) else {
                    return .failure(UsageError(message: "--format takes json or text"))
                }
                inv.format = f
            case "--fail-on":
                guard let v = value(argument), let t = FailThreshold(v) else {
                    return .failure(UsageError(message: "--fail-on takes minor, moderate, serious, critical or none"))
                }
                inv.failOn = t
            case "-":
                inv.inputs.append(argument)
            default:
                if argument.hasPrefix("-") {
                    guard let v = value(argument) else { return .failure(UsageError(message: "\(argument) needs a value")) }
                    if let error = inv.flags.set(argument, v) { return .failure(UsageError(message: error)) }
                } else {
                    inv.inputs.append(argument)
                }
            }
            i += 1
        }
        guard !inv.inputs.isEmpty else { return .failure(UsageError(message: "audit needs a FILE, a folder, or - for standard input")) }
        return .success(inv)
    }

    /// Folders stand for the `.json` files directly inside them, in name order.
    static func expand(_ inputs: [String]) -> [String] {
        inputs.flatMap { path -> [String] in
            guard isDirectory(path) else { return [path] }
            return FileIO.list(path).filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
        }
    }

    static func isDirectory(_ path: String) -> Bool { path != "-" && FileIO.isDirectory(path) }

    static func displayName(_ path: String) -> String {
        path == "-" ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    }

    static func usageError(_ message: String) -> Int32 {
        FileIO.write("error: \(message)\n", to: STDERR_FILENO)
        return 2
    }
}
