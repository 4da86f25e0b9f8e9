// libFuzzer target: PNGDecoder. Every input either decodes or throws a PNGError whose offset
// lies within the input; a decoded image has width × height RGBA pixels within the limits;
// decoding is deterministic, and a decode that succeeded succeeds again with the pixel limit
// set to exactly its size (and fails one pixel below it). Built by Scripts/fuzz.sh against
// the A11yPNG target; not a SwiftPM target. Each input is also decoded with every chunk's CRC
// recomputed, so that mutations reach the inflater and the filters instead of stopping at
// the first CRC check.

import A11yPNG

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

/// Small enough for the fuzzer's memory limit, large enough for every feature.
let limits = PNGLimits(maxPixels: 1 << 20, maxDecompressedBytes: 16 << 20, maxDimension: 1 << 14)

let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// `bytes` with each whole chunk's CRC set to the CRC of its type and data.
func fixingCRCs(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var out = Array(bytes)
    var at = 8
    while at + 12 <= out.count {
        let length = Int(out[at]) << 24 | Int(out[at + 1]) << 16 | Int(out[at + 2]) << 8 | Int(out[at + 3])
        guard length <= out.count - at - 12 else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in out[(at + 4)..<(at + 8 + length)] { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        crc = ~crc
        for k in 0..<4 { out[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        at += 12 + length
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    check(bytes)
    fixingCRCs(bytes).withUnsafeBytes { check($0) }
    return 0
}

func check(_ bytes: UnsafeRawBufferPointer) {
    let size = bytes.count
    let image: PNGImage
    do {
        image = try PNGDecoder.decode(bytes, limits: limits)
    } catch {
        require(error.offset.map { $0 >= 0 && $0 <= size } ?? true, "an error's offset lies within the input")
        require(!error.message.isEmpty, "an error says what")
        return
    }
    require(image.width > 0 && image.height > 0 && image.width * image.height <= limits.maxPixels, "size within the limits")
    require(image.pixels.count == image.width * image.height * 4, "RGBA pixels for every point")
    var exact = limits
    exact.maxPixels = image.width * image.height
    require((try? PNGDecoder.decode(bytes, limits: exact)) == image, "the same image at exactly its pixel limit")
    exact.maxPixels -= 1
    require((try? PNGDecoder.decode(bytes, limits: exact)) == nil, "refused one pixel below its size")
}
