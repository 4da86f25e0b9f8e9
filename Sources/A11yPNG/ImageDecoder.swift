// From the checked chunks to RGBA pixels: inflate the joined IDAT data into a buffer of the
// exact size the header implies, undo each row's filter (PNG spec clause 9), and expand every
// colour type and bit depth to 8-bit RGBA, pass by pass when the image is interlaced.

struct ImageDecoder {
    let chunks: ChunkReader
    let file: UnsafeRawBufferPointer
    let limits: PNGLimits

    private var header: Header { chunks.header }

    func decode() throws(PNGError) -> PNGImage {
        let passes = header.interlaced ? Pass.adam7 : [Pass.whole]
        // The exact size of the filtered image data: each row is a filter-type byte and its pixels.
        var expected = 0
        for pass in passes {
            let width = pass.width(header.width), height = pass.height(header.height)
            if width > 0 && height > 0 { expected += height * (1 + header.rowBytes(width: width)) }
        }
        guard expected <= limits.maxDecompressedBytes else {
            throw PNGError("the image data would inflate to \(expected) bytes, more than the limit of \(limits.maxDecompressedBytes)", offset: chunks.firstIDAT)
        }
        // DEFLATE's densest code is a 258-byte copy in 2 bits (1,032 bytes per input byte): a
        // stream too short to inflate to the expected size is refused before any allocation.
        let compressed = chunks.imageData.reduce(0) { $0 + $1.length }
        guard expected <= compressed * 1032 else {
            throw PNGError("the image data is \(compressed) bytes, too few to inflate to the \(expected) bytes the header implies (deflate expands at most 1032 times)",
                           offset: chunks.firstIDAT)
        }
        let width = header.width, height = header.height
        if !header.interlaced { return try decodeInPlace(expected: expected) }
        let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: expected)
        defer { raw.deallocate() }
        try inflate(into: raw)

