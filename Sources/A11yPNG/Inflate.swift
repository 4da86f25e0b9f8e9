// zlib (RFC 1950) and DEFLATE (RFC 1951) decompression into a buffer of a size known in
// advance: a PNG's header says exactly how many bytes its image data inflates to, so the
// output is allocated once and the stream is refused the moment it would write past it
// (a decompression bomb costs no more memory than the image it claims to be).

/// Where a compressed stream's bytes came from in the file: IDAT data may be split across
/// chunks, so positions in the joined stream are mapped back to file offsets for errors.
struct StreamOrigin {
    /// (position in the joined stream, offset in the file) of each piece, in order.
    var pieces: [(stream: Int, file: Int)]

    func fileOffset(_ position: Int) -> Int {
        var found = pieces.first ?? (0, 0)
        for piece in pieces where piece.stream <= position { found = piece }
        return found.file + (position - found.stream)
    }
}

/// A canonical Huffman code as lookup tables: the first `primaryBits` bits of input index the
/// primary table; longer codes continue in a subtable of `maxLength - primaryBits` bits.
///
/// Entry layout (UInt32): bits 0-3 the bits to consume (0 = no code has these bits),
/// bit 6 set = subtable link (bits 0-3 then give the subtable's index bits), bits 8-31 the
/// symbol, or the subtable's start for a link.
struct HuffmanTable {
    var entries: [UInt32]
    let primaryBits: Int

    static let linkFlag: UInt32 = 0x40

    /// Builds the table for `lengths` (one code length per symbol, 0 = unused). Refuses an
    /// over-subscribed code, and an incomplete one unless it is a single code of one bit
    /// (RFC 1951 3.2.7 allows one distance code; zlib accepts that for both alphabets).
    init?(lengths: UnsafeBufferPointer<UInt8>, primaryBits: Int, allowEmpty: Bool) {
        var count = [Int](repeating: 0, count: 16)
        for length in lengths { count[Int(length)] += 1 }
        count[0] = 0
        var left = 1
        var maxLength = 0
        for length in 1...15 {
            left = (left << 1) - count[length]
            if left < 0 { return nil }  // over-subscribed
            if count[length] > 0 { maxLength = length }
        }
        if maxLength == 0 {
            guard allowEmpty else { return nil }
        } else if left > 0 && maxLength != 1 {
            return nil  // incomplete
        }
        self.primaryBits = primaryBits
        let subBits = max(0, maxLength - primaryBits)
        let longCodes = maxLength > primaryBits ? (primaryBits + 1...maxLength).reduce(0) { $0 + count[$1] } : 0
        var table = [UInt32](repeating: 0, count: (1 << primaryBits) + longCodes << subBits)
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + count[length - 1]) << 1
            nextCode[length] = code
        }
        var nextSubtable = 1 << primaryBits
        let primaryMask = (1 << primaryBits) - 1
        for symbol in 0..<lengths.count {
            let length = Int(lengths[symbol])
            guard length > 0 else { continue }
            let reversed = Self.reverse(nextCode[length], length)
            nextCode[length] += 1
            if length <= primaryBits {
                let entry = UInt32(symbol) << 8 | UInt32(length)
                var i = reversed
                while i <= primaryMask {
                    table[i] = entry
                    i += 1 << length
                }
            } else {
                let prefix = reversed & primaryMask
                if table[prefix] == 0 {
                    table[prefix] = UInt32(nextSubtable) << 8 | Self.linkFlag | UInt32(subBits)
                    nextSubtable += 1 << subBits
                }
                let start = Int(table[prefix] >> 8)
                let rest = length - primaryBits
                let entry = UInt32(symbol) << 8 | UInt32(rest)
                var i = reversed >> primaryBits
                while i < 1 << subBits {
                    table[start + i] = entry
                    i += 1 << rest
                }
            }
        }
        entries = table
    }

    private static func reverse(_ code: Int, _ length: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<length {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }

    /// RFC 1951 3.2.6: the fixed literal/length and distance codes.
    static let fixedLiteralLength: HuffmanTable = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return lengths.withUnsafeBufferPointer { HuffmanTable(lengths: $0, primaryBits: 10, allowEmpty: false)! }
    }()
    static let fixedDistance: HuffmanTable = {
        let lengths = [UInt8](repeating: 5, count: 32)  // 30 and 31 complete the code but are never valid
        return lengths.withUnsafeBufferPointer { HuffmanTable(lengths: $0, primaryBits: 8, allowEmpty: false)! }
    }()
}

