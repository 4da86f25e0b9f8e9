// Benchmark of A11yPNG's decoder against zlib's inflate and libpng's decode, measured in one
// run on the same generated phone screenshots; see docs/performance.md.
//
//   PNGBench [--repeat N] [--width W] [--height H]   (default 1080 x 2400, best of 7)
//   PNGBench --rss FILE ours|libpng                    (internal: one decode, prints peak RSS in kB)
//   PNGBench --decode FILE OUT                          (our RGBA pixels of FILE into OUT, "W H" on stdout)
//
// Build it in release: swift build -c release --product PNGBench && .build/release/PNGBench
import A11yPNG
import CPNGReference
import PNGReference
import Foundation
import GeneratedInputs

// MARK: Screenshots

/// A phone screen as a UI toolkit draws it: status bar, app bar, a list of cards with avatars
/// and anti-aliased text, a photo, a navigation bar. RGBA, opaque (as screencap writes it).
struct Screen {
    let width: Int, height: Int
    var pixels: [UInt8]
    /// Deterministic, so every run decodes the same images.
    var random = SplitMix64(state: 2400)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        draw()
    }

    mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (Int, Int, Int), coverage: Double = 1) {
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) { blend(x, y, c, coverage) }
        }
    }

    mutating func blend(_ x: Int, _ y: Int, _ c: (Int, Int, Int), _ coverage: Double) {
        let i = (y * width + x) * 4
        for (k, v) in [c.0, c.1, c.2].enumerated() {
            pixels[i + k] = UInt8(Double(pixels[i + k]) * (1 - coverage) + Double(v) * coverage + 0.5)
        }
    }

    /// A rectangle with fractional edges: edge pixels get partial coverage, as text rendering does.
    mutating func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ c: (Int, Int, Int)) {
        for y in Int(y0)...Int(y1) where y >= 0 && y < height {
            let cy = min(Double(y + 1), y1) - max(Double(y), y0)
            guard cy > 0 else { continue }
            for x in Int(x0)...Int(x1) where x >= 0 && x < width {
                let cx = min(Double(x + 1), x1) - max(Double(x), x0)
                if cx > 0 { blend(x, y, c, cx * cy) }
            }
        }
    }

    /// A line of "text": glyphs of two to four strokes each, word gaps, anti-aliased.
    mutating func text(_ x: Int, _ y: Int, size: Double, maxWidth: Int, _ c: (Int, Int, Int)) {
        var pen = Double(x)
        while pen < Double(x + maxWidth) {
            if random.int(0...6) == 0 { pen += size * 0.5; continue }
            let w = size * (0.45 + 0.25 * random.unit())
            for _ in 0..<random.int(2...4) {
                let vertical = random.int(0...1) == 0
                let a = random.unit(), b = random.unit()
                let t = size * 0.11
                if vertical {
                    let sx = pen + a * (w - t)
                    stroke(sx, Double(y) + size * 0.2 * b, sx + t, Double(y) + size, c)
                } else {
                    let sy = Double(y) + size * (0.2 + 0.75 * a)
                    stroke(pen, sy, pen + w * (0.6 + 0.4 * b), sy + t, c)
                }
            }
            pen += w + size * 0.12
        }
    }

    mutating func circle(_ cx: Int, _ cy: Int, _ r: Int, _ c: (Int, Int, Int)) {
        for y in (cy - r - 1)...(cy + r + 1) {
            for x in (cx - r - 1)...(cx + r + 1) {
                let d = ((Double(x - cx) + 0.5) * (Double(x - cx) + 0.5) + (Double(y - cy) + 0.5) * (Double(y - cy) + 0.5)).squareRoot()
                let coverage = min(1, max(0, Double(r) - d + 0.5))
                if coverage > 0 && x >= 0 && y >= 0 && x < width && y < height { blend(x, y, c, coverage) }
            }
        }
    }

    mutating func draw() {
        let s = Double(width) / 1080
        func px(_ v: Double) -> Int { Int(v * s) }
        fill(0, 0, width, height, (246, 246, 248))
        fill(0, 0, width, px(72), (33, 33, 48))                       // status bar
        text(px(40), px(22), size: 28 * s, maxWidth: px(90), (255, 255, 255))
        fill(0, px(72), width, px(230), (98, 0, 238))                 // app bar
        text(px(140), px(125), size: 48 * s, maxWidth: px(420), (255, 255, 255))
        // A photo: smooth light and colour with sensor noise.
        let photoTop = px(250), photoBottom = px(850)
        for y in photoTop..<photoBottom {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y - photoTop) / Double(photoBottom - photoTop)
                let noise = Double(random.int(0...16)) - 8
                let i = (y * width + x) * 4
                pixels[i] = UInt8(max(0.0, min(255.0, 90 + 120 * u * (1 - v) + 40 * sin(u * 9) + noise)))
                pixels[i + 1] = UInt8(max(0.0, min(255.0, 140 + 60 * v + 30 * cos(v * 7 + u * 3) + noise)))
                pixels[i + 2] = UInt8(max(0.0, min(255.0, 180 - 100 * v + 20 * sin((u + v) * 12) + noise)))
            }
        }
        // List rows: card, avatar, title and two lines of body text, divider.
        var top = px(880)
        while top + px(190) < height - px(160) {
            fill(px(24), top, width - px(24), top + px(180), (255, 255, 255))
            circle(px(90), top + px(90), px(48), (random.int(0...255), random.int(0...255), random.int(0...255)))
            text(px(170), top + px(30), size: 38 * s, maxWidth: px(Double(random.int(300...700))), (30, 30, 30))
            text(px(170), top + px(86), size: 30 * s, maxWidth: px(Double(random.int(400...820))), (110, 110, 118))
            text(px(170), top + px(130), size: 30 * s, maxWidth: px(Double(random.int(200...600))), (110, 110, 118))
            fill(px(24), top + px(180), width - px(24), top + px(182), (224, 224, 228))
            top += px(196)
        }
        fill(0, height - px(150), width, height, (255, 255, 255))      // navigation bar
        fill(0, height - px(152), width, height - px(150), (210, 210, 214))
        for i in 0..<4 {
            circle(px(135 + 270 * Double(i)), height - px(95), px(24), (60, 60, 70))
            text(px(95 + 270 * Double(i)), height - px(60), size: 26 * s, maxWidth: px(80), (60, 60, 70))
        }
    }

    /// The same screen without its alpha channel.
    var rgb: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            out[i * 3] = pixels[i * 4]; out[i * 3 + 1] = pixels[i * 4 + 1]; out[i * 3 + 2] = pixels[i * 4 + 2]
        }
        return out
    }
}

