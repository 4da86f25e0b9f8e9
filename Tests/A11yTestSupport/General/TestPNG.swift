// PNG files for tests that need a screenshot: 8-bit RGBA, DEFLATE as stored blocks, with
// the CRC-32 and Adler-32 a decoder checks, written by `PNGFile` (PNGWriter.swift).

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
        PNGFile.make(width: width, height: height, bitDepth: 8, colorType: 6, stream: imageData)
    }

    /// A zlib stream (RFC 1950) of stored DEFLATE blocks (RFC 1951 §3.2.4) and the Adler-32.
    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        PNGFile.zlib(Deflate.stored(data), raw: data)
    }
}
