/// Writes small PNGs for tests: 8-bit RGB, one stored (uncompressed) deflate stream, real
/// CRC-32 and Adler-32 checksums, so any conforming decoder reads them.
public enum TestPNG {
    /// A `width` x `height` PNG of `fill` (0xRRGGBB) with `rects` (x, y, width, height, colour)
    /// painted over it in order.
    public static func make(width: Int, height: Int, fill: UInt32,
                            rects: [(x: Int, y: Int, width: Int, height: Int, color: UInt32)] = []) -> [UInt8] {
        var rgb = [UInt32](repeating: fill, count: width * height)
        for r in rects {
            for y in max(0, r.y)..<min(height, r.y + r.height) {
                for x in max(0, r.x)..<min(width, r.x + r.width) { rgb[y * width + x] = r.color }
            }
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            raw.append(0) // filter: none
            for x in 0..<width {
                let c = rgb[y * width + x]
                raw += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be(b << 16 | a)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return be(UInt32(data.count)) + body + be(~crc)
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
