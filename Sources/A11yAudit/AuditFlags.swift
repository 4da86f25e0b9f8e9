#if canImport(Glibc)
import Glibc
#endif
import A11yCore
import A11yOptions

/// One flag of `a11y-audit audit`: its value's name and help for the usage, and how it is read.
/// Most are the core's per-audit parameters (`AuditParameter`, shared with the service); the
/// rest only the command line has (files, threads).
struct AuditFlag: Sendable {
    let flag: String
    /// nil: a switch, which takes no value.
    let valueName: String?
    /// The usage's help, one entry per line.
    let help: [String]
    let read: @Sendable (inout AuditCommand.Invocation, String?) throws(AuditParameterError) -> Void

    var isSwitch: Bool { valueName == nil }

    /// The core's parameter of that flag, read into the invocation's settings.
    static func parameter(_ flag: String) -> AuditFlag {
        guard let parameter = AuditParameter.flag(flag) else { preconditionFailure("no audit parameter \(flag)") }
        return AuditFlag(flag: flag, valueName: parameter.valueName, help: parameter.help) { invocation, value throws(AuditParameterError) in
            try parameter.read(value, as: flag, into: &invocation.settings)
        }
    }

    /// Every flag, in the order of the usage.
    static let all: [AuditFlag] = [
        parameter("--format"),
        parameter("--pretty"),
        AuditFlag(flag: "-o", valueName: "FILE", help: ["write the --format report to FILE instead of standard output"]) { invocation, value throws(AuditParameterError) in
            guard let value, !value.isEmpty else { throw AuditParameterError("-o takes a file name") }
            guard invocation.outputFile == nil else { throw AuditParameterError("-o is given once; use --output FORMAT=FILE for several reports") }
            invocation.outputFile = value
        },
        AuditFlag(flag: "--output", valueName: "FORMAT=FILE", help: ["also write a report in FORMAT to FILE (repeatable: several",
                                                                      "reports from one audit; FILE - is standard output)"]) { invocation, value throws(AuditParameterError) in
            invocation.outputs.append(try ReportOutput(flag: value ?? ""))
        },
        parameter("--input-format"),
        parameter("--density"),
        AuditFlag(flag: "--screenshot", valueName: "PNG", help: ["a PNG screenshot of the input's screen (one input file;",
                                                                 "in a folder, NAME.png beside NAME.xml or NAME.json)"]) { invocation, value in
            invocation.screenshot = value
        },
        AuditFlag(flag: "--baseline", valueName: "FILE", help: ["compare with a baseline: only new findings fail"]) { invocation, value in
            invocation.baseline = value
        },
        AuditFlag(flag: "--write-baseline", valueName: "FILE", help: ["record the current findings as the baseline"]) { invocation, value in
            invocation.writeBaseline = value
        },
        AuditFlag(flag: "--jobs", valueName: "N", help: ["threads auditing several files, 1 to 1024 (default: the cores online)"]) { invocation, value throws(AuditParameterError) in
            // Bounded: threads and the in-flight window (twice the jobs) are made from it.
            guard let jobs = value.flatMap({ DecimalNumber.integer($0, in: 1...1_024) }) else {
                throw AuditParameterError("--jobs takes a number of threads from 1 to 1024")
            }
            invocation.jobs = jobs
        },
        AuditFlag(flag: "--max-input-bytes", valueName: "N", help: ["largest input file (and baseline) read, in bytes, 1 to 2^40",
                                                                  "(default 8388608: the service's --max-body-bytes)"]) { invocation, value throws(AuditParameterError) in
            guard let bytes = value.flatMap({ DecimalNumber.integer($0, in: 1...(1 << 40)) }) else {
                throw AuditParameterError("--max-input-bytes takes a number of bytes from 1 to 1099511627776")
            }
            invocation.maxInputBytes = bytes
        },
        parameter("--fail-on"),
        parameter("--level"),
        parameter("--preset"),
        parameter("--enable"),
        parameter("--disable"),
        parameter("--only"),
        parameter("--target-size"),
        parameter("--contrast-text"),
        parameter("--contrast-large-text"),
        parameter("--contrast-non-text"),
        parameter("--suppress"),
        // Answered before any flag is read (`Usage.asked`), wherever it stands.
        AuditFlag(flag: "--help", valueName: nil, help: ["print this text"]) { _, _ in },
    ]

    /// The usage's lines for the flags: the flag and its value, then the help from column 30
    /// (on the next line when the flag is too long).
    static var usage: String {
        let column = 30
        let indent = String(repeating: " ", count: column)
        var text = ""
        for flag in all {
            var line = "  " + flag.flag + (flag.valueName.map { " " + $0 } ?? "")
            if line.count < column - 1 {
                line += String(repeating: " ", count: column - line.count)
            } else {
                line += "\n" + indent
            }
            text += line + flag.help.joined(separator: "\n" + indent) + "\n"
        }
        return text
    }
}
