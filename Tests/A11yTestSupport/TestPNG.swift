// PNG files for tests that need a screenshot: 8-bit RGBA, DEFLATE as stored blocks, with
// the CRC-32 and Adler-32 a decoder checks (so tests can also break them on purpose).

public enum TestPNG {
    /// A `width` x `height` RGBA image; `color(x, y)` gives each pixel's (r, g, b, a).
    public static func rgba(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                raw += [r, g, b, a]
            }
        }
        return file(width: width, height: height, imageData: zlib(raw))
    }

    /// One colour all over.
    public static func solid(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)) -> [UInt8] {
        self.rgba(width: width, height: height) { _, _ in rgba }
    }

    /// The signature, IHDR (8-bit RGBA), one IDAT holding `imageData`, IEND.
    public static func file(width: Int, height: Int, imageData: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        out += chunk("IDAT", imageData)
        out += chunk("IEND", [])
        return out
    }

    /// A zlib stream (RFC 1950) of stored DEFLATE blocks (RFC 1951 §3.2.4) and the Adler-32.
    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = end - start
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(Int(b << 16 | a))
    }

    /// Length, type, data and CRC-32 of one chunk.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    public static func be32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
