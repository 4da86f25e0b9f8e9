#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yService
import A11yImport
import A11yModel
import A11yOptions
import A11yReports

/// `a11y-audit audit FILE|DIR|- ... [flags]`: each file is one screen named by its path
/// (`InputFiles`; a batch file may hold several); one file is audited and written whole,
/// several stream (`BatchCommand`); exit 0 clean, 1 on a violation at or above
/// `--fail-on` (only new ones with a baseline), 2 on bad input or usage, or when the output or
/// the baseline cannot be written (a report cut short must not pass a pipeline).
enum AuditCommand {
    struct Invocation {
        var inputs: [String] = []
        /// What the core's per-audit parameters set: formats, density, `--fail-on`, options.
        var settings = FrontEndSettings()
        var baseline: String?
        var writeBaseline: String?
        /// `--screenshot`: a PNG of the one input's screen.
        var screenshot: String?
        /// Threads auditing a batch: the cores this machine has online.
        var jobs = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        /// The largest file (or standard input) read: the service's request body limit by
        /// default, so what the CLI audits the service would take too.
        var maxInputBytes = ServiceConfiguration().server.limits.maxBodyBytes
        /// `--output FORMAT=FILE`, in the order given.
        var outputs: [ReportOutput] = []
        /// `-o FILE`: the `--format` report.
        var outputFile: String?

        /// Every report to write: `--output`s, then `-o`'s; with neither, the `--format`
        /// report on standard output.
        var reportOutputs: [ReportOutput] {
            let file = outputFile.map { [ReportOutput(format: settings.format, path: $0)] } ?? []
            if outputs.isEmpty && file.isEmpty { return [ReportOutput(format: settings.format, path: ReportOutput.standardOutput)] }
            return outputs + file
        }

        /// `--input-format`: how to read the inputs (`auto` recognises each from its content).
        var inputFormat: InputFormat { settings.audit.inputFormat ?? .auto }
    }

