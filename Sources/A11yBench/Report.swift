import A11yCore
import A11yModel
import A11yReports
/// Prints the benchmark tables.
enum Report {
    struct Row {
        var nodes: Int
        var bytes: Int
        var elements: Int
        var findings: Int
        var responseBytes: Int
        var times: PairedTimes
        var ours: OurTimes { times.ours }
        var foundation: BaselineTimes { times.foundation }
    }

    static func header(_ options: Options) {
        print("a11y-audit benchmark: median of \(options.repeats) samples per path (each >= \(ms(options.minSample)) of repeated calls),")
        print("ours and Foundation alternating; ratio = median of the \(options.repeats) back-to-back pairs (lowest..highest)")
        print("ours = DocumentDecoder.decode + Analyzer.analyze + RuleRunner.run + ResponseEncoder.json")
        print("foundation = JSONDecoder into a Codable mirror of the tree format + JSONEncoder back out")
        print("")
        print(pad("nodes", 8) + pad("request", 10) + pad("response", 10) + pad("elements", 9) + pad("findings", 9)
              + pad("decode", 10) + pad("audit", 10) + pad("encode", 10) + pad("total", 10) + pad("MB/s", 8) + pad("Mnodes/s", 9)
              + " |" + pad("F decode", 10) + pad("F encode", 10) + pad("F total", 10) + pad("F MB/s", 8) + " |" + pad("ratio", 7) + "  pairs")
    }

    static func row(_ r: Row) {
        let mb = Double(r.bytes) / 1_000_000
        print(pad("\(r.nodes)", 8) + pad(size(r.bytes), 10) + pad(size(r.responseBytes), 10) + pad("\(r.elements)", 9) + pad("\(r.findings)", 9)
              + pad(ms(r.ours.decode), 10) + pad(ms(r.ours.audit), 10) + pad(ms(r.ours.encode), 10) + pad(ms(r.ours.total), 10)
              + pad(fixed(mb / r.ours.total, 1), 8) + pad(fixed(Double(r.nodes) / r.ours.total / 1e6, 2), 9)
              + " |" + pad(ms(r.foundation.decode), 10) + pad(ms(r.foundation.encode), 10) + pad(ms(r.foundation.total), 10)
              + pad(fixed(mb / r.foundation.total, 1), 8) + " |" + pad(fixed(r.times.medianRatio, 1) + "x", 7)
              + "  " + fixed(r.times.ratios.first!, 1) + ".." + fixed(r.times.ratios.last!, 1) + "x")
    }

    /// Cost of each 10x step in nodes (target: 10x nodes <= 12x time): from the medians in
    /// the table, and as the median of `rounds` (per step, sorted ratios of samples taken in
    /// turn), which this VM's drifting speed disturbs far less.
    static func growth(_ rows: [Row], rounds: [[Double]]) {
        guard rows.count > 1 else { return }
        print("")
        for (step, (a, b)) in zip(rows, rows.dropFirst()).enumerated() {
            let nodes = Double(b.nodes) / Double(a.nodes)
            let ratios = rounds[step]
            let time = ratios[ratios.count / 2]
            print("growth \(a.nodes) -> \(b.nodes) nodes (x\(fixed(nodes, 1))): time x\(fixed(time, 2)) "
                  + "(\(ratios.count) interleaved rounds \(fixed(ratios.first!, 2))..\(fixed(ratios.last!, 2)); "
                  + "medians above x\(fixed(b.ours.total / a.ours.total, 2)); target time <= x\(fixed(nodes * 1.2, 1)))")
        }
    }

    static func memory(size nodes: Int) {
        let bytes = TreeGenerator.request(nodes: nodes)
        print("")
        for path in ["ours", "foundation"] {
            guard let f = RSSChild.measure(bytes: bytes, path: path) else {
                print("peak RSS \(path): child process failed")
                continue
            }
            print("peak RSS, one \(path) pass over \(nodes) nodes (\(size(bytes.count)) request), fresh process: "
                  + "\(size(f.peak)) (\(size(f.before)) before the pass, i.e. runtime + request bytes)")
        }
    }

    static func ms(_ seconds: Double) -> String {
        seconds < 0.01 ? fixed(seconds * 1000, 3) + "ms" : fixed(seconds * 1000, 1) + "ms"
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? fixed(Double(bytes) / 1_000_000, 1) + "MB" : fixed(Double(bytes) / 1000, 1) + "kB"
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int((v * scale).rounded())
        guard digits > 0 else { return "\(n)" }
        let whole = n / Int(scale), frac = abs(n % Int(scale))
        var f = "\(frac)"
        while f.count < digits { f = "0" + f }
        return "\(whole).\(f)"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? " " + s : String(repeating: " ", count: width - s.count) + s
    }
}
