#if canImport(Glibc)
import Glibc
#endif
import A11yCore

/// `a11y-audit audit FILE|DIR|- ... [flags]`: each file is one screen named after it
/// (a batch file may hold several); exit 0 clean, 1 on a violation at or above
/// `--fail-on` (only new ones with a baseline), 2 on bad input or usage.
enum AuditCommand {
    struct Invocation {
        var inputs: [String] = []
        var pretty = false
        var format = OutputFormat.json
        var failOn = FailThreshold.default
        var baseline: String?
        var writeBaseline: String?
        var flags = OptionFlags()
        /// `--input-format`: how to read the inputs (`auto` recognises each from its content).
        var inputFormat = InputFormat.auto
        /// `--density`: Android pixels per dp, instead of the inferred one.
        var density: Double?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error): return usageError(error.message)
        }
        var fileBaseline: Baseline?
        if let path = invocation.baseline {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { return usageError(error.message) }
            switch bytes.withUnsafeBytes({ b in Result { () throws(InputError) in try Baseline.parse(b) } }) {
            case .success(let b): fileBaseline = b
            case .failure(let error): return inputError(path, error)
            }
        }

        let paths = expand(invocation.inputs, format: invocation.inputFormat)
        var screens: [ScreenReport] = []
        var requestFingerprints: [Baseline.Entry]?
        var isBatch = paths.count > 1 || invocation.inputs.contains(where: isDirectory)
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { return usageError(error.message) }
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(InputError) in
                    try AuditRun.run(buffer, format: invocation.inputFormat, density: invocation.density) { invocation.flags.apply(to: &$0) }
                }
            }
            switch result {
            case .success(let run):
                let name = displayName(path)
                isBatch = isBatch || run.isBatch
                screens += run.screens.map { ScreenReport(name: run.isBatch ? "\(name)#\($0.name)" : name, report: $0.report) }
                if let entries = run.baseline?.entries { requestFingerprints = (requestFingerprints ?? []) + entries }
            case .failure(let error):
                return inputError(path, error)
            }
        }

        if let path = invocation.writeBaseline {
            guard FileIO.writeFile(path, Baseline.write(screens: screens)) else { return usageError("cannot write \(path)") }
            // What was just recorded is known: only later runs can have new findings.
            fileBaseline = Baseline(screens: screens)
        }
        let run = AuditRun(screens: screens, isBatch: isBatch,
                           baseline: fileBaseline ?? requestFingerprints.map { Baseline(entries: $0) })
        FileIO.write(run.render(invocation.format, pretty: invocation.pretty, color: FileIO.isTerminal(STDOUT_FILENO)))
        return run.fails(invocation.failOn) ? 1 : 0
    }

    struct UsageError: Error { var message: String }

    static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var inv = Invocation()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--pretty" { inv.pretty = true; i += 1; continue }
            if argument == "-" || !argument.hasPrefix("-") { inv.inputs.append(argument); i += 1; continue }
            guard i + 1 < arguments.count else { return .failure(UsageError(message: "\(argument) needs a value")) }
            let value = arguments[i + 1]
            switch argument {
            case "--format":
                guard let f = OutputFormat(name: value) else {
                    return .failure(UsageError(message: "--format takes json, text, sarif, junit or html"))
                }
                inv.format = f
            case "--fail-on":
                guard let t = FailThreshold(value) else {
                    return .failure(UsageError(message: "--fail-on takes minor, moderate, serious, critical or none"))
                }
                inv.failOn = t
            case "--input-format":
                guard let f = InputFormat(rawValue: value) else {
                    return .failure(UsageError(message: "--input-format takes auto, json, android or ios"))
                }
                inv.inputFormat = f
            case "--density":
                guard let d = Double(value), d.isFinite, d > 0 else {
                    return .failure(UsageError(message: "--density takes a positive number (Android pixels per dp, e.g. 2.625)"))
                }
                inv.density = d
            case "--baseline": inv.baseline = value
            case "--write-baseline": inv.writeBaseline = value
            default:
                if let error = inv.flags.set(argument, value) { return .failure(UsageError(message: error)) }
            }
            i += 2
        }
        guard !inv.inputs.isEmpty else { return .failure(UsageError(message: "audit needs a FILE, a folder, or - for standard input")) }
        return .success(inv)
    }

    /// Folders stand for the `.json` files directly inside them, in name order; with
    /// `--input-format android` or `ios`, for their `.xml` files instead (not under auto, so a
    /// folder of trees that also holds reports in XML audits as before).
    static func expand(_ inputs: [String], format: InputFormat = .json) -> [String] {
        let suffix = format == .android || format == .ios ? ".xml" : ".json"
        return inputs.flatMap { path -> [String] in
            guard isDirectory(path) else { return [path] }
            return FileIO.list(path).filter { $0.hasSuffix(suffix) }.sorted().map { path + "/" + $0 }
        }
    }

    static func isDirectory(_ path: String) -> Bool { path != "-" && FileIO.isDirectory(path) }

    static func displayName(_ path: String) -> String {
        path == "-" ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    }

    static func inputError(_ path: String, _ error: InputError) -> Int32 {
        var place = error.pointer.isEmpty ? "/" : error.pointer
        if let line = error.line, let column = error.column {
            place = (error.pointer.isEmpty ? "" : error.pointer + ", ") + "line \(line), column \(column)"
        }
        FileIO.write("error: \(path): \(error.message) at \(place)\n", to: STDERR_FILENO)
        return 2
    }

    static func usageError(_ message: String) -> Int32 {
        FileIO.write("error: \(message)\n", to: STDERR_FILENO)
        return 2
    }
}
