import A11yCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident set size of this process so far, in bytes. VmHWM belongs to this
/// process image, whereas Linux carries ru_maxrss over fork and exec, so a child started
/// by a large parent would report the parent's peak.
func peakRSS() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kib = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) {
        return kib * 1024
    }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
}

/// Seconds per phase of one pass through our path.
struct OurTimes {
    var decode = 0.0, audit = 0.0, encode = 0.0
    var total: Double { decode + audit + encode }
}

struct OurResult {
    var times: OurTimes
    var elements: Int
    var findings: Int
    var responseBytes: Int
}

/// decode → audit (engines + rules) → encode: what `Audit.run(json:)` plus
/// `ResponseEncoder.json` do for one request, timed per phase.
func runOurs(_ bytes: [UInt8]) -> OurResult {
    bytes.withUnsafeBytes { raw in
        do {
            let t0 = now()
            let document = try DocumentDecoder.decode(raw)
            let t1 = now()
            let report = try Audit.run(document)
            let t2 = now()
            let body = ResponseEncoder.json(report)
            let t3 = now()
            return OurResult(times: OurTimes(decode: t1 - t0, audit: t2 - t1, encode: t3 - t2),
                             elements: report.analysis.elements.count, findings: report.run.findings.count,
                             responseBytes: body.count)
        } catch {
            fatalError("generated tree rejected: \(error)")
        }
    }
}

struct BaselineTimes {
    var decode = 0.0, encode = 0.0
    var total: Double { decode + encode }
}

/// The same bytes through Foundation: JSONDecoder into the Codable mirror, JSONEncoder back out.
func runFoundation(_ data: Data) -> BaselineTimes {
    do {
        let t0 = now()
        let request = try JSONDecoder().decode(CodableRequest.self, from: data)
        let t1 = now()
        let out = try JSONEncoder().encode(request)
        let t2 = now()
        precondition(!out.isEmpty)
        return BaselineTimes(decode: t1 - t0, encode: t2 - t1)
    } catch {
        fatalError("Foundation rejected the generated tree: \(error)")
    }
}

/// Repeats `body` in samples of at least `minSample` seconds and returns the median of the
/// per-call averages of each component (so tiny documents are not lost in timer noise).
func sample<T>(repeats: Int, minSample: Double, zero: T, add: (T, T) -> T, scale: (T, Double) -> T,
               total: (T) -> Double, _ body: () -> T) -> (median: T, perCallTotals: [Double]) {
    // Warm-up, and an estimate of how many calls fill one sample.
    let first = body()
    let calls = max(1, Int((minSample / max(total(first), 1e-6)).rounded(.up)))
    var samples: [T] = []
    for _ in 0..<repeats {
        var sum = zero
        for _ in 0..<calls { sum = add(sum, body()) }
        samples.append(scale(sum, 1 / Double(calls)))
    }
    // The sample with the median total, so its phases add up to the reported total.
    let totals = samples.map(total)
    let order = totals.indices.sorted { totals[$0] < totals[$1] }
    return (samples[order[order.count / 2]], totals)
}
