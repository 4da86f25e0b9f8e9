#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yReports
import A11yRules

/// Several files or a folder: read, audited and written one file at a time on `--jobs`
/// threads, in the order of the command line, with only a few files in memory at once (the
/// window of `OrderedParallelMap`). JSON and text go to standard output as each screen is
/// done; SARIF, JUnit and HTML start with totals, so their screens wait in a temporary file.
/// A file that cannot be read or audited stops the run (exit 2); what was written of the
/// report by then is incomplete, and the exit code says so.
enum BatchCommand {
    /// What one file gave: for each of its screens, the screen's part of each report (in the
    /// order of the outputs) and its baseline comparison; or the line to print on failure.
    enum Outcome {
        case audited(parts: [(parts: [BatchFormat.Part], comparison: BaselineComparison.Screen?)],
                     screens: Int, fails: Bool, baseline: [UInt8])
        case failed(String)
    }

    /// One report of the run being written: its format, what it has added up, and where its
    /// screens wait when its head needs them all first.
    struct Report {
        let destination: ReportDestination
        let format: BatchFormat
        var writer: BatchWriter
        /// An unlinked temporary file for the screens' parts (`headWaitsForScreens`), else nil.
        var spool: Int32?
    }

    /// What the in-order step of each file reads and updates: matching against the baseline
    /// (an entry absorbs the first finding, in run order), SARIF artifact and rule indices, and
    /// where each screen falls in the run.
    final class RunOrder: @unchecked Sendable {
        var matcher: BaselineMatcher?
        var placement: SarifPlacement?
        var nextScreen = 0
        /// The rule lists of the last screen handed out (a JSON screen writes its `rules.run`
        /// only when it differs from the screen before's).
        var lastRules: RuleRun?
    }

    static func run(_ files: [InputFile], _ invocation: AuditCommand.Invocation, baseline fileBaseline: Baseline?,
                    to destinations: [ReportDestination]) -> Int32 {
        let recording = invocation.writeBaseline != nil
        var reports: [Report] = []
        defer { for report in reports { if let spool = report.spool { close(spool) } } }
        for destination in destinations {
            let format = BatchFormat(destination.output.format, pretty: invocation.settings.pretty, color: destination.color,
                                     hasBaseline: fileBaseline != nil || recording)
            var spool: Int32?
            if format.headWaitsForScreens {
                do { spool = try FileIO.temporaryFile() } catch { return Usage.error(error.message) }
            }
            reports.append(Report(destination: destination, format: format, writer: BatchWriter(format), spool: spool))
        }
        let formats = reports.map(\.format)
        let order = RunOrder()
        // Recording a baseline compares every screen with what it records: nothing is new.
        if !recording, let fileBaseline { order.matcher = BaselineMatcher(fileBaseline) }
        if formats.contains(where: { $0.format == .report(.sarif) }) { order.placement = SarifPlacement(catalogue: RuleRegistry.all) }

        let work: @Sendable (Int, OrderedParallelMap.Turn) -> Outcome = { index, turn in
            audit(files[index], isLast: index == files.count - 1, invocation, formats: formats,
                  recording: recording, order: order, turn: turn)
        }

        var failure: String?
        /// Writes to report `index`: its spool while its head waits, else its destination.
        func emit(_ bytes: [UInt8], to index: Int, spooled: Bool) {
            guard failure == nil, !bytes.isEmpty else { return }
            let report = reports[index]
            // Spooled parts are bound for the same place: escaped for a terminal now.
            let out = AuditCommand.forTerminal(bytes, report.format.format, terminal: report.destination.terminal)
            if spooled, let spool = report.spool {
                if let error = FileIO.write(out, to: spool) { failure = "cannot write a temporary file: \(error)" }
            } else if let error = report.destination.write(out) {
                failure = error
            }
        }
        // A baseline being recorded is written as screens finish too, to a temporary file
        // renamed over the target at the end: only a whole run replaces it.
        var recorded: FileIO.AtomicFile?
        if let path = invocation.writeBaseline {
            do {
                recorded = try FileIO.AtomicFile(path)
                try recorded!.append(Baseline.fileHead())
            } catch {
                return Usage.error(error.message)
            }
        }
        defer { if failure != nil { recorded?.abandon() } }
        for i in reports.indices where reports[i].spool == nil { emit(reports[i].writer.head(sarif: nil), to: i, spooled: false) }
        var fails = false
        var screenCount = 0
        OrderedParallelMap.run(count: files.count, jobs: invocation.jobs, window: 2 * invocation.jobs, work: work) { _, outcome in
            switch outcome {
            case .failed(let message):
                failure = message
            case .audited(let parts, let screens, let fileFails, let baseline):
                for (screenParts, comparison) in parts {
                    for i in reports.indices { emit(reports[i].writer.add(screenParts[i], comparison: comparison), to: i, spooled: true) }
                }
                fails = fails || fileFails
                screenCount += screens
                if failure == nil, !baseline.isEmpty, recorded != nil {
                    // A failed append has removed the temporary file already.
                    do throws(FileIO.Failure) { try recorded!.append(baseline) } catch { failure = error.message; recorded = nil }
                }
            }
            return failure == nil
        }
        if let failure { return Usage.error(failure) }
        for i in reports.indices {
            if let spool = reports[i].spool {
                emit(reports[i].writer.head(sarif: order.placement), to: i, spooled: false)
                if failure == nil, let error = reports[i].destination.copy(from: spool) { failure = error }
            }
            emit(reports[i].writer.tail(), to: i, spooled: false)
        }
        if let failure { return Usage.error(failure) }
        if recorded != nil {
            do {
                try recorded!.append(Baseline.fileTail(screens: screenCount))
                try recorded!.commit()
                recorded = nil
            } catch {
                recorded = nil
                return Usage.error(error.message)
            }
        }
        return fails ? 1 : 0
    }

