// The reference decoders the PNG benchmarks compare ours with (zlib's inflate, libpng's
// full decode), for PNGBench and A11yBench only: the product never links them.
import CPNGReference

/// zlib's one-call inflate into a buffer of the known size (Adler-32 checked, as ours does).
public func zlibInflate(_ compressed: [UInt8], into output: inout [UInt8]) {
    var length = uLongf(output.count)
    let status = compressed.withUnsafeBufferPointer { source in
        output.withUnsafeMutableBufferPointer { uncompress($0.baseAddress, &length, source.baseAddress, uLong(source.count)) }
    }
    guard status == Z_OK else { fatalError("zlib: inflate failed (\(status))") }
}

/// libpng's full decode to 8-bit RGBA with the classic API (CRCs and Adler-32 checked by
/// default, filler alpha added for RGB), reading from memory.
private final class MemoryReader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

public func libpngDecode(_ file: [UInt8], into output: inout [UInt8]) -> (width: Int, height: Int) {
    let reader = MemoryReader(file)
    var png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
    var info = png_create_info_struct(png)
    defer { png_destroy_read_struct(&png, &info, nil) }
    png_set_read_fn(png, Unmanaged.passUnretained(reader).toOpaque()) { png, data, length in
        let reader = Unmanaged<MemoryReader>.fromOpaque(png_get_io_ptr(png)!).takeUnretainedValue()
        reader.bytes.withUnsafeBufferPointer { UnsafeMutableRawPointer(data!).copyMemory(from: $0.baseAddress! + reader.position, byteCount: length) }
        reader.position += length
    }
    png_read_info(png, info)
    let width = Int(png_get_image_width(png, info)), height = Int(png_get_image_height(png, info))
    let colorType = png_get_color_type(png, info)
    png_set_expand(png)
    png_set_scale_16(png)
    if colorType == PNG_COLOR_TYPE_RGB || colorType == PNG_COLOR_TYPE_GRAY || colorType == PNG_COLOR_TYPE_PALETTE {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER)
    }
    png_read_update_info(png, info)
    output.withUnsafeMutableBufferPointer { buffer in
        var rows = (0..<height).map { Optional(buffer.baseAddress! + $0 * width * 4) }
        rows.withUnsafeMutableBufferPointer { png_read_image(png, $0.baseAddress) }
    }
    png_read_end(png, nil)
    return (width, height)
}
