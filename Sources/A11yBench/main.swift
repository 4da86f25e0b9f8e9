// Benchmark of the request path against Foundation; see docs/performance.md.
//
//   A11yBench [--repeat N] [--sizes 1000,10000,100000] [--rss-size N]
//   A11yBench --write-tree NODES                  (a generated request on stdout)
//   A11yBench --profile NODES CALLS               (our path only, for perf / callgrind)
//   A11yBench --profile-foundation NODES CALLS    (the Foundation baseline only)
//   A11yBench --import [NODES,...]                (importers' MB/s and nodes/s next to the JSON tree path)
//   A11yBench --profile-import[-json|-ios] NODES CALLS (the Android or iOS importer, or the JSON decoder, same screen)
//   A11yBench --rss-child FILE ours|foundation   (internal: one audit, prints peak RSS)
//   A11yBench --serve-baseline RESPONSE LOOPS     (HTTP baseline: POST /v1/audit answers RESPONSE)
//   A11yBench --screenshot DUMP PNG [REPEATS]      (audit of a dump with its screenshot vs decoding it, ours and libpng's)
//   A11yBench --attacks [SCALE] [SHAPE ...]        (issue 15's hostile shapes at N and 2N: time, peak RSS)
import A11yCore
import Foundation
import A11yModel
import A11yOptions

struct Options {
    var repeats = 5
    var sizes = [1_000, 10_000, 100_000]
    var rssSize = 100_000
    var minSample = 0.2

    init(_ args: [String]) {
        var i = 0
        func value() -> String {
            i += 1
            guard i < args.count else { usage() }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--repeat": repeats = max(1, number(value()))
            case "--sizes": sizes = value().split(separator: ",").map { number(String($0)) }
            case "--rss-size": rssSize = number(value())
            case "--min-sample":
                guard let v = DecimalNumber.double(value()), v >= 0 else { usage() }
                minSample = v
            default: usage()
            }
            i += 1
        }
    }
}

func number(_ text: String) -> Int {
    guard let n = DecimalNumber.integer(text), n > 0 else { usage() }
    return n
}

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: A11yBench [--repeat N] [--sizes 1000,10000,100000] [--rss-size N] [--min-sample SECONDS]\n".utf8))
    exit(2)
}

let args = Array(CommandLine.arguments.dropFirst())
if args.first == "--screenshot" {
    guard args.count >= 3 else { usage() }
    exit(ScreenshotBench.run(dump: args[1], png: args[2], repeats: args.count > 3 ? number(args[3]) : 7))
}
if args.first == "--rss-child" {
    guard args.count == 3 else { usage() }
    exit(RSSChild.run(file: args[1], path: args[2]))
}
if args.first == "--attack-child" {
    guard args.count == 3, let shape = AttackShape(rawValue: args[1]) else { usage() }
    exit(AttackBench.child(shape, number(args[2])))
}
if args.first == "--attacks" {
    // --attacks [SCALE] [SHAPE ...]: SCALE multiplies each shape's default size.
    var rest = args.dropFirst()
    let scale = rest.first.flatMap(Double.init).map { rest = rest.dropFirst(); return $0 } ?? 1
    let shapes = rest.isEmpty ? AttackShape.allCases : rest.map { name -> AttackShape in
        guard let shape = AttackShape(rawValue: name) else { usage() }
        return shape
    }
    AttackBench.run(shapes: shapes, scale: scale)
    exit(0)
}
if args.first == "--write-tree" {
    // A generated request on stdout (used by Scripts/bench-http.sh): --write-tree NODES
    guard args.count == 2 else { usage() }
    FileHandle.standardOutput.write(Data(TreeGenerator.request(nodes: number(args[1]))))
    exit(0)
}
if args.first == "--serve-baseline" {
    // The transport alone, for Scripts/bench-http.sh: --serve-baseline RESPONSE_FILE LOOPS
    guard args.count == 3 else { usage() }
    TransportBaseline.serve(responseFile: args[1], loops: number(args[2]))
}
if args.first == "--import" {
    // Importers next to the JSON tree decoder on comparable trees: --import [NODES,...]
    guard args.count <= 2 else { usage() }
    let sizes = args.count == 2 ? args[1].split(separator: ",").map { number(String($0)) } : [1_000, 10_000, 100_000]
    ImportBench.run(sizes: sizes, repeats: 5, minSample: 0.2)
    exit(0)
}
if let first = args.first, ["--profile-import", "--profile-import-json", "--profile-import-ios", "--profile-import-figma"].contains(first) {
    // One importer, or the JSON decoder on the same screen, for perf (instruction counts
    // compare where timings are noisy): --profile-import[-json|-ios] NODES CALLS
    guard args.count == 3 else { usage() }
    print(ImportBench.profile(path: String(args[0].dropFirst("--profile-import".count)), nodes: number(args[1]), calls: number(args[2])))
    exit(0)
}
if args.first == "--profile" {
    // Our path only, for perf / callgrind: --profile NODES CALLS
    guard args.count == 3 else { usage() }
    let bytes = TreeGenerator.request(nodes: number(args[1]))
    var total = OurTimes()
    for _ in 0..<number(args[2]) {
        total = total + runOurs(bytes).times
    }
    print("decode \(Report.ms(total.decode)) audit \(Report.ms(total.audit)) encode \(Report.ms(total.encode))")
    exit(0)
}
if args.first == "--profile-foundation" {
    // The baseline only, for the same tools: --profile-foundation NODES CALLS
    guard args.count == 3 else { usage() }
    let data = Data(TreeGenerator.request(nodes: number(args[1])))
    var total = BaselineTimes()
    for _ in 0..<number(args[2]) {
        total = total + runFoundation(data)
    }
    print("decode \(Report.ms(total.decode)) encode \(Report.ms(total.encode))")
    exit(0)
}
let options = Options(args)
Report.header(options)

var rows: [Report.Row] = []
let requests = options.sizes.map { TreeGenerator.request(nodes: $0) }
for bytes in requests {
    let nodes = try bytes.withUnsafeBytes { try DocumentDecoder.decode($0).nodes.count }
    let data = Data(bytes)
    let times = samplePaired(repeats: options.repeats, minSample: options.minSample,
                             ours: { runOurs(bytes).times }, foundation: { runFoundation(data) })
    let shape = runOurs(bytes)
    rows.append(Report.Row(nodes: nodes, bytes: bytes.count, elements: shape.elements, findings: shape.findings,
                           responseBytes: shape.responseBytes, times: times))
    Report.row(rows.last!)
}
Report.growth(rows, rounds: sampleGrowth(requests: requests, repeats: options.repeats, minSample: options.minSample))
Report.memory(size: options.rssSize)