    /// One file, on a worker thread: audit and fingerprint in parallel, compare in order,
    /// render in parallel.
    static func audit(_ file: InputFile, isLast: Bool, _ invocation: AuditCommand.Invocation, formats: [BatchFormat],
                      recording: Bool, order: RunOrder, turn: OrderedParallelMap.Turn) -> Outcome {
        let run: AuditRun
        switch AuditCommand.audit(file, invocation) {
        case .success(let audited): run = audited
        case .failure(let error): return .failed(error.message)
        }
        let screens = AuditCommand.screenReports(of: run, from: file)
        let fingerprints = order.matcher == nil ? [] : screens.map { BaselineMatcher.fingerprints(of: $0.report) }
        var comparisons: [BaselineComparison.Screen?]
        if recording {
            comparisons = screens.map { BaselineComparison.Screen.recorded($0) }
        } else {
            // Without a baseline file, a file's own `options.baseline` applies to its screens.
            let own = order.matcher == nil && run.comparison != nil ? run.renamed(screens).comparison : nil
            comparisons = order.matcher == nil ? screens.indices.map { own?.screens[$0] } : []
        }
        var places: [SarifPlacement.Place]?
        var before: RuleRun?
        let first: Int = turn.inOrder {
            before = order.lastRules
            if let last = screens.last { order.lastRules = last.report.run.rulesOnly }
            if order.matcher != nil {
                comparisons = screens.indices.map { i in
                    order.matcher!.compare(name: screens[i].name, legacyName: screens[i].legacyName, fingerprints[i])
                }
                // Screen-less entries nobody matched are known once the last file is compared.
                if isLast, !comparisons.isEmpty { comparisons[comparisons.count - 1]!.fixed += order.matcher!.unmatchedAnywhere() }
            }
            places = order.placement?.place(screens)
            defer { order.nextScreen += screens.count }
            return order.nextScreen
        }
        var fails = false
        let parts = screens.indices.map { i in
            let comparison = comparisons[i]
            fails = fails || screens[i].fails(invocation.settings.failOn, comparedAs: comparison)
            let previous = i > 0 ? screens[i - 1].report.run.rulesOnly : before
            return (formats.map { $0.part(screens[i], index: first + i, comparison: comparison, place: places?[i], after: previous) }, comparison)
        }
        let baseline = recording ? screens.indices.flatMap { Baseline.fileScreen(screens[$0], index: first + $0) } : []
        return .audited(parts: parts, screens: screens.count, fails: fails, baseline: baseline)
    }
}
