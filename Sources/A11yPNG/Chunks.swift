// The PNG file structure (PNG spec, clause 5): the signature, then chunks of length, type,
// data and a CRC-32 over type and data, from IHDR to IEND.

/// IHDR (11.2.2): the image's size and how its pixels are stored.
struct Header {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced: Bool

    /// Samples per pixel of each colour type: 0 grey, 2 RGB, 3 palette index, 4 grey + alpha, 6 RGBA.
    var channels: Int {
        switch colorType {
        case 2: return 3
        case 4: return 2
        case 6: return 4
        default: return 1
        }
    }

    var bitsPerPixel: Int { channels * bitDepth }
    /// Bytes from one pixel to the same byte of the next, as filters use it (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
}

/// Adam7 (8.2): seven passes over the image, each a sub-image of every `dx`-th column from
/// `x0` and every `dy`-th row from `y0`.
struct Pass {
    var x0: Int, y0: Int, dx: Int, dy: Int

    static let adam7 = [Pass(x0: 0, y0: 0, dx: 8, dy: 8), Pass(x0: 4, y0: 0, dx: 8, dy: 8),
                        Pass(x0: 0, y0: 4, dx: 4, dy: 8), Pass(x0: 2, y0: 0, dx: 4, dy: 4),
                        Pass(x0: 0, y0: 2, dx: 2, dy: 4), Pass(x0: 1, y0: 0, dx: 2, dy: 2),
                        Pass(x0: 0, y0: 1, dx: 1, dy: 2)]
    static let whole = Pass(x0: 0, y0: 0, dx: 1, dy: 1)

    func width(_ imageWidth: Int) -> Int { imageWidth > x0 ? (imageWidth - x0 + dx - 1) / dx : 0 }
    func height(_ imageHeight: Int) -> Int { imageHeight > y0 ? (imageHeight - y0 + dy - 1) / dy : 0 }
}