    static func run(_ arguments: [String]) -> Int32 {
        if Usage.asked(arguments) { return Usage.help() }
        // A reader that goes away (`| head`) makes a write fail with EPIPE, which stops the
        // run with exit 2 and removes the report files not yet in place, instead of a
        // SIGPIPE that would kill the process and leave its temporary files behind.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C or a job's timeout removes the report files not yet in place, too.
        InterruptCleanup.install()
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error): return Usage.error(error.message, usage: true)
        }
        var fileBaseline: Baseline?
        if let path = invocation.baseline {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, limit: invocation.maxInputBytes) } catch { return Usage.error(error.message) }
            switch bytes.withUnsafeBytes({ b in Result { () throws(InputError) in try Baseline.parse(b) } }) {
            case .success(let b): fileBaseline = b
            case .failure(let error): return inputError(path, error)
            }
        }

        var files: [InputFile]
        do { files = try InputFiles.expand(invocation.inputs, format: invocation.inputFormat) } catch { return Usage.error(error.message) }
        // A gate that checked nothing must not pass.
        guard !files.isEmpty else {
            return Usage.error("no screens to audit in \(invocation.inputs.joined(separator: " ")) (folders are searched for \(InputFiles.counted(for: invocation.inputFormat)))")
        }
        if let screenshot = invocation.screenshot {
            // One screenshot is one screen's: in a folder, each NAME.png pairs with its NAME.xml or NAME.json.
            guard files.count == 1 && !files[0].fromFolder else {
                return Usage.error("--screenshot goes with one input file; in a folder, put NAME.png beside NAME.xml or NAME.json", usage: true)
            }
            files[0].screenshot = FileIO.Path(screenshot)
        }
        let destinations: [ReportDestination]
        do { destinations = try ReportDestination.open(invocation.reportOutputs) } catch { return Usage.error(error.message) }
        let status = files.count == 1 && !files[0].fromFolder
            ? single(files[0], invocation, baseline: fileBaseline, to: destinations)
            : BatchCommand.run(files, invocation, baseline: fileBaseline, to: destinations)
        // Reports go in place only for a run that finished (exit 0 or 1): never a partial file.
        guard status != 2 else {
            ReportDestination.abandon(destinations)
            return status
        }
        do { try ReportDestination.commit(destinations) } catch { return Usage.error(error.message) }
        return status
    }

    /// The largest screenshot file read: 64 MiB, so an uncompressed phone screenshot fits (its
    /// pixels are bounded again by the decoder's limits before any is inflated).
    static let screenshotBytes = 64 << 20

    /// The outputs' problems a usage error names: two reports to one file, two on standard output.
    static func outputsProblem(_ outputs: [ReportOutput]) -> String? {
        var seen = Set<String>()
        for output in outputs where !seen.insert(InputFiles.normalized(output.path)).inserted {
            return output.path == ReportOutput.standardOutput
                ? "only one report can go to standard output"
                : "two reports would be written to \(output.path)"
        }
        return nil
    }

    /// One file named on the command line: audited and written whole (it may itself be a batch).
    static func single(_ file: InputFile, _ invocation: Invocation, baseline fileBaseline: Baseline?,
                       to destinations: [ReportDestination]) -> Int32 {
        var fileBaseline = fileBaseline
        let run: AuditRun
        switch audit(file, invocation) {
        case .success(let audited): run = audited
        case .failure(let error): return Usage.error(error.message)
        }
        let screens = screenReports(of: run, from: file)
        if let path = invocation.writeBaseline {
            do { try FileIO.writeFile(path, Baseline.write(screens: screens)) } catch { return Usage.error(error.message) }
            // What was just recorded is known: only later runs can have new findings.
            fileBaseline = Baseline(screens: screens)
        }
        let named = run.renamed(screens, comparedWith: fileBaseline)
        for destination in destinations {
            let format = destination.output.format
            let output = forTerminal(named.render(format, pretty: invocation.settings.pretty, color: destination.color),
                                     format, terminal: destination.terminal)
            if let error = destination.write(output) { return Usage.error(error) }
        }
        return named.fails(invocation.settings.failOn) ? 1 : 0
    }

    /// Reads and audits one file; the error is the line to print.
    static func audit(_ file: InputFile, _ invocation: Invocation) -> Result<AuditRun, FileIO.Failure> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(file.path, limit: invocation.maxInputBytes) } catch { return .failure(error) }
        var screenshot: ScreenshotFile?
        if let path = file.screenshot {
            do { screenshot = ScreenshotFile(name: path.text, bytes: try FileIO.read(path, limit: max(invocation.maxInputBytes, AuditCommand.screenshotBytes))[...]) } catch { return .failure(error) }
        }
        var settings = invocation.settings.audit
        settings.screenshot = screenshot
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(InputError) in try Audit.run(buffer, settings) }
        }
        return result.mapError { error in FileIO.Failure(message: inputErrorLine(file.path.text, error)) }
    }

    /// The file's screens under their run names: the file's name, or `name#screen` for each
    /// screen of a batch file.
    static func screenReports(of run: AuditRun, from file: InputFile) -> [ScreenReport] {
        // Reports that point into files (SARIF, GitHub annotations) need the path from the
        // working folder: a file found in a folder is named below it, but opened by its path.
        let path = file.fromFolder ? file.path.text : file.name
        return run.screens.map { screen in
            guard run.isBatch else {
                return ScreenReport(name: file.name, report: screen.report, legacyName: file.legacyName,
                                    file: path == file.name ? nil : path)
            }
            return ScreenReport(name: "\(file.name)#\(screen.name)", report: screen.report,
                                legacyName: file.legacyName.map { "\($0)#\(screen.name)" }, file: path)
        }
    }

    /// Someone reading JSON, SARIF, JUnit or HTML on a terminal gets the same document with
    /// bidi and C1 controls as the format's escapes; files and pipes get it byte for byte.
    static func forTerminal(_ output: [UInt8], _ format: OutputFormat, terminal: Bool) -> [UInt8] {
        switch format {
        case _ where !terminal, .text: output
        case .json, .report(.sarif): TerminalText.escapeDocument(output, .json)
        case .report(.junit), .report(.html): TerminalText.escapeDocument(output, .markup)
        // Their writers already replace control and bidi characters.
        case .report(.markdown), .report(.github): output
        }
    }

    struct UsageError: Error { var message: String }

    /// Inputs and flags in any order; a flag's value is the next argument (`AuditFlag.all`).
    static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var invocation = Invocation()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "-" || !argument.hasPrefix("-") { invocation.inputs.append(argument); i += 1; continue }
            let flag = AuditFlag.all.first { $0.flag == argument }
            var value: String?
            if flag?.isSwitch != true {
                guard i + 1 < arguments.count else { return .failure(UsageError(message: "\(argument) needs a value")) }
                value = arguments[i + 1]
                i += 1
            }
            guard let flag else { return .failure(UsageError(message: "unknown option \(argument)")) }
            do { try flag.read(&invocation, value) } catch { return .failure(UsageError(message: error.message)) }
            i += 1
        }
        guard !invocation.inputs.isEmpty else { return .failure(UsageError(message: "audit needs a FILE, a folder, or - for standard input")) }
        if let problem = outputsProblem(invocation.reportOutputs) { return .failure(UsageError(message: problem)) }
        return .success(invocation)
    }

    static func inputError(_ path: String, _ error: InputError) -> Int32 {
        Usage.error(inputErrorLine(path, error))
    }

    /// `PATH: message at POINTER`, with the line and column of an imported XML document.
    static func inputErrorLine(_ path: String, _ error: InputError) -> String {
        var place = error.pointer.isEmpty ? "/" : error.pointer
        if let line = error.line, let column = error.column {
            place = (error.pointer.isEmpty ? "" : error.pointer + ", ") + "line \(line), column \(column)"
        }
        return "\(path): \(error.message) at \(place)"
    }
}
