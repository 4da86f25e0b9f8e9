import A11yCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import A11yEngines
import A11yModel
import A11yReports
import A11yRules

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

/// Per-phase seconds that can be summed over calls and averaged.
protocol PhaseTimes {
    init()
    var total: Double { get }
    static func + (a: Self, b: Self) -> Self
    func scaled(by factor: Double) -> Self
}

/// Seconds per phase of one pass through our path.
struct OurTimes: PhaseTimes {
    var decode = 0.0, audit = 0.0, encode = 0.0
    var total: Double { decode + audit + encode }
    static func + (a: OurTimes, b: OurTimes) -> OurTimes {
        OurTimes(decode: a.decode + b.decode, audit: a.audit + b.audit, encode: a.encode + b.encode)
    }
    func scaled(by f: Double) -> OurTimes { OurTimes(decode: decode * f, audit: audit * f, encode: encode * f) }
}

struct OurResult {
    var times: OurTimes
    var elements: Int
    var findings: Int
    var responseBytes: Int
}

/// decode → audit (engines + rules) → encode: the stages `Audit.run` and
/// `ResponseEncoder.json` go through for one screen of our JSON format, timed per phase.
func runOurs(_ bytes: [UInt8]) -> OurResult {
    bytes.withUnsafeBytes { raw in
        do {
            let t0 = now()
            let document = try DocumentDecoder.decode(raw)
            let t1 = now()
            // The engines and the rules share one budget and one output meter, as in an audit.
            let budget = AuditBudget.default
            var meter = OutputMeter(budget, for: document)
            let analysis = try Analyzer.analyze(document, budget: budget, meter: &meter, interrupt: .never)
            let run = try RuleRunner.run(analysis, options: document.options, table: RuleTable.registry, budget: budget,
                                         meter: &meter, interrupt: .never)
            let report = AuditReport(analysis: analysis, run: run)
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

struct BaselineTimes: PhaseTimes {
    var decode = 0.0, encode = 0.0
    var total: Double { decode + encode }
    static func + (a: BaselineTimes, b: BaselineTimes) -> BaselineTimes {
        BaselineTimes(decode: a.decode + b.decode, encode: a.encode + b.encode)
    }
    func scaled(by f: Double) -> BaselineTimes { BaselineTimes(decode: decode * f, encode: encode * f) }
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

/// Median samples of both paths and the ratio Foundation / ours.
struct PairedTimes {
    var ours: OurTimes
    var foundation: BaselineTimes
    /// One ratio per pair of samples taken back to back, sorted.
    var ratios: [Double]
    var medianRatio: Double { ratios[ratios.count / 2] }
}

/// Alternates one sample of our path with one of Foundation's, `repeats` times. This VM's
/// speed drifts by up to 1.5x over seconds, so timing all of ours and then all of
/// Foundation's could compare a fast minute with a slow one; each pair shares its minute.
/// A sample is the per-call average of calls filling `minSample` seconds, so tiny documents
/// are not lost in timer noise.
func samplePaired(repeats: Int, minSample: Double, ours: () -> OurTimes, foundation: () -> BaselineTimes) -> PairedTimes {
    // Warm-up, and how many calls fill one sample.
    let oursCalls = calls(filling: minSample, first: ours())
    let foundationCalls = calls(filling: minSample, first: foundation())
    var oursSamples: [OurTimes] = [], foundationSamples: [BaselineTimes] = [], ratios: [Double] = []
    for _ in 0..<repeats {
        let o = sample(calls: oursCalls, ours), f = sample(calls: foundationCalls, foundation)
        oursSamples.append(o)
        foundationSamples.append(f)
        ratios.append(f.total / o.total)
    }
    return PairedTimes(ours: median(oursSamples), foundation: median(foundationSamples), ratios: ratios.sorted())
}

/// Our path over every request in turn, `repeats` rounds of one sample each: the time growth
/// from one size to the next is then a ratio of samples taken moments apart, as the ratio to
/// Foundation is, rather than of medians taken a minute apart. Per step, the sorted ratios.
func sampleGrowth(requests: [[UInt8]], repeats: Int, minSample: Double) -> [[Double]] {
    let callCounts = requests.map { bytes in calls(filling: minSample, first: runOurs(bytes).times) }
    var steps = [[Double]](repeating: [], count: max(0, requests.count - 1))
    for _ in 0..<repeats {
        let totals = zip(requests, callCounts).map { bytes, n in sample(calls: n) { runOurs(bytes).times }.total }
        for i in steps.indices { steps[i].append(totals[i + 1] / totals[i]) }
    }
    return steps.map { $0.sorted() }
}

private func calls(filling seconds: Double, first: some PhaseTimes) -> Int {
    max(1, Int((seconds / max(first.total, 1e-6)).rounded(.up)))
}

private func sample<T: PhaseTimes>(calls: Int, _ body: () -> T) -> T {
    var sum = T()
    for _ in 0..<calls { sum = sum + body() }
    return sum.scaled(by: 1 / Double(calls))
}

/// The sample with the median total, so its phases add up to the reported total.
private func median<T: PhaseTimes>(_ samples: [T]) -> T {
    samples.sorted { $0.total < $1.total }[samples.count / 2]
}
