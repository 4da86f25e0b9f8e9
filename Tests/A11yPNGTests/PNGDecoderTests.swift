import A11yPNG
import A11yTestSupport
import Testing

/// Raw (unfiltered) scanlines: filter byte 0 before each row.
private func unfiltered(_ rows: [[UInt8]]) -> [UInt8] { rows.flatMap { [0] + $0 } }

private func rgba(_ pixels: [(UInt8, UInt8, UInt8, UInt8)]) -> [UInt8] { pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] } }

private func gray(_ values: [UInt8]) -> [UInt8] { values.flatMap { [$0, $0, $0, 255] } }

/// Filters `row` with filter `type` given the row above (PNG spec 9.2), as an encoder does.
private func filter(_ row: [UInt8], previous: [UInt8]?, type: UInt8, bpp: Int) -> [UInt8] {
    var out: [UInt8] = [type]
    for i in 0..<row.count {
        let a = i >= bpp ? Int(row[i - bpp]) : 0
        let b = previous.map { Int($0[i]) } ?? 0
        let c = i >= bpp ? previous.map { Int($0[i - bpp]) } ?? 0 : 0
        let predictor: Int
        switch type {
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: predictor = 0
        }
        out.append(UInt8((Int(row[i]) - predictor) & 0xFF))
    }
    return out
}

@Suite struct PNGDecoderTests {
    // MARK: Colour types and bit depths