        return try PNGImage(width: width, height: height, pixels: [UInt8](unsafeUninitializedCapacity: width * height * 4) {
            (pixels, count) throws(PNGError) in
            var start = 0
            for (index, pass) in passes.enumerated() {
                let passWidth = pass.width(width), passHeight = pass.height(height)
                guard passWidth > 0 && passHeight > 0 else { continue }
                let rowBytes = header.rowBytes(width: passWidth)
                var previous: UnsafeMutablePointer<UInt8>?
                for y in 0..<passHeight {
                    let row = raw.baseAddress! + start + y * (rowBytes + 1)
                    try unfilter(row + 1, filter: row[0], previous: previous, count: rowBytes,
                                 where: "row \(y) of Adam7 pass \(index + 1)")
                    previous = row + 1
                    let imageY = pass.y0 + y * pass.dy
                    let destination = pixels.baseAddress! + (imageY * width + pass.x0) * 4
                    try expand(row + 1, count: passWidth, into: destination, step: pass.dx * 4, y: imageY, pass: pass)
                }
                start += passHeight * (rowBytes + 1)
            }
            count = width * height * 4
        })
    }

    /// A non-interlaced image is inflated into the pixel array itself, so a decode needs about
    /// one image's memory, not two. The filtered rows (`filtered` bytes) sit at the end of the
    /// array when they are smaller than the RGBA output, at its start when larger (16-bit);
    /// rows are then unfiltered and expanded front to back. Output row y ends at or before
    /// the start of filtered row y + 1 in both layouts, so no row is overwritten before it is
    /// read; each row is first copied out (it is also the "above" of the next row's filter).
    private func decodeInPlace(expected filtered: Int) throws(PNGError) -> PNGImage {
        let width = header.width, height = header.height
        let output = width * height * 4
        let rowBytes = header.rowBytes(width: width)
        let capacity = max(output, filtered)
        let rawStart = capacity - filtered
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { rows.deallocate() }
        var current = rows, previous = rows + rowBytes
        return try PNGImage(width: width, height: height, pixels: [UInt8](unsafeUninitializedCapacity: capacity) {
            (pixels, count) throws(PNGError) in
            let base = pixels.baseAddress!
            try inflate(into: UnsafeMutableBufferPointer(start: base + rawStart, count: filtered))
            for y in 0..<height {
                let row = base + rawStart + y * (rowBytes + 1)
                current.update(from: row + 1, count: rowBytes)
                try unfilter(current, filter: row[0], previous: y > 0 ? previous : nil, count: rowBytes, where: "row \(y)")
                try expand(current, count: width, into: base + y * width * 4, step: 4, y: y, pass: .whole)
                swap(&current, &previous)
            }
            count = output
        })
    }

    /// Joins the IDAT chunks' data (one chunk is used where it lies) and inflates it.
    private func inflate(into raw: UnsafeMutableBufferPointer<UInt8>) throws(PNGError) {
        var origin = StreamOrigin(pieces: [])
        var position = 0
        for piece in chunks.imageData {
            origin.pieces.append((position, piece.offset))
            position += piece.length
        }
        if chunks.imageData.count == 1 {
            let piece = chunks.imageData[0]
            var inflater = Inflater(input: UnsafeRawBufferPointer(rebasing: file[piece.offset..<(piece.offset + piece.length)]),
                                    output: raw, origin: origin, what: "the image data")
            try inflater.run()
            return
        }
        let joined = UnsafeMutableRawBufferPointer.allocate(byteCount: position, alignment: 8)
        defer { joined.deallocate() }
        var at = 0
        for piece in chunks.imageData {
            joined.baseAddress!.advanced(by: at).copyMemory(from: file.baseAddress! + piece.offset, byteCount: piece.length)
            at += piece.length
        }
        var inflater = Inflater(input: UnsafeRawBufferPointer(joined), output: raw, origin: origin, what: "the image data")
        try inflater.run()
    }

    // MARK: Filters (clause 9.2)

    /// Undoes one row's filter in place; `previous` is the row above, already unfiltered (nil
    /// for a pass's first row, which filters treat as zeros).
    private func unfilter(_ row: UnsafeMutablePointer<UInt8>, filter: UInt8, previous: UnsafeMutablePointer<UInt8>?,
                          count: Int, where place: @autoclosure () -> String) throws(PNGError) {
        let bpp = header.filterStride
        switch filter {
        case 0:
            break
        case 1:  // Sub: plus the byte one pixel to the left
            var i = bpp
            while i < count {
                row[i] &+= row[i - bpp]
                i += 1
            }
        case 2:  // Up: plus the byte above
            guard let up = previous else { break }
            for i in 0..<count { row[i] &+= up[i] }
        case 3:  // Average: plus the mean of left and above, rounded down
            if let up = previous {
                for i in 0..<min(bpp, count) { row[i] &+= up[i] >> 1 }
                var i = bpp
                while i < count {
                    row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(up[i])) >> 1)
                    i += 1
                }
            } else {
                var i = bpp
                while i < count {
                    row[i] &+= row[i - bpp] >> 1
                    i += 1
                }
            }
        case 4:  // Paeth: plus whichever of left, above, upper-left is nearest to left + above - upper-left
            guard let up = previous else {
                // Above and upper-left are zero: the predictor is the left byte (Sub).
                var i = bpp
                while i < count {
                    row[i] &+= row[i - bpp]
                    i += 1
                }
                break
            }
            for i in 0..<min(bpp, count) { row[i] &+= up[i] }
            var i = bpp
            while i < count {
                let a = Int(row[i - bpp]), b = Int(up[i]), c = Int(up[i - bpp])
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                row[i] &+= UInt8(truncatingIfNeeded: predictor)
                i += 1
            }
        default:
            throw PNGError("the image data's \(place()) has filter type \(filter) (0 to 4 are defined)", offset: chunks.firstIDAT)
        }
    }

    // MARK: Pixels to RGBA

    /// Writes `count` pixels of an unfiltered row as RGBA, `step` bytes apart.
    private func expand(_ row: UnsafeMutablePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>,
                        step: Int, y: Int, pass: Pass) throws(PNGError) {
        let depth = header.bitDepth
        if depth == 8 && chunks.colorKey == nil {
            switch header.colorType {
            case 6:
                if step == 4 {
                    out.update(from: row, count: count * 4)
                } else {
                    for x in 0..<count { (out + x * step).update(from: row + x * 4, count: 4) }
                }
                return
            case 2:
                var source = row, destination = out
                for _ in 0..<count {
                    destination[0] = source[0]
                    destination[1] = source[1]
                    destination[2] = source[2]
                    destination[3] = 255
                    source += 3
                    destination += step
                }
                return
            default:
                break
            }
        }
        // Every other case, one sample at a time.
        let channels = header.channels
        let maxSample = (1 << depth) - 1
        /// Sample `index` of the row, at the image's bit depth (samples pack from the high bits).
        @inline(__always) func sample(_ index: Int) -> Int {
            switch depth {
            case 8: return Int(row[index])
            case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
            default:
                let bit = index * depth
                return Int(row[bit >> 3] >> UInt8(8 - depth - bit & 7)) & maxSample
            }
        }
        /// To 8 bits, rounded to nearest: v × 255 / max (exact for 1, 2, 4 and 8 bits; 16-bit
        /// samples round as round(v / 257), the same as pypng's and libpng's png_set_scale_16).
        @inline(__always) func to8(_ value: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (value * 255 + maxSample / 2) / maxSample)
        }
        let key = chunks.colorKey
        var destination = out
        for x in 0..<count {
            let base = x * channels
            switch header.colorType {
            case 0:
                let v = sample(base)
                let g = to8(v)
                destination[0] = g; destination[1] = g; destination[2] = g
                destination[3] = key?[0] == v ? 0 : 255
            case 2:
                let r = sample(base), g = sample(base + 1), b = sample(base + 2)
                destination[0] = to8(r); destination[1] = to8(g); destination[2] = to8(b)
                destination[3] = key.map { $0[0] == r && $0[1] == g && $0[2] == b } == true ? 0 : 255
            case 3:
                let index = sample(base)
                guard index < chunks.paletteCount else {
                    throw PNGError("pixel (\(pass.x0 + x * pass.dx), \(y)) uses palette index \(index); the palette has \(chunks.paletteCount) entries",
                                   offset: chunks.firstIDAT)
                }
                chunks.palette.withUnsafeBufferPointer { destination.update(from: $0.baseAddress! + index * 4, count: 4) }
            case 4:
                let g = to8(sample(base))
                destination[0] = g; destination[1] = g; destination[2] = g
                destination[3] = to8(sample(base + 1))
            default:
                destination[0] = to8(sample(base)); destination[1] = to8(sample(base + 1))
                destination[2] = to8(sample(base + 2)); destination[3] = to8(sample(base + 3))
            }
            destination += step
        }
    }
}
