#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yOptions
import A11yReports

/// One report a run writes: its format and where (`-` is standard output). `--output
/// FORMAT=FILE` adds one per flag, `-o FILE` one in the `--format` format; with neither, the
/// `--format` report goes to standard output. Every report comes from the same audit.
struct ReportOutput: Equatable {
    var format: OutputFormat
    var path: String

    static let standardOutput = "-"

    /// `sarif=report.sarif`: the format's name, `=`, the file.
    init(flag value: String) throws(AuditParameterError) {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty else {
            throw AuditParameterError("--output takes FORMAT=FILE, e.g. sarif=report.sarif")
        }
        guard let format = OutputFormat(name: String(parts[0])) else {
            throw AuditParameterError("--output: unknown format \"\(parts[0])\" (use \(OutputFormat.namesInWords))")
        }
        self.init(format: format, path: String(parts[1]))
    }

    init(format: OutputFormat, path: String) { self.format = format; self.path = path }
}

/// A report being written: to standard output as it comes, or to a file that replaces its
/// target only when the whole run succeeded (`FileIO.AtomicFile`), so a failed run leaves no
/// partial report behind and keeps whatever the file held before.
struct ReportDestination {
    let output: ReportOutput
    /// nil: standard output.
    private(set) var file: FileIO.AtomicFile?
    /// Standard output is a terminal: escaped for it (`AuditCommand.forTerminal`).
    let terminal: Bool

    var fd: Int32 { file?.fd ?? STDOUT_FILENO }

    /// Text in colour only for a person at a terminal who has not asked for none
    /// (`NO_COLOR` set to anything but the empty string, https://no-color.org); never in a file.
    var color: Bool { terminal && !ReportDestination.noColor }

    static var noColor: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }

    /// Opens every report before anything is audited, so an unwritable file is an error
    /// (exit 2) before any work, and the files opened before it are removed again.
    static func open(_ outputs: [ReportOutput]) throws(FileIO.Failure) -> [ReportDestination] {
        var opened: [ReportDestination] = []
        for output in outputs {
            if output.path == ReportOutput.standardOutput {
                opened.append(ReportDestination(output: output, file: nil, terminal: FileIO.isTerminal(STDOUT_FILENO)))
                continue
            }
            do throws(FileIO.Failure) {
                opened.append(ReportDestination(output: output, file: try FileIO.AtomicFile(output.path), terminal: false))
            } catch {
                abandon(opened)
                throw error
            }
        }
        return opened
    }

    /// Writes `bytes`; the line to print when that failed.
    func write(_ bytes: [UInt8]) -> String? {
        guard let error = FileIO.write(bytes, to: fd) else { return nil }
        return file == nil ? "cannot write standard output: \(error)" : "cannot write \(output.path): \(error)"
    }

    /// Copies what waited in `spool` (a report's body written before its head) after what was written.
    func copy(from spool: Int32) -> String? {
        guard let error = FileIO.copy(spool, to: fd) else { return nil }
        return file == nil ? "cannot write standard output: \(error)" : "cannot write \(output.path): \(error)"
    }

    /// Puts every file in place, once the run succeeded. The files are all flushed first,
    /// then renamed, so a full disk stops the run with none of them replaced.
    static func commit(_ destinations: [ReportDestination]) throws(FileIO.Failure) {
        var files = destinations.compactMap(\.file)
        for i in files.indices {
            do throws(FileIO.Failure) { try files[i].flush() } catch {
                // The one that failed has removed its temporary file already.
                for (j, other) in files.enumerated() where j != i { other.abandon() }
                throw error
            }
        }
        for i in files.indices {
            do throws(FileIO.Failure) { try files[i].commit() } catch {
                for later in files[(i + 1)...] { later.abandon() }
                throw error
            }
        }
    }

    /// Removes every file not yet in place (a run that failed).
    static func abandon(_ destinations: [ReportDestination]) {
        for destination in destinations { destination.file?.abandon() }
    }
}