    @Test func rgba8IsCopiedAsItIs() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]
        let file = PNGFile.make(width: 2, height: 2, bitDepth: 8, colorType: 6, filtered: unfiltered([Array(pixels[0..<8]), Array(pixels[8...])]))
        #expect(try PNGDecoder.decode(file) == PNGImage(width: 2, height: 2, pixels: pixels))
        // From a slice of a larger buffer (a request body), and from non-contiguous bytes.
        let body: [UInt8] = [1, 2, 3] + file + [4]
        #expect(try PNGDecoder.decode(body[3..<(3 + file.count)]).pixels == pixels)
        #expect(try PNGDecoder.decode(file.lazy.map { $0 }).pixels == pixels)
    }

    @Test(arguments: [true, false]) func rgb8GetsOpaqueAlpha(huffman: Bool) throws {
        let file = PNGFile.make(width: 3, height: 1, bitDepth: 8, colorType: 2, filtered: [0, 1, 2, 3, 4, 5, 6, 200, 100, 50], huffman: huffman)
        let image = try PNGDecoder.decode(file)
        #expect(image.pixels == rgba([(1, 2, 3, 255), (4, 5, 6, 255), (200, 100, 50, 255)]))
    }

    @Test func greyOfOneTwoAndFourBitsScalesToFullRange() throws {
        // 1 bit, 10 pixels: the row's second byte holds two pixels and six padding bits.
        let one = PNGFile.make(width: 10, height: 1, bitDepth: 1, colorType: 0, filtered: [0, 0b1011_0000, 0b1111_1111])
        #expect(try PNGDecoder.decode(one).pixels == gray([255, 0, 255, 255, 0, 0, 0, 0, 255, 255]))
        let two = PNGFile.make(width: 5, height: 1, bitDepth: 2, colorType: 0, filtered: [0, 0b00_01_10_11, 0b10_00_00_00])
        #expect(try PNGDecoder.decode(two).pixels == gray([0, 85, 170, 255, 170]))
        let four = PNGFile.make(width: 3, height: 1, bitDepth: 4, colorType: 0, filtered: [0, 0x0F, 0x70])
        #expect(try PNGDecoder.decode(four).pixels == gray([0, 255, 119]))
    }

    @Test func sixteenBitSamplesRoundToNearest() throws {
        // 8-bit value = round(v / 257): 128 -> 0, 129 -> 1, 32896 -> 128, 65535 -> 255.
        let samples: [UInt16] = [0, 128, 129, 32_896, 32_767, 65_535]
        let file = PNGFile.make(width: 6, height: 1, bitDepth: 16, colorType: 0, filtered: [0] + samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let expected = samples.map { UInt8((Double($0) / 257).rounded()) }
        #expect(expected == [0, 0, 1, 128, 127, 255])
        #expect(try PNGDecoder.decode(file).pixels == gray(expected))
    }

    @Test func greyAlphaAndRGBA16() throws {
        let greyAlpha = PNGFile.make(width: 2, height: 1, bitDepth: 8, colorType: 4, filtered: [0, 10, 20, 30, 40])
        #expect(try PNGDecoder.decode(greyAlpha).pixels == [10, 10, 10, 20, 30, 30, 30, 40])
        let greyAlpha16 = PNGFile.make(width: 1, height: 1, bitDepth: 16, colorType: 4, filtered: [0, 0xFF, 0xFF, 0x80, 0x00])
        #expect(try PNGDecoder.decode(greyAlpha16).pixels == [255, 255, 255, 128])
        let rgba16 = PNGFile.make(width: 1, height: 1, bitDepth: 16, colorType: 6, filtered: [0, 0x01, 0x01, 0x02, 0x02, 0xFE, 0xFE, 0x00, 0x80])
        #expect(try PNGDecoder.decode(rgba16).pixels == [1, 2, 254, 0])
    }

    @Test(arguments: [1, 2, 4, 8]) func paletteWithTransparency(bitDepth: Int) throws {
        let entries = min(4, 1 << bitDepth)
        let palette: [UInt8] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].prefix(entries * 3).map { $0 }
        // tRNS gives alpha to the first entry only; the others stay opaque.
        let extra = [PNGFile.chunk("PLTE", palette), PNGFile.chunk("tRNS", [7])]
        let indices = (0..<8).map { $0 % entries }
        var row: [UInt8] = []
        var byte = 0, used = 0
        for index in indices {
            byte = byte << bitDepth | index
            used += bitDepth
            if used == 8 { row.append(UInt8(byte)); byte = 0; used = 0 }
        }
        if used > 0 { row.append(UInt8(byte << (8 - used))) }
        let file = PNGFile.make(width: 8, height: 1, bitDepth: bitDepth, colorType: 3, filtered: [0] + row, extra: extra)
        let expected: [UInt8] = indices.flatMap { (index: Int) -> [UInt8] in
            [palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2], index == 0 ? 7 : 255]
        }
        #expect(try PNGDecoder.decode(file).pixels == expected)
    }

    @Test func colourKeyTransparencyComparesTheStoredSamples() throws {
        let grey = PNGFile.make(width: 3, height: 1, bitDepth: 8, colorType: 0, filtered: [0, 5, 6, 5], extra: [PNGFile.chunk("tRNS", [0, 5])])
        #expect(try PNGDecoder.decode(grey).pixels == [5, 5, 5, 0, 6, 6, 6, 255, 5, 5, 5, 0])
        // Both 16-bit pixels round to the same 8-bit colour; only the one equal to the key is transparent.
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC]
        let rgb16 = PNGFile.make(width: 2, height: 1, bitDepth: 16, colorType: 2, filtered: [0] + key + [0x12, 0x35, 0x56, 0x78, 0x9A, 0xBC],
                                 extra: [PNGFile.chunk("tRNS", key)])
        let image = try PNGDecoder.decode(rgb16)
        #expect(image.pixel(x: 0, y: 0).a == 0)
        #expect(image.pixel(x: 1, y: 0).a == 255)
        #expect(image.pixel(x: 0, y: 0).r == image.pixel(x: 1, y: 0).r)
        let grey1 = PNGFile.make(width: 4, height: 1, bitDepth: 1, colorType: 0, filtered: [0, 0b0101_0000], extra: [PNGFile.chunk("tRNS", [0, 1])])
        #expect(try PNGDecoder.decode(grey1).pixels == [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255, 0])
    }

    // MARK: Filters, interlacing, chunks, compression

    @Test(arguments: [(8, 2), (8, 6), (1, 0), (16, 2)]) func everyFilterTypeIsUndone(bitDepth: Int, colorType: Int) throws {
        var random = SplitMix64(state: 27)
        let channels = [0: 1, 2: 3, 6: 4][colorType]!
        let bpp = max(1, channels * bitDepth / 8)
        let width = 13, rowBytes = (width * channels * bitDepth + 7) / 8
        // Rows of smooth gradients and noise, so every predictor (left, above, upper-left) wins somewhere.
        var rows: [[UInt8]] = []
        for y in 0..<10 {
            var row: [UInt8] = []
            for x in 0..<rowBytes {
                row.append(y % 3 == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8((x * 7 + y * 13) & 0xFF))
            }
            rows.append(row)
        }
        var filtered: [UInt8] = []
        for (y, row) in rows.enumerated() {
            filtered += filter(row, previous: y > 0 ? rows[y - 1] : nil, type: UInt8(y % 5), bpp: bpp)
        }
        let plain = try PNGDecoder.decode(PNGFile.make(width: width, height: 10, bitDepth: bitDepth, colorType: colorType, filtered: unfiltered(rows)))
        let viaFilters = try PNGDecoder.decode(PNGFile.make(width: width, height: 10, bitDepth: bitDepth, colorType: colorType, filtered: filtered))
        #expect(viaFilters == plain)
        // The first row of each filter type again, where "above" is the zero row.
        for type in UInt8(1)...4 {
            let single = try PNGDecoder.decode(PNGFile.make(width: width, height: 1, bitDepth: bitDepth, colorType: colorType,
                                                            filtered: filter(rows[1], previous: nil, type: type, bpp: bpp)))
            let reference = try PNGDecoder.decode(PNGFile.make(width: width, height: 1, bitDepth: bitDepth, colorType: colorType, filtered: unfiltered([rows[1]])))
            #expect(single == reference, "filter \(type) on the first row")
        }
    }

    /// Adam7: every pixel lands where it belongs, including images smaller than the 8 x 8
    /// pattern, whose empty passes have no rows at all.
    @Test(arguments: [(9, 9), (1, 1), (3, 2), (17, 5)]) func adam7Interlacing(width: Int, height: Int) throws {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { [UInt8(x), UInt8(y), UInt8((x * 31 + y) & 0xFF), 255] }
        var data: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            var previous: [UInt8]?
            for y in stride(from: y0, to: height, by: dy) {
                let row = stride(from: x0, to: width, by: dx).flatMap { pixel($0, y) }
                data += filter(row, previous: previous, type: UInt8(y % 5), bpp: 4)
                previous = row
            }
        }
        let image = try PNGDecoder.decode(PNGFile.make(width: width, height: height, bitDepth: 8, colorType: 6, interlaced: true, filtered: data))
        let expected = (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } }
        #expect(image.pixels == expected)
    }

    @Test func imageDataSplitAcrossIDATChunksAndAncillaryChunksSkipped() throws {
        let raw = unfiltered([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]])
        let whole = try PNGDecoder.decode(PNGFile.make(width: 2, height: 2, bitDepth: 8, colorType: 2, filtered: raw))
        for split in [1, 2, 5] {
            let file = PNGFile.make(width: 2, height: 2, bitDepth: 8, colorType: 2, filtered: raw,
                                    extra: [PNGFile.chunk("tEXt", Array("Comment\0hello".utf8)), PNGFile.chunk("zzZz", [1, 2, 3])], split: split)
            #expect(try PNGDecoder.decode(file) == whole)
        }
    }

    @Test func overlappingCopiesRepeatTheirSource() throws {
        // Row: filter 0, then "abc", a copy of 10 from 3 back, then a copy of 3 from 13 back.
        let tokens: [Token] = [.literal(0), .literal(97), .literal(98), .literal(99), .copy(length: 10, distance: 3), .copy(length: 3, distance: 13)]
        let raw: [UInt8] = [0, 97, 98, 99, 97, 98, 99, 97, 98, 99, 97, 98, 99, 97, 97, 98, 99]
        let file = PNGFile.make(width: 16, height: 1, bitDepth: 8, colorType: 0, stream: PNGFile.zlib(Deflate.fixed(tokens), raw: raw))
        #expect(try PNGDecoder.decode(file).pixels == gray(Array(raw[1...])))
        // Two stored blocks (the first empty) and a fixed one in one stream: a fixed block
        // ends mid-byte, so it comes last here.
        var blocks: [UInt8] = [0, 0, 0, 0xFF, 0xFF]  // not final, stored, 0 bytes
        blocks += [0] + Deflate.stored([0, 1, 2, 3]).dropFirst()
        blocks += Deflate.fixed([.literal(4), .literal(5)], final: true)
        let mixed = PNGFile.make(width: 5, height: 1, bitDepth: 8, colorType: 0, stream: PNGFile.zlib(blocks, raw: [0, 1, 2, 3, 4, 5]))
        #expect(try PNGDecoder.decode(mixed).pixels == gray([1, 2, 3, 4, 5]))
    }

    // MARK: Bad input

    private func refusal(_ file: [UInt8], limits: PNGLimits = PNGLimits()) -> PNGError? {
        do {
            _ = try PNGDecoder.decode(file, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private var small: [UInt8] {
        PNGFile.make(width: 3, height: 2, bitDepth: 8, colorType: 2, filtered: unfiltered([[1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1]]))
    }

    @Test func wrongSignatureIsNotAPNG() throws {
        var file = small
        file[0] = 0x47
        let error = try #require(refusal(file))
        #expect(error.message.contains("not a PNG") && error.offset == 0)
        let text = try #require(refusal(Array("GIF89a".utf8)))
        #expect(text.offset == 0)
        var crlf = small
        crlf.insert(0x0D, at: 5)  // LF became CR LF in a text-mode transfer
        #expect(try #require(refusal(crlf)).message.contains("line endings"))
        #expect(try #require(refusal([])).message.contains("signature"))
    }

    @Test func badCRCNamesTheChunkAndItsOffset() throws {
        var file = small
        file[8 + 8 + 13] ^= 0xFF  // IHDR's CRC
        let error = try #require(refusal(file))
        #expect(error.message.contains("IHDR") && error.message.contains("CRC") && error.offset == 29)
        var data = small
        data[8 + 25 + 8] ^= 0x01  // the first byte of IDAT's data
        #expect(try #require(refusal(data)).message.contains("IDAT"))
    }

    @Test func badAdlerChecksumIsRefused() throws {
        let raw = unfiltered([[1, 2, 3]])
        var stream = PNGFile.zlib(Deflate.fixed(Deflate.tokens(raw)), raw: raw)
        stream[stream.count - 1] ^= 1
        let error = try #require(refusal(PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: 2, stream: stream)))
        #expect(error.message.contains("Adler-32") && error.offset != nil)
    }

    @Test func everyTruncationIsRefused() throws {
        for files in [small, PNGFile.make(width: 3, height: 2, bitDepth: 8, colorType: 2, filtered: unfiltered([[1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1]]), huffman: false)] {
            for length in 0..<files.count {
                let error = refusal(Array(files[0..<length]))
                #expect(error != nil, "cut at \(length) of \(files.count) bytes")
                #expect(error?.offset != nil && error!.offset! <= length, "cut at \(length): \(String(describing: error))")
            }
        }
        // The zlib stream itself cut short, inside chunks whose CRCs are right.
        let raw = unfiltered([[1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4, 3, 2, 1]])
        let stream = PNGFile.zlib(Deflate.fixed(Deflate.tokens(raw)), raw: raw)
        for length in 0..<stream.count {
            let file = PNGFile.make(width: 3, height: 2, bitDepth: 8, colorType: 2, stream: Array(stream[0..<length]))
            #expect(refusal(file) != nil, "zlib stream cut at \(length)")
        }
    }

    @Test func hugeDimensionsAreRefusedAtTheHeader() throws {
        let file = PNGFile.signature + PNGFile.header(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6)
        let error = try #require(refusal(file))
        #expect(error.message.contains("100000 x 100000") && error.offset == 16)
        let wide = PNGFile.signature + PNGFile.header(width: 2_000_000, height: 1, bitDepth: 1, colorType: 0)
        #expect(try #require(refusal(wide)).message.contains("each side"))
        let zero = PNGFile.signature + PNGFile.header(width: 0, height: 5, bitDepth: 8, colorType: 0) + PNGFile.chunk("IEND", [])
        #expect(try #require(refusal(zero)).message.contains("width 0"))
    }

    /// A small file whose stream would inflate far past the image: refused once the output the
    /// header implies is full, whatever the stream claims.
    @Test func decompressionBombIsRefusedAtTheImageSize() throws {
        let tokens: [Token] = [.literal(0), .literal(0)] + Array(repeating: .copy(length: 258, distance: 1), count: 100_000)
        let stream = [0x78, 0x01] + Deflate.fixed(tokens) + [0, 0, 0, 0]  // 25.8 MB from 160 kB
        let file = PNGFile.make(width: 16, height: 16, bitDepth: 8, colorType: 0, stream: stream)
        #expect(file.count < 200_000)
        let error = try #require(refusal(file))
        #expect(error.message.contains("more than the 272 bytes"))
        // A header whose image data alone exceeds the limit is refused before inflating anything.
        let big = PNGFile.make(width: 4000, height: 4000, bitDepth: 8, colorType: 6, stream: stream)
        let limited = try #require(refusal(big, limits: PNGLimits(maxDecompressedBytes: 1 << 20)))
        #expect(limited.message.contains("would inflate to 64004000 bytes"))
        // Within the limits, but more than any 1.6 kB deflate stream can make.
        let short = [0x78, 0x01] + Deflate.fixed(Array(tokens[0..<1000])) + [0, 0, 0, 0]
        let tooFew = try #require(refusal(PNGFile.make(width: 6000, height: 6000, bitDepth: 8, colorType: 6, stream: short)))
        #expect(tooFew.message.contains("too few to inflate to the 144006000 bytes"))
        let pixels = try #require(refusal(big, limits: PNGLimits(maxPixels: 1_000_000)))
        #expect(pixels.message.contains("16000000 pixels"))
    }

    @Test func malformedStructureGivesOneClearError() throws {
        let raw = unfiltered([[1, 2, 3]])
        func file(_ extra: [[UInt8]] = [], colorType: Int = 2, raw data: [UInt8] = raw) -> [UInt8] {
            PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: colorType, filtered: data, extra: extra)
        }
        let cases: [([UInt8], String)] = [
            (file([PNGFile.chunk("ABCD", [])]), "unknown critical chunk ABCD"),
            (file(raw: [5, 1, 2, 3]), "filter type 5"),
            (file(colorType: 3), "no PLTE"),
            (PNGFile.make(width: 2, height: 1, bitDepth: 8, colorType: 3, filtered: [0, 0, 1], extra: [PNGFile.chunk("PLTE", [1, 2, 3])]), "palette index 1"),
            (file([PNGFile.chunk("PLTE", [1, 2])]), "PLTE has 2 bytes"),
            (file(raw: [0, 1]), "ends after 2 of the 4 bytes"),
            (file(raw: [0, 1, 2, 3, 4]), "more than the 4 bytes"),
            (PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: 0, stream: [0x78, 0x01, 0x07, 0, 0, 0, 0, 0]), "reserved type 3"),
            (PNGFile.make(width: 4, height: 1, bitDepth: 8, colorType: 0, stream: [0x78, 0x01] + Deflate.fixed([.literal(0), .copy(length: 4, distance: 2)]) + [0, 0, 0, 0]), "before the start"),
            (PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: 0, stream: [0x78, 0x02, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0, 0]), "check bits"),
            (PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: 0, stream: [0x78, 0x01, 0x01, 0x02, 0x00, 0xFC, 0xFF, 0, 0]), "complement"),
            (PNGFile.signature + PNGFile.chunk("IEND", []), "not IHDR"),
        ]
        for (bytes, expected) in cases {
            let error = refusal(bytes)
            #expect(error?.message.contains(expected) == true, "expected “\(expected)”, got \(String(describing: error))")
            #expect(error?.offset != nil)
        }
        // IDAT, then another chunk, then IDAT again.
        var split = PNGFile.make(width: 1, height: 1, bitDepth: 8, colorType: 2, filtered: raw, split: 4)
        let secondIDAT = 8 + 25 + 16
        split.insert(contentsOf: PNGFile.chunk("tEXt", Array("a\0b".utf8)), at: secondIDAT)
        #expect(refusal(split)?.message.contains("not consecutive") == true)
    }

    /// Damaged files (random bytes changed, including their CRCs fixed up) decode or are refused:
    /// never a crash, never an image of the wrong size.
    @Test func randomDamageNeverCrashes() throws {
        var random = SplitMix64(state: 0x5EED)
        let base = PNGFile.make(width: 7, height: 5, bitDepth: 8, colorType: 6, interlaced: true,
                                filtered: PNGFile.adam7Rows(width: 7, height: 5, bytesPerPixel: 4).flatMap { [UInt8($0.count % 5)] + $0 })
        _ = try PNGDecoder.decode(base)
        for _ in 0..<3000 {
            var file = base
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                file[Int.random(in: 8..<file.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { file = PNGFile.fixingCRCs(file) }
            if let image = try? PNGDecoder.decode(file) {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }
}

extension PNGFile {
    /// The rows of an Adam7 image's passes (without filter bytes), filled with a pattern.
    static func adam7Rows(width: Int, height: Int, bytesPerPixel: Int) -> [[UInt8]] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var rows: [[UInt8]] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                rows.append((0..<(((width - x0 + dx - 1) / dx) * bytesPerPixel)).map { UInt8(($0 * 37 + y * 11) & 0xFF) })
            }
        }
        return rows
    }

    /// The same file with every chunk's CRC recomputed (so damage reaches the decoder's later stages).
    static func fixingCRCs(_ file: [UInt8]) -> [UInt8] {
        var out = Array(file[0..<8])
        var at = 8
        while at + 12 <= file.count {
            let length = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard length >= 0, at + 12 + length <= file.count else { break }
            let body = Array(file[(at + 4)..<(at + 8 + length)])
            out += file[at..<(at + 4)] + body + bigEndian(Checksum.crc32(body))
            at += 12 + length
        }
        return out + file[min(at, file.count)...]
    }
}
