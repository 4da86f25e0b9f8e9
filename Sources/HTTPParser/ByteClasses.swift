/// Character classes of RFC 9110 §5.6 as table lookups.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09

    /// tchar: "!#$%&'*+-.^_`|~" DIGIT ALPHA.
    static let token: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in "!#$%&'*+-.^_`|~".utf8 { table[Int(byte)] = true }
        return table
    }()

    @inline(__always) static func isToken(_ byte: UInt8) -> Bool { token[Int(byte)] }

    /// field-vchar, SP and HTAB; obs-text (0x80...) is tolerated as RFC 9110 allows.
    @inline(__always) static func isFieldContent(_ byte: UInt8) -> Bool {
        byte == htab || (byte >= sp && byte != 0x7F)
    }

    /// CTLs other than HTAB, CR and LF: never valid anywhere in a request head.
    @inline(__always) static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < sp && byte != htab && byte != cr && byte != lf) || byte == 0x7F
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    @inline(__always) static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension UnsafeRawBufferPointer {
    /// ASCII case-insensitive comparison of bytes[start..<end] with a lowercase literal.
    @inline(__always)
    func equalsLowercased(_ start: Int, _ end: Int, _ lowercase: StaticString) -> Bool {
        guard end - start == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        for k in 0..<(end - start) where ByteClass.lower(self[start + k]) != literal[k] { return false }
        return true
    }
}