/// Length and distance symbols (RFC 1951 3.2.5): base value and extra bits.
private let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
private let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
private let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                      257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                      8193, 12289, 16385, 24577]
private let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                      7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
/// The order code-length code lengths are sent in (RFC 1951 3.2.7).
private let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/// Inflates one zlib stream from `input` into `output`, which must be filled exactly.
/// `what` names the data in error messages ("the image data").
struct Inflater: ~Copyable {
    private let input: UnsafeRawBufferPointer
    private let output: UnsafeMutableBufferPointer<UInt8>
    private let origin: StreamOrigin
    private let what: String

    /// The next input byte not yet in `bitBuffer`.
    private var position = 0
    /// Zero bytes fed to `bitBuffer` past the end of the input (reading them is truncation).
    private var padding = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var written = 0

    init(input: UnsafeRawBufferPointer, output: UnsafeMutableBufferPointer<UInt8>, origin: StreamOrigin, what: String) {
        self.input = input
        self.output = output
        self.origin = origin
        self.what = what
    }

    private func error(_ message: String, at position: Int? = nil) -> PNGError {
        PNGError("\(what): \(message)", offset: origin.fileOffset(position ?? self.position))
    }

    /// The stream position of the next unread bit's byte.
    private var bitPosition: Int { position + padding - bitCount / 8 }

    /// Inflates the whole stream and checks the zlib header and Adler-32 checksum.
    mutating func run() throws(PNGError) {
        guard input.count >= 2 else { throw error("the zlib stream is truncated (no header)", at: input.count) }
        let cmf = input[0], flg = input[1]
        guard cmf & 0x0F == 8 else { throw error("the zlib stream's compression method is \(cmf & 0x0F), not 8 (deflate)", at: 0) }
        guard cmf >> 4 <= 7 else { throw error("the zlib stream's window size is invalid (CINFO \(cmf >> 4) > 7)", at: 0) }
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else { throw error("the zlib header's check bits are wrong", at: 1) }
        guard flg & 0x20 == 0 else { throw error("the zlib stream asks for a preset dictionary, which PNG does not allow", at: 1) }
        position = 2
        var final = false
        while !final {
            let blockStart = bitPosition
            refill()
            final = take(1) == 1
            let type = take(2)
            try checkTruncation()
            switch type {
            case 0: try storedBlock()
            case 1: try huffmanBlock(HuffmanTable.fixedLiteralLength, HuffmanTable.fixedDistance)
            case 2:
                let (literalLength, distance) = try dynamicTables()
                try huffmanBlock(literalLength, distance)
            default: throw error("a deflate block has the reserved type 3", at: blockStart)
            }
        }
        // The Adler-32 of the uncompressed data follows, byte-aligned, most significant first.
        try alignToByte()
        guard written == output.count else {
            throw error("the compressed data ends after \(written) of the \(output.count) bytes the header implies")
        }
        guard position + 4 <= input.count else { throw error("the zlib stream is truncated (no Adler-32 checksum)", at: input.count) }
        let stored = UInt32(input[position]) << 24 | UInt32(input[position + 1]) << 16 | UInt32(input[position + 2]) << 8 | UInt32(input[position + 3])
        let computed = adler32(UnsafeBufferPointer(output))
        guard stored == computed else {
            throw error("the Adler-32 checksum is wrong (stored \(hex(stored)), computed \(hex(computed)))")
        }
    }

    // MARK: Bits

    /// Tops the bit buffer up to at least 56 bits (zeros past the end of the input, counted in
    /// `padding` so that reading them is reported as truncation).
    @inline(__always)
    private mutating func refill() {
        if position + 8 <= input.count {
            let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            bitBuffer |= word << UInt64(bitCount)
            position += (63 - bitCount) >> 3
            bitCount |= 56
        } else {
            while bitCount <= 56 {
                if position < input.count {
                    bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
                    position += 1
                } else {
                    padding += 1
                }
                bitCount += 8
            }
        }
    }

    @inline(__always)
    private mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Throws if any bit taken so far was padding past the end of the input.
    @inline(__always)
    private func checkTruncation() throws(PNGError) {
        if padding * 8 > bitCount {
            throw error("the compressed data is truncated", at: input.count)
        }
    }