/// CRC-32 (ISO 3309, as PNG uses it), slicing by 4 bytes at a time.
enum CRC32 {
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 4 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for n in 0..<256 {
            for k in 1..<4 {
                let previous = tables[(k - 1) * 256 + n]
                tables[k * 256 + n] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            var crc: UInt32 = 0xFFFF_FFFF
            var i = 0
            let count = bytes.count
            while i + 4 <= count {
                crc ^= UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                crc = t[768 + Int(crc & 0xFF)] ^ t[512 + Int((crc >> 8) & 0xFF)]
                    ^ t[256 + Int((crc >> 16) & 0xFF)] ^ t[Int(crc >> 24)]
                i += 4
            }
            while i < count {
                crc = t[Int((crc ^ UInt32(bytes[i])) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}

/// The chunks a decode needs, read and checked.
struct ChunkReader {
    var header: Header
    /// PLTE entries as RGBA (alpha from tRNS, 255 otherwise).
    var palette: [UInt8] = []
    var paletteCount = 0
    /// tRNS of colour types 0 and 2: the sample values (at the image's bit depth) that are
    /// transparent; a value out of the bit depth's range matches no pixel.
    var colorKey: [Int]? = nil
    /// The IDAT data, in order: (offset in the file, length).
    var imageData: [(offset: Int, length: Int)] = []
    var firstIDAT = 0

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    init(_ bytes: UnsafeRawBufferPointer, limits: PNGLimits) throws(PNGError) {
        for (i, expected) in Self.signature.enumerated() {
            guard i < bytes.count else { throw PNGError("not a PNG file: it ends within the 8-byte signature", offset: bytes.count) }
            guard bytes[i] == expected else {
                let hint = i >= 4 ? " (line endings converted in transfer?)" : ""
                throw PNGError("not a PNG file: the signature's byte \(i) is 0x\(String(bytes[i], radix: 16)), not 0x\(String(expected, radix: 16))\(hint)", offset: i)
            }
        }
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = 8
        var chunks = 0
        var header: Header?
        var seenPLTE = false, seenTRNS = false, seenIEND = false
        var idatState = 0  // 0 none yet, 1 in the IDAT run, 2 after it
        var transparency: (offset: Int, length: Int)?
        while !seenIEND {
            guard offset + 8 <= bytes.count else {
                throw PNGError(offset == bytes.count ? "the file is truncated: it ends before IEND" : "the file is truncated within a chunk header", offset: offset)
            }
            let length = be32(offset)
            let typeBytes = (0..<4).map { bytes[offset + 4 + $0] }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw PNGError("a chunk type is not four ASCII letters (bytes \(typeBytes.map { String($0, radix: 16) }.joined(separator: " ")))", offset: offset + 4)
            }
            guard length <= 0x7FFF_FFFF else { throw PNGError("chunk \(type) declares \(length) bytes, more than 2^31 - 1", offset: offset) }
            let data = offset + 8
            guard data + length + 4 <= bytes.count else {
                throw PNGError("the file is truncated within chunk \(type) (\(length) bytes declared, \(max(0, bytes.count - data)) present)", offset: offset)
            }
            chunks += 1
            guard chunks <= limits.maxChunks else { throw PNGError("the file has more than \(limits.maxChunks) chunks", offset: offset) }
            let stored = UInt32(be32(data + length))
            let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(data + length)]))
            guard stored == computed else {
                throw PNGError("chunk \(type)'s CRC is wrong (stored \(hex(stored)), computed \(hex(computed)))", offset: data + length)
            }
            if header == nil && type != "IHDR" { throw PNGError("the first chunk is \(type), not IHDR", offset: offset) }
            if idatState == 1 && type != "IDAT" { idatState = 2 }
            switch type {
            case "IHDR":
                guard header == nil else { throw PNGError("a second IHDR chunk", offset: offset) }
                guard length == 13 else { throw PNGError("IHDR has \(length) bytes, not 13", offset: offset) }
                header = try Self.readHeader(width: be32(data), height: be32(data + 4), bitDepth: Int(bytes[data + 8]),
                                             colorType: Int(bytes[data + 9]), compression: Int(bytes[data + 10]),
                                             filter: Int(bytes[data + 11]), interlace: Int(bytes[data + 12]), at: data, limits: limits)
            case "PLTE":
                guard !seenPLTE else { throw PNGError("a second PLTE chunk", offset: offset) }
                guard idatState == 0 else { throw PNGError("PLTE comes after the image data", offset: offset) }
                guard !seenTRNS else { throw PNGError("PLTE comes after tRNS", offset: offset) }
                let colorType = header!.colorType
                guard colorType != 0 && colorType != 4 else { throw PNGError("a greyscale image (colour type \(colorType)) has a PLTE chunk", offset: offset) }
                guard length % 3 == 0, length > 0 else { throw PNGError("PLTE has \(length) bytes, not a multiple of 3", offset: offset) }
                let count = length / 3
                guard count <= 256 else { throw PNGError("PLTE has \(count) entries, more than 256", offset: offset) }
                if colorType == 3 {
                    // Entries past what the bit depth can index are unreachable; some encoders
                    // always write 256 (libpng accepts them too).
                    paletteCount = count
                    palette = [UInt8](repeating: 255, count: 256 * 4)
                    for i in 0..<count {
                        palette[i * 4] = bytes[data + i * 3]
                        palette[i * 4 + 1] = bytes[data + i * 3 + 1]
                        palette[i * 4 + 2] = bytes[data + i * 3 + 2]
                    }
                }
                seenPLTE = true
            case "tRNS":
                guard !seenTRNS else { throw PNGError("a second tRNS chunk", offset: offset) }
                guard idatState == 0 else { throw PNGError("tRNS comes after the image data", offset: offset) }
                seenTRNS = true
                transparency = (offset, length)
            case "IDAT":
                guard idatState != 2 else { throw PNGError("IDAT chunks are not consecutive", offset: offset) }
                if header!.colorType == 3 && !seenPLTE { throw PNGError("a palette image has no PLTE chunk before its image data", offset: offset) }
                if idatState == 0 { firstIDAT = offset }
                idatState = 1
                imageData.append((data, length))
            case "IEND":
                guard idatState != 0 else { throw PNGError("the file has no IDAT chunk", offset: offset) }
                seenIEND = true
            default:
                // Bit 5 of the first byte: lowercase = ancillary, safe to skip; uppercase = critical.
                guard typeBytes[0] & 0x20 != 0 else {
                    throw PNGError("unknown critical chunk \(type): this decoder cannot show the image without it", offset: offset)
                }
            }
            offset = data + length + 4
        }
        self.header = header!
        if let (at, length) = transparency { try readTransparency(bytes, at: at, length: length) }
    }

    private static func readHeader(width: Int, height: Int, bitDepth: Int, colorType: Int, compression: Int,
                                   filter: Int, interlace: Int, at data: Int, limits: PNGLimits) throws(PNGError) -> Header {
        guard width > 0, width <= 0x7FFF_FFFF else { throw PNGError("IHDR width \(width) is not between 1 and 2^31 - 1", offset: data) }
        guard height > 0, height <= 0x7FFF_FFFF else { throw PNGError("IHDR height \(height) is not between 1 and 2^31 - 1", offset: data + 4) }
        let allowed: [Int]
        switch colorType {
        case 0: allowed = [1, 2, 4, 8, 16]
        case 3: allowed = [1, 2, 4, 8]
        case 2, 4, 6: allowed = [8, 16]
        default: throw PNGError("IHDR colour type \(colorType) is not 0, 2, 3, 4 or 6", offset: data + 9)
        }
        guard allowed.contains(bitDepth) else {
            throw PNGError("IHDR bit depth \(bitDepth) is not allowed for colour type \(colorType) (allowed: \(allowed.map(String.init).joined(separator: ", ")))", offset: data + 8)
        }
        guard compression == 0 else { throw PNGError("IHDR compression method \(compression) is not 0", offset: data + 10) }
        guard filter == 0 else { throw PNGError("IHDR filter method \(filter) is not 0", offset: data + 11) }
        guard interlace <= 1 else { throw PNGError("IHDR interlace method \(interlace) is not 0 or 1", offset: data + 12) }
        guard width <= limits.maxDimension, height <= limits.maxDimension else {
            throw PNGError("the image is \(width) x \(height) pixels; each side may be at most \(limits.maxDimension)", offset: data)
        }
        guard width * height <= limits.maxPixels else {
            throw PNGError("the image is \(width) x \(height) = \(width * height) pixels, more than the limit of \(limits.maxPixels)", offset: data)
        }
        return Header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlace == 1)
    }

    /// tRNS (11.3.2.1): alpha per palette entry, or the one transparent grey or RGB value.
    private mutating func readTransparency(_ bytes: UnsafeRawBufferPointer, at offset: Int, length: Int) throws(PNGError) {
        let data = offset + 8
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        switch header.colorType {
        case 3:
            guard length <= paletteCount else { throw PNGError("tRNS has \(length) entries, more than the palette's \(paletteCount)", offset: offset) }
            for i in 0..<length { palette[i * 4 + 3] = bytes[data + i] }
        case 0:
            guard length == 2 else { throw PNGError("tRNS of a greyscale image has \(length) bytes, not 2", offset: offset) }
            colorKey = [be16(data)]
        case 2:
            guard length == 6 else { throw PNGError("tRNS of an RGB image has \(length) bytes, not 6", offset: offset) }
            colorKey = [be16(data), be16(data + 2), be16(data + 4)]
        default:
            // Images with an alpha channel may not have tRNS; like libpng, it is ignored.
            break
        }
    }
}
