// libFuzzer target: PNGDecoder. Every input either decodes or throws a PNGError whose offset
// lies within the input; a decoded image has width × height RGBA pixels within the limits;
// decoding is deterministic, and a decode that succeeded succeeds again with the pixel limit
// set to exactly its size (and fails one pixel below it). Built by Scripts/fuzz.sh against
// the A11yPNG target; not a SwiftPM target.

import A11yPNG

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

/// Small enough for the fuzzer's memory limit, large enough for every feature.
let limits = PNGLimits(maxPixels: 1 << 20, maxDecompressedBytes: 16 << 20, maxDimension: 1 << 14)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let image: PNGImage
    do {
        image = try PNGDecoder.decode(bytes, limits: limits)
    } catch {
        require(error.offset.map { $0 >= 0 && $0 <= size } ?? true, "an error's offset lies within the input")
        require(!error.message.isEmpty, "an error says what")
        return 0
    }
    require(image.width > 0 && image.height > 0 && image.width * image.height <= limits.maxPixels, "size within the limits")
    require(image.pixels.count == image.width * image.height * 4, "RGBA pixels for every point")
    var exact = limits
    exact.maxPixels = image.width * image.height
    require((try? PNGDecoder.decode(bytes, limits: exact)) == image, "the same image at exactly its pixel limit")
    exact.maxPixels -= 1
    require((try? PNGDecoder.decode(bytes, limits: exact)) == nil, "refused one pixel below its size")
    return 0
}