    /// Drops the bits up to the next byte boundary and hands the whole bytes still in the
    /// buffer back to the input.
    private mutating func alignToByte() throws(PNGError) {
        try checkTruncation()
        _ = take(bitCount & 7)
        var back = bitCount / 8
        let fromPadding = min(back, padding)
        padding -= fromPadding
        back -= fromPadding
        position -= back
        bitBuffer = 0
        bitCount = 0
    }

    @inline(__always)
    private mutating func decode(_ table: UnsafePointer<UInt32>, _ primaryBits: Int) throws(PNGError) -> Int {
        var entry = table[Int(truncatingIfNeeded: bitBuffer) & ((1 << primaryBits) - 1)]
        if entry & HuffmanTable.linkFlag != 0 {
            bitBuffer >>= UInt64(primaryBits)
            bitCount -= primaryBits
            let subBits = Int(entry & 0x0F)
            entry = table[Int(entry >> 8) + Int(truncatingIfNeeded: bitBuffer) & ((1 << subBits) - 1)]
        }
        let length = Int(entry & 0x0F)
        guard length > 0 else { throw error("a Huffman code is not in the block's table", at: bitPosition) }
        bitBuffer >>= UInt64(length)
        bitCount -= length
        return Int(entry >> 8)
    }

    // MARK: Blocks

    /// RFC 1951 3.2.4: LEN, NLEN (its complement), then LEN bytes as they are.
    private mutating func storedBlock() throws(PNGError) {
        try alignToByte()
        guard position + 4 <= input.count else { throw error("a stored block's length is truncated", at: input.count) }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length ^ complement == 0xFFFF else { throw error("a stored block's length \(length) does not match its complement", at: position) }
        position += 4
        guard position + length <= input.count else { throw error("a stored block of \(length) bytes is truncated", at: input.count) }
        guard written + length <= output.count else { throw tooMuch() }
        if length > 0 {
            UnsafeMutableRawPointer(output.baseAddress! + written).copyMemory(from: input.baseAddress! + position, byteCount: length)
        }
        written += length
        position += length
    }

    private func tooMuch() -> PNGError {
        error("the compressed data inflates to more than the \(output.count) bytes the header implies", at: bitPosition)
    }

