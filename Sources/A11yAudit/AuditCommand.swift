#if canImport(Glibc)
import Glibc
#endif
import A11yCore

/// `a11y-audit audit FILE|DIR|- ... [flags]`: each file is one screen named after it
/// (a batch file may hold several); exit 0 clean, 1 on a violation at or above
/// `--fail-on` (only new ones with a baseline), 2 on bad input or usage, or when the output or
/// the baseline cannot be written (a report cut short must not pass a pipeline).
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
        if Usage.asked(arguments) { return Usage.help() }
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error): return Usage.error(error.message, usage: true)
        }
        var fileBaseline: Baseline?
        if let path = invocation.baseline {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { return Usage.error(error.message) }
            switch bytes.withUnsafeBytes({ b in Result { () throws(InputError) in try Baseline.parse(b) } }) {
            case .success(let b): fileBaseline = b
            case .failure(let error): return inputError(path, error)
            }
        }

        let paths: [FileIO.Path]
        do { paths = try expand(invocation.inputs, format: invocation.inputFormat) } catch { return Usage.error(error.message) }
        var screens: [ScreenReport] = []
        var requestFingerprints: [Baseline.Entry]?
        var isBatch = paths.count > 1 || invocation.inputs.contains(where: isDirectory)
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { return Usage.error(error.message) }
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(InputError) in
                    try AuditRun.run(buffer, format: invocation.inputFormat, density: invocation.density) { invocation.flags.apply(to: &$0) }
                }
            }
            switch result {
            case .success(let run):
                let name = displayName(path.text)
                isBatch = isBatch || run.isBatch
                screens += run.screens.map { ScreenReport(name: run.isBatch ? "\(name)#\($0.name)" : name, report: $0.report) }
                if let entries = run.baseline?.entries { requestFingerprints = (requestFingerprints ?? []) + entries }
            case .failure(let error):
                return inputError(path.text, error)
            }
        }

        if let path = invocation.writeBaseline {
            do { try FileIO.writeFile(path, Baseline.write(screens: screens)) } catch { return Usage.error(error.message) }
            // What was just recorded is known: only later runs can have new findings.
            fileBaseline = Baseline(screens: screens)
        }
        let run = AuditRun(screens: screens, isBatch: isBatch,
                           baseline: fileBaseline ?? requestFingerprints.map { Baseline(entries: $0) })
        let terminal = FileIO.isTerminal(STDOUT_FILENO)
        var output = run.render(invocation.format, pretty: invocation.pretty, color: terminal)
        // Someone reading JSON, SARIF, JUnit or HTML on a terminal gets the same document with
        // bidi and C1 controls as the format's escapes; files and pipes get it byte for byte.
        switch invocation.format {
        case _ where !terminal, .text: break
        case .json, .report(.sarif): output = TerminalText.escapeDocument(output, .json)
        case .report(.junit), .report(.html): output = TerminalText.escapeDocument(output, .markup)
        }
        if let error = FileIO.write(output) { return Usage.error("cannot write standard output: \(error)") }
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
                    return .failure(UsageError(message: "--input-format takes auto, json, android, ios or figma"))
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

    /// Folders stand for the `.json` files directly inside them, in name order (by bytes, so
    /// the order does not depend on the locale); with `--input-format android` or `ios`, for
    /// their `.xml` files instead (not under auto, so a folder of trees that also holds reports
    /// in XML audits as before). A name that is not UTF-8 is opened by its bytes and shown
    /// with U+FFFD where they do not decode.
    static func expand(_ inputs: [String], format: InputFormat = .json) throws(FileIO.Failure) -> [FileIO.Path] {
        let suffix = Array((format == .android || format == .ios ? ".xml" : ".json").utf8)
        var paths: [FileIO.Path] = []
        for input in inputs {
            guard isDirectory(input) else { paths.append(FileIO.Path(input)); continue }
            let folder = FileIO.Path(input)
            let files = try FileIO.list(input).filter { $0.bytes.ends(with: suffix) }
            paths += files.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }.map { folder.appending($0) }
        }
        return paths
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
        return Usage.error("\(path): \(error.message) at \(place)")
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
