import A11yCore
import Foundation
import A11yModel
import A11yReports

/// `--attacks`: each hostile shape at sizes N and 2N, each audited (and its JSON response
/// written) in a fresh child process, so a crash or an allocation failure kills only the
/// child and peak RSS is that one audit's. Doubling the input should at most a little more
/// than double time; memory and response bytes should stay near the request's size.
enum AttackBench {
    static func run(shapes: [AttackShape], scale: Double) {
        print("shape                 n        request     response  outcome            seconds   peak RSS   time x")
        for shape in shapes {
            let n = max(1, Int(Double(shape.defaultSize) * scale))
            var first: Row?
            for size in [n, 2 * n] {
                let row = measure(shape, size)
                // Issue 24: doubling the input at most doubles the time (x2.6 allowed for noise).
                let factor = first.map { row.seconds / max($0.seconds, 1e-6) }
                first = first ?? row
                let cells = [shape.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0),
                             String(size).leftPadded(7), String(row.request).leftPadded(12),
                             String(row.response).leftPadded(12), row.outcome.padding(toLength: 17, withPad: " ", startingAt: 0),
                             String(format: "%8.3f", row.seconds), "\(row.peak / 1_048_576) MiB".leftPadded(10),
                             factor.map { String(format: "%8.2f%@", $0, $0 > 2.6 ? " (over 2.6)" : "") } ?? ""]
                print(cells.joined(separator: " "))
            }
        }
    }

    struct Row { var request = 0, response = 0, outcome = "", seconds = 0.0, peak = 0 }

    /// In the child: generate, audit, render JSON; prints "request response seconds peak outcome".
    static func child(_ shape: AttackShape, _ n: Int) -> Int32 {
        let bytes = shape.request(n)
        let start = now()
        var response = 0, outcome = "ok"
        bytes.withUnsafeBytes { raw in
            do {
                let run = try Audit.run(raw)
                response = run.render(.json).count
            } catch {
                outcome = (error as? InputError).map { "\($0.kind.rawValue)" } ?? "error"
            }
        }
        print(bytes.count, response, now() - start, peakRSS(), outcome)
        return 0
    }

    private static func measure(_ shape: AttackShape, _ n: Int) -> Row {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--attack-child", shape.rawValue, String(n)]
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.nullDevice
        do { try child.run() } catch { return Row(outcome: "not started") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard child.terminationStatus == 0, fields.count == 5 else {
            return Row(request: shape.request(n).count, outcome: "died (\(child.terminationStatus))")
        }
        return Row(request: Int(fields[0]) ?? 0, response: Int(fields[1]) ?? 0, outcome: String(fields[4]),
                   seconds: Double(fields[2]) ?? 0, peak: Int(fields[3]) ?? 0)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
