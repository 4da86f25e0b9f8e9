import A11yCore
import A11yImport
import A11yPNG
import PNGReference
import Foundation
import A11yModel
import A11yReports

/// `A11yBench --screenshot DUMP PNG [REPEATS]`: the whole audit of a dump with its screenshot
/// (import, PNG decode and placement, engines, rules, the JSON answer) next to decoding that
/// screenshot alone, with our decoder and with libpng, best of REPEATS, in one run
/// (docs/performance.md, "Audits with a screenshot"). The audit should stay within 2x of
/// libpng's decode: the screenshot's pixels are the larger part of the work.
enum ScreenshotBench {
    static func run(dump: String, png: String, repeats: Int) -> Int32 {
        guard let tree = FileManager.default.contents(atPath: dump).map(Array.init),
              let file = FileManager.default.contents(atPath: png).map(Array.init) else {
            FileHandle.standardError.write(Data("cannot read \(dump) or \(png)\n".utf8))
            return 2
        }
        var output = [UInt8](repeating: 0, count: 0)
        var size = (width: 0, height: 0)
        let libpng = best(repeats) {
            size = try! PNGDecoder.size(of: file)
            output = [UInt8](repeating: 0, count: size.width * size.height * 4)
            _ = libpngDecode(file, into: &output)
        }
        let ours = best(repeats) { _ = try! PNGDecoder.decode(file) }
        var answer = 0
        let audit = best(repeats) {
            let run = tree.withUnsafeBytes { bytes in
                try! Result { () throws(InputError) in
                    try Audit.run(bytes, AuditSettings(screenshot: ScreenshotFile(name: png, bytes: file[...])))
                }.get()
            }
            answer = run.render(.json).count
        }
        print("screenshot \(size.width) x \(size.height), \(file.count) bytes; dump \(tree.count) bytes; answer \(answer) bytes")
        print(String(format: "libpng decode      %8.2f ms", libpng * 1e3))
        print(String(format: "our decode         %8.2f ms  (%.2fx libpng)", ours * 1e3, ours / libpng))
        print(String(format: "audit + screenshot %8.2f ms  (%.2fx libpng's decode)", audit * 1e3, audit / libpng))
        return audit <= 2 * libpng ? 0 : 1
    }

    static func best(_ repeats: Int, _ body: () -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return fastest
    }
}