/// Encodes with libpng's simplified API at its defaults (zlib level 6, adaptive filters).
func encode(_ pixels: [UInt8], width: Int, height: Int, alpha: Bool) -> [UInt8] {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    // PNG_FORMAT_RGB is PNG_FORMAT_FLAG_COLOR, PNG_FORMAT_RGBA adds PNG_FORMAT_FLAG_ALPHA (macros Swift cannot import).
    image.format = UInt32(alpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
    var size: png_alloc_size_t = 0
    pixels.withUnsafeBytes { _ = png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
    var out = [UInt8](repeating: 0, count: Int(size))
    let ok = pixels.withUnsafeBytes { source in
        out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, source.baseAddress, 0, nil) }
    }
    guard ok != 0 else { fatalError("libpng could not encode the screenshot") }
    return Array(out[0..<Int(size)])
}

// MARK: Decoders

/// The IDAT data joined: what zlib's inflate is given.
func imageData(_ file: [UInt8]) -> [UInt8] {
    var at = 8, out: [UInt8] = []
    while at + 8 <= file.count {
        let length = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        if file[at + 4] == 0x49 && file[at + 5] == 0x44 && file[at + 6] == 0x41 && file[at + 7] == 0x54 {
            out += file[(at + 8)..<(at + 8 + length)]
        }
        at += 12 + length
    }
    return out
}

// MARK: Measuring

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The best of `repeats` timings, in seconds.
func best(_ repeats: Int, _ body: () -> Void) -> Double {
    var fastest = Double.infinity
    for _ in 0..<repeats {
        let start = now()
        body()
        fastest = min(fastest, now() - start)
    }
    return fastest
}

/// Peak RSS of this process image in kB (VmHWM: Linux carries ru_maxrss over exec, so a
/// child would report its parent's peak).
func peakRSSKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

