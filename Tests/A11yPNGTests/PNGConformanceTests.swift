#if canImport(Glibc)
import Glibc
#endif
import A11yPNG
import A11yTestSupport
import Testing

/// PngSuite and pypng-checked encodings (written by Scripts/pngsuite.sh into .build/pngsuite)
/// decode to pypng's pixels; the corrupt x*-images are refused. Scripts/test.sh writes the
/// corpus first; elsewhere the test runs when the corpus is there (with CI set, it must be).
@Suite struct PNGConformanceTests {
    static let folder = Repository.path(".build/pngsuite/images")
    static let manifest: [Substring]? = readFile(folder + "/manifest.txt").map {
        String(decoding: $0, as: UTF8.self).split(separator: "\n")
    }
    static let required = getenv("CI") != nil

    @Test(.enabled(if: manifest != nil || required, "run Scripts/pngsuite.sh to write the PngSuite corpus"))
    func everyImageMatchesTheReferenceDecoder() throws {
        let lines = try #require(Self.manifest, "no .build/pngsuite/images/manifest.txt: Scripts/pngsuite.sh writes it")
        var good = 0, bad = 0
        for line in lines {
            let fields = line.split(separator: " ")
            let name = String(fields[1])
            let file = try #require(readFile("\(Self.folder)/\(name).png"), "\(name).png missing")
            if fields[0] == "bad" {
                #expect(throws: PNGError.self, "\(name) is corrupt and must be refused") { try PNGDecoder.decode(file) }
                bad += 1
                continue
            }
            let expected = try #require(readFile("\(Self.folder)/\(name).rgba"))
            let image: PNGImage
            do { image = try PNGDecoder.decode(file) } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(image.width == Int(fields[2]) && image.height == Int(fields[3]), "\(name): size")
            if image.pixels != expected {
                let index = zip(image.pixels, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                Issue.record("\(name): pixel \(index / 4 % image.width),\(index / 4 / image.width) channel \(index % 4) is \(image.pixels.count > index ? image.pixels[index] : 0), pypng says \(expected.count > index ? expected[index] : 0)")
            }
            good += 1
        }
        #expect(good >= 100 && bad >= 14, "the corpus is smaller than Scripts/pngsuite.py writes")
    }
}
