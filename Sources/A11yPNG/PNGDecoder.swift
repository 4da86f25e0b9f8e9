// A strict, bounded PNG decoder of our own (PNG: ISO/IEC 15948, W3C PNG 2nd edition), with
// zlib (RFC 1950) and DEFLATE (RFC 1951) of our own: no zlib, no libpng, no Foundation.
//
// Every image comes out as 8-bit RGBA, whatever its colour type and bit depth; see
// `PNGImage`. Bad input is one `PNGError` naming what went wrong and at which byte.

/// A decoded image: 8 bits per channel, red, green, blue, alpha, row-major, top row first.
/// `pixels.count == width * height * 4`; pixel (x, y) starts at `(y * width + x) * 4`.
public struct PNGImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// What a decode may cost. Each bound is checked before the memory it guards is allocated.
public struct PNGLimits: Sendable, Equatable {
    /// Most pixels (width × height) an image may have: 40,000,000 by default (a 4K screenshot
    /// is 8.3 M, a phone's 2.6 M). The RGBA output is 4 bytes per pixel (160 MB at the bound).
    public var maxPixels: Int
    /// Most bytes the IHDR may say the image inflates to (filter bytes included, all Adam7
    /// passes together): 256 MiB by default. The inflater never writes past the size the
    /// header implies, so a small file that inflates to gigabytes is refused at that point.
    public var maxDecompressedBytes: Int
    /// Most width or height, each: 1,000,000 by default (PNG's own bound is 2^31 - 1).
    public var maxDimension: Int
    /// Most chunks a file may have: 100,000 by default (bounds the work on a stream of tiny chunks).
    public var maxChunks: Int

    public init(maxPixels: Int = 40_000_000, maxDecompressedBytes: Int = 256 << 20,
                maxDimension: Int = 1_000_000, maxChunks: Int = 100_000) {
        self.maxPixels = maxPixels
        self.maxDecompressedBytes = maxDecompressedBytes
        self.maxDimension = maxDimension
        self.maxChunks = maxChunks
    }
}

/// Why a file was refused: one sentence naming what, and the byte offset in the file where
/// the problem was found (nil when it concerns the file as a whole).
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int?

    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }
}

public enum PNGDecoder {
    /// Decodes a whole PNG file into 8-bit RGBA.
    public static func decode(_ bytes: [UInt8], limits: PNGLimits = PNGLimits()) throws(PNGError) -> PNGImage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PNGError) -> PNGImage in
            try decode(UnsafeRawBufferPointer(buffer), limits: limits)
        }
    }

    /// Decodes a whole PNG file held in any byte collection (an `ArraySlice` of a request
    /// body, say); contiguous storage is read in place, anything else is copied once.
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, limits: PNGLimits = PNGLimits()) throws(PNGError) -> PNGImage {
        let result = bytes.withContiguousStorageIfAvailable { (buffer) -> Result<PNGImage, PNGError> in
            Result { () throws(PNGError) -> PNGImage in try decode(UnsafeRawBufferPointer(buffer), limits: limits) }
        }
        if let result { return try result.get() }
        return try decode(Array(bytes), limits: limits)
    }

    /// Decodes a whole PNG file held in memory the caller owns.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limits: PNGLimits = PNGLimits()) throws(PNGError) -> PNGImage {
        let chunks = try ChunkReader(bytes, limits: limits)
        return try ImageDecoder(chunks: chunks, file: bytes, limits: limits).decode()
    }
}