    /// RFC 1951 3.2.7: the code lengths of a dynamic block, themselves Huffman-coded.
    private mutating func dynamicTables() throws(PNGError) -> (HuffmanTable, HuffmanTable) {
        let start = bitPosition
        refill()
        let literalCount = take(5) + 257
        let distanceCount = take(5) + 1
        let codeLengthCount = take(4) + 4
        guard literalCount <= 286 else { throw error("a dynamic block declares \(literalCount) literal/length codes (at most 286)", at: start) }
        guard distanceCount <= 30 else { throw error("a dynamic block declares \(distanceCount) distance codes (at most 30)", at: start) }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            refill()
            codeLengthLengths[codeLengthOrder[i]] = UInt8(take(3))
        }
        try checkTruncation()
        guard let codeLengthTable = codeLengthLengths.withUnsafeBufferPointer({ HuffmanTable(lengths: $0, primaryBits: 7, allowEmpty: false) }) else {
            throw error("a dynamic block's code length code is invalid", at: start)
        }
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var i = 0
        try codeLengthTable.entries.withUnsafeBufferPointer { (table) throws(PNGError) in
            while i < lengths.count {
                refill()
                let symbol = try decode(table.baseAddress!, 7)
                switch symbol {
                case 0...15:
                    lengths[i] = UInt8(symbol)
                    i += 1
                default:
                    var value: UInt8 = 0
                    let repeats: Int
                    if symbol == 16 {
                        guard i > 0 else { throw error("a dynamic block repeats a code length before the first", at: bitPosition) }
                        value = lengths[i - 1]
                        repeats = 3 + take(2)
                    } else if symbol == 17 {
                        repeats = 3 + take(3)
                    } else {
                        repeats = 11 + take(7)
                    }
                    guard i + repeats <= lengths.count else { throw error("a dynamic block's code lengths run past their count", at: bitPosition) }
                    for _ in 0..<repeats {
                        lengths[i] = value
                        i += 1
                    }
                }
                try checkTruncation()
            }
        }
        guard lengths[256] > 0 else { throw error("a dynamic block has no end-of-block code", at: start) }
        let tables = lengths.withUnsafeBufferPointer { all in
            (HuffmanTable(lengths: UnsafeBufferPointer(rebasing: all[0..<literalCount]), primaryBits: 10, allowEmpty: false),
             HuffmanTable(lengths: UnsafeBufferPointer(rebasing: all[literalCount...]), primaryBits: 8, allowEmpty: true))
        }
        guard let literalLength = tables.0 else { throw error("a dynamic block's literal/length code is invalid", at: start) }
        guard let distance = tables.1 else { throw error("a dynamic block's distance code is invalid", at: start) }
        return (literalLength, distance)
    }

    /// Literals and (length, distance) copies until the end-of-block symbol.
    private mutating func huffmanBlock(_ literalLength: HuffmanTable, _ distance: HuffmanTable) throws(PNGError) {
        try literalLength.entries.withUnsafeBufferPointer { (lit) throws(PNGError) in
            try distance.entries.withUnsafeBufferPointer { (dist) throws(PNGError) in
                try lengthBase.withUnsafeBufferPointer { (lengthBase) throws(PNGError) in
                    try distanceBase.withUnsafeBufferPointer { (distanceBase) throws(PNGError) in
                        try decodeSymbols(lit.baseAddress!, literalLength.primaryBits, dist.baseAddress!, distance.primaryBits,
                                          lengthBase.baseAddress!, distanceBase.baseAddress!)
                    }
                }
            }
        }
    }

    @inline(__always)
    private mutating func decodeSymbols(_ lit: UnsafePointer<UInt32>, _ litBits: Int, _ dist: UnsafePointer<UInt32>, _ distBits: Int,
                                        _ lengthBase: UnsafePointer<UInt16>, _ distanceBase: UnsafePointer<UInt16>) throws(PNGError) {
        let out = output.baseAddress!
        let capacity = output.count
        while true {
            // One refill covers a whole copy: 15 + 5 + 15 + 13 = 48 bits.
            refill()
            if padding > 0 { try checkTruncation() }
            let symbol = try decode(lit, litBits)
            if symbol < 256 {
                guard written < capacity else { throw tooMuch() }
                out[written] = UInt8(truncatingIfNeeded: symbol)
                written += 1
                continue
            }
            if symbol == 256 { break }
            let lengthCode = symbol - 257
            guard lengthCode < 29 else { throw error("a length symbol \(symbol) is not defined", at: bitPosition) }
            let length = Int(lengthBase[lengthCode]) + take(Int(lengthExtra[lengthCode]))
            let distanceCode = try decode(dist, distBits)
            guard distanceCode < 30 else { throw error("a distance symbol \(distanceCode) is not defined", at: bitPosition) }
            let distance = Int(distanceBase[distanceCode]) + take(Int(distanceExtra[distanceCode]))
            if padding > 0 { try checkTruncation() }
            guard distance <= written else {
                throw error("a copy reaches \(distance) bytes back, before the start of the data", at: bitPosition)
            }
            guard written + length <= capacity else { throw tooMuch() }
            copyMatch(out + written, distance: distance, length: length)
            written += length
        }
        try checkTruncation()
    }

    /// Copies `length` bytes from `distance` back; the source may overlap the destination
    /// (a distance shorter than the length repeats the last `distance` bytes).
    @inline(__always)
    private func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        let source = destination - distance
        if distance >= length {
            destination.update(from: source, count: length)
        } else if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
        } else {
            var done = 0
            while done < length {
                let piece = min(distance, length - done)
                (destination + done).update(from: source + done, count: piece)
                done += piece
            }
        }
    }
}

/// RFC 1950 8.2: Adler-32, sums taken modulo 65521 every 5,552 bytes (the most that cannot
/// overflow 32 bits).
func adler32(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    var index = 0
    let count = data.count
    guard let base = data.baseAddress else { return 1 }
    while index < count {
        let end = min(index + 5552, count)
        while index + 4 <= end {
            a &+= UInt32(base[index]); b &+= a
            a &+= UInt32(base[index + 1]); b &+= a
            a &+= UInt32(base[index + 2]); b &+= a
            a &+= UInt32(base[index + 3]); b &+= a
            index += 4
        }
        while index < end {
            a &+= UInt32(base[index]); b &+= a
            index += 1
        }
        a %= 65521
        b %= 65521
    }
    return b << 16 | a
}

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