/// Peak RSS of a child process decoding `file` once with `decoder`.
func childRSS(_ file: String, _ decoder: String) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--rss", file, decoder]
    let pipe = Pipe()
    process.standardOutput = pipe
    try! process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

// MARK: Main

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--rss", arguments.count == 3 {
    let file = [UInt8](FileManager.default.contents(atPath: arguments[1])!)
    let before = peakRSSKilobytes()  // the process, Foundation and the file
    if arguments[2] == "ours" {
        let image = try PNGDecoder.decode(file)
        precondition(image.pixels.count > 0)
    } else {
        let width = Int(file[16]) << 24 | Int(file[17]) << 16 | Int(file[18]) << 8 | Int(file[19])
        let height = Int(file[20]) << 24 | Int(file[21]) << 16 | Int(file[22]) << 8 | Int(file[23])
        var output = [UInt8](repeating: 0, count: width * height * 4)
        _ = libpngDecode(file, into: &output)
    }
    print(peakRSSKilobytes() - before)
    exit(0)
}
if arguments.first == "--decode", arguments.count == 3 {
    do {
        let image = try PNGDecoder.decode([UInt8](FileManager.default.contents(atPath: arguments[1]) ?? Data()))
        _ = FileManager.default.createFile(atPath: arguments[2], contents: Data(image.pixels))
        print(image.width, image.height)
    } catch {
        print("error: \(error)")
        exit(2)
    }
    exit(0)
}
var repeats = 7, width = 1080, height = 2400
while let flag = arguments.first {
    arguments.removeFirst()
    guard let value = arguments.first.flatMap(Int.init) else { print("usage: PNGBench [--repeat N] [--width W] [--height H]"); exit(2) }
    arguments.removeFirst()
    switch flag {
    case "--repeat": repeats = max(1, value)
    case "--width": width = value
    case "--height": height = value
    default: print("unknown flag \(flag)"); exit(2)
    }
}

let screen = Screen(width: width, height: height)
print("PNG decode of a \(width) x \(height) generated phone screenshot, best of \(repeats); MB/s of RGBA output (zlib: of inflated bytes)")
print("image  file KB  ours ms  ours MB/s  zlib inflate ms  zlib MB/s  libpng ms  libpng MB/s  ours/libpng")
for alpha in [false, true] {
    let file = encode(alpha ? screen.pixels : screen.rgb, width: width, height: height, alpha: alpha)
    let compressed = imageData(file)
    let rgbaBytes = Double(width * height * 4)
    let inflatedCount = height * (1 + width * (alpha ? 4 : 3))

    // Every decoder must agree on the pixels before it is timed.
    let ours = try PNGDecoder.decode(file)
    var reference = [UInt8](repeating: 0, count: width * height * 4)
    _ = libpngDecode(file, into: &reference)
    precondition(ours.pixels == reference && ours.pixels == screen.pixels, "decoders disagree")

    let oursTime = best(repeats) { _ = try! PNGDecoder.decode(file) }
    var inflated = [UInt8](repeating: 0, count: inflatedCount)
    let zlibTime = best(repeats) { zlibInflate(compressed, into: &inflated) }
    let libpngTime = best(repeats) { _ = libpngDecode(file, into: &reference) }
    print([alpha ? "RGBA " : "RGB  ", String(file.count / 1024),
           format(oursTime * 1000), format(rgbaBytes / oursTime / 1e6, 0),
           format(zlibTime * 1000), format(Double(inflatedCount) / zlibTime / 1e6, 0),
           format(libpngTime * 1000), format(rgbaBytes / libpngTime / 1e6, 0),
           format(oursTime / libpngTime, 2) + "x"].joined(separator: "  "))

    let path = NSTemporaryDirectory() + "pngbench-\(getpid())-\(alpha ? "rgba" : "rgb").png"
    _ = FileManager.default.createFile(atPath: path, contents: Data(file))
    defer { try? FileManager.default.removeItem(atPath: path) }
    func mib(_ kilobytes: Int) -> String { format(Double(kilobytes) / 1024) }
    print("       peak RSS added by one decode: ours \(mib(childRSS(path, "ours"))) MiB, libpng \(mib(childRSS(path, "libpng"))) MiB"
          + " (RGBA output \(mib(Int(rgbaBytes) / 1024)) MiB, inflated rows \(mib(inflatedCount / 1024)) MiB)")
}
