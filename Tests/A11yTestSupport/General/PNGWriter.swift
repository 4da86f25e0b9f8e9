// A small PNG encoder for the tests: chunks with CRC-32, zlib with Adler-32, and DEFLATE as
// stored blocks or fixed-Huffman blocks (literals and copies), so each decoder feature can be
// fed exactly the bytes it should see, and damaged on purpose. `TestPNG` builds on it.

/// One DEFLATE symbol of a fixed-Huffman block.
public enum Token: Equatable {
    case literal(UInt8)
    /// `length` bytes (3 to 258) from `distance` bytes back (1 to 32,768).
    case copy(length: Int, distance: Int)
}

public enum Deflate {
    /// Stored blocks of at most `blockSize` bytes (RFC 1951 3.2.4).
    public static func stored(_ data: [UInt8], blockSize: Int = 65_535) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(data.count, start + blockSize)
            let length = end - start
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out
    }

    /// Tokens for `data`: runs of one byte become distance-1 copies, the rest literals.
    public static func tokens(_ data: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < data.count {
            var run = 0
            while i > 0 && i + run < data.count && data[i + run] == data[i - 1] && run < 258 { run += 1 }
            if run >= 3 {
                tokens.append(.copy(length: run, distance: 1))
                i += run
            } else {
                tokens.append(.literal(data[i]))
                i += 1
            }
        }
        return tokens
    }

    /// One final fixed-Huffman block (RFC 1951 3.2.6) of `tokens`, then end-of-block.
    public static func fixed(_ tokens: [Token], final: Bool = true) -> [UInt8] {
        var bits = BitWriter()
        bits.write(final ? 1 : 0, count: 1)
        bits.write(1, count: 2)
        for token in tokens {
            switch token {
            case .literal(let byte): bits.writeLiteralLength(Int(byte))
            case .copy(let length, let distance):
                let lengthCode = lengthBases.lastIndex { $0 <= length }!
                bits.writeLiteralLength(257 + lengthCode)
                bits.write(length - lengthBases[lengthCode], count: lengthExtras[lengthCode])
                let distanceCode = distanceBases.lastIndex { $0 <= distance }!
                bits.writeHuffman(distanceCode, length: 5)
                bits.write(distance - distanceBases[distanceCode], count: distanceExtras[distanceCode])
            }
        }
        bits.writeLiteralLength(256)
        return bits.bytes()
    }

    public static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    public static let lengthExtras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    public static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    public static let distanceExtras = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
}

/// Bits least significant first, as DEFLATE packs them.
public struct BitWriter {
    public init() {}
    private var out: [UInt8] = []
    private var buffer = 0
    private var count = 0

    public mutating func write(_ value: Int, count bits: Int) {
        buffer |= value << count
        count += bits
        while count >= 8 {
            out.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// Huffman codes go most significant bit first.
    public mutating func writeHuffman(_ code: Int, length: Int) {
        var reversed = 0
        for i in 0..<length { reversed |= (code >> i & 1) << (length - 1 - i) }
        write(reversed, count: length)
    }

    public mutating func writeLiteralLength(_ symbol: Int) {
        switch symbol {
        case 0..<144: writeHuffman(0x30 + symbol, length: 8)
        case 144..<256: writeHuffman(0x190 + symbol - 144, length: 9)
        case 256..<280: writeHuffman(symbol - 256, length: 7)
        default: writeHuffman(0xC0 + symbol - 280, length: 8)
        }
    }

    public func bytes() -> [UInt8] { count > 0 ? out + [UInt8(buffer & 0xFF)] : out }
}

public enum Checksum {
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

public func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

/// A PNG file built chunk by chunk.
public struct PNGFile {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(Checksum.crc32(body))
    }

    public static func header(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
    }

    /// A zlib stream (RFC 1950): header 78 01, the deflate data, the Adler-32 of `raw`.
    public static func zlib(_ deflate: [UInt8], raw: [UInt8]) -> [UInt8] {
        [0x78, 0x01] + deflate + bigEndian(Checksum.adler32(raw))
    }

    /// A whole file: IHDR, `extra` chunks (PLTE, tRNS, ancillary), the data in IDAT chunks of
    /// `split` bytes (all in one when nil), IEND.
    public static func make(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false,
                     filtered raw: [UInt8], extra: [[UInt8]] = [], split: Int? = nil, huffman: Bool = true) -> [UInt8] {
        let stream = zlib(huffman ? Deflate.fixed(Deflate.tokens(raw)) : Deflate.stored(raw), raw: raw)
        return make(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced,
                    stream: stream, extra: extra, split: split)
    }

    public static func make(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false,
                     stream: [UInt8], extra: [[UInt8]] = [], split: Int? = nil) -> [UInt8] {
        var file = signature + header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced)
        for chunk in extra { file += chunk }
        let size = max(1, split ?? stream.count)
        var start = 0
        repeat {
            let end = min(stream.count, start + size)
            file += chunk("IDAT", Array(stream[start..<end]))
            start = end
        } while start < stream.count
        return file + chunk("IEND", [])
    }
}
