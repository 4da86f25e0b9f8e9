// The image's size from its header alone, so a caller can check it against the screen it
// belongs to and reserve the decoded image's memory before decoding.

extension PNGDecoder {
    /// Width and height as the IHDR chunk (the first chunk, right after the signature) says,
    /// and the bytes a decode will hold at most: the RGBA output plus the inflated rows.
    /// Only the signature and IHDR's place are checked here; `decode` checks the rest.
    public static func size<Bytes: Collection<UInt8>>(of bytes: Bytes) throws(PNGError) -> (width: Int, height: Int) {
        let head = Array(bytes.prefix(24))
        for (i, expected) in ChunkReader.signature.enumerated() {
            guard i < head.count else { throw PNGError("not a PNG file: it ends within the 8-byte signature", offset: head.count) }
            guard head[i] == expected else {
                throw PNGError("not a PNG file: the signature's byte \(i) is 0x\(String(head[i], radix: 16)), not 0x\(String(expected, radix: 16))", offset: i)
            }
        }
        guard head.count == 24 else { throw PNGError("the file is truncated: it ends before IHDR's width and height", offset: head.count) }
        guard head[12...15].elementsEqual("IHDR".utf8) else { throw PNGError("the first chunk is not IHDR", offset: 12) }
        func be32(_ at: Int) -> Int { Int(head[at]) << 24 | Int(head[at + 1]) << 16 | Int(head[at + 2]) << 8 | Int(head[at + 3]) }
        return (be32(16), be32(20))
    }

    /// Most bytes decoding a `width` x `height` image holds at once: the 8-bit RGBA output and
    /// the inflated rows (at most 8 bytes a pixel, 16-bit RGBA, plus a filter byte a row).
    public static func decodedBytes(width: Int, height: Int) -> Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Int.max / 16 else { return Int.max }
        return pixels * 12 + height
    }
}
