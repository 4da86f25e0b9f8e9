import A11yModel
/// Base64 (RFC 4648 §4, with padding): the HTML report embeds the screenshot's PNG as a
/// `data:` URI, so the page stays one self-contained file that makes no requests.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> String where Bytes.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = bytes.startIndex
        while i + 3 <= bytes.endIndex {
            let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], alphabet[v & 63]]
            i += 3
        }
        switch bytes.endIndex - i {
        case 1:
            let v = Int(bytes[i]) << 16
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
        case 2:
            let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], UInt8(ascii: "=")]
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Screenshot {
    /// One line for reports: `NAME (W x H pixels, S pixels a unit)`.
    public var summary: String {
        "\(name) (\(width) x \(height) pixels, \(Screenshot.figure(scale)) pixels a unit)"
    }
}
