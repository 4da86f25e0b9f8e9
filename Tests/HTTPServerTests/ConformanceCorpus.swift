import A11yTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One line of Tests/Conformance/requests.txt: raw bytes and the answers they must get.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var statuses: [Int]
    /// The server must close after the answers; otherwise the connection serves another request.
    var closes: Bool
    var request: [UInt8]

    var testDescription: String { name }
}

enum ConformanceCorpus {
    static let path = Repository.path("Tests/Conformance/requests.txt")

    static let cases: [ConformanceCase] = {
        guard let bytes = readFile(path) else { fatalError("cannot read \(path)") }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let first = line.first, first != "#" else { return nil }
            let fields = line.split(separator: "|", maxSplits: 3).map(\.trimmed)
            guard fields.count == 4 else { fatalError("malformed corpus line: \(line)") }
            let statuses = fields[1].split(separator: ",").compactMap { Int($0) }
            guard fields[2] == "close" || fields[2] == "keep" else { fatalError("close or keep: \(line)") }
            // The request is everything after the third separator, spaces included but the one before it.
            let raw = line.split(separator: "|", maxSplits: 3)[3].dropFirst()
            return ConformanceCase(name: fields[0], statuses: statuses, closes: fields[2] == "close",
                                   request: decode(expand(String(raw))))
        }
    }()

    /// Expands {{N|text}} to text repeated N times.
    static func expand(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            out += rest[..<open.lowerBound]
            let inner = rest[open.upperBound...]
            guard let bar = inner.firstIndex(of: "|"), let close = inner.firstRange(of: "}}"),
                  let count = Int(inner[..<bar]) else { fatalError("malformed repeat in \(text)") }
            out += String(repeating: String(inner[inner.index(after: bar)..<close.lowerBound]), count: count)
            rest = inner[close.upperBound...]
        }
        return out + rest
    }

    /// Decodes \r \n \t \\ and \xNN.
    static func decode(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                out.append(bytes[i])
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case UInt8(ascii: "r"): out.append(0x0D); i += 2
            case UInt8(ascii: "n"): out.append(0x0A); i += 2
            case UInt8(ascii: "t"): out.append(0x09); i += 2
            case UInt8(ascii: "\\"): out.append(0x5C); i += 2
            case UInt8(ascii: "x"):
                let hex = String(decoding: bytes[(i + 2)..<(i + 4)], as: UTF8.self)
                guard let value = UInt8(hex, radix: 16) else { fatalError("bad escape in \(text)") }
                out.append(value)
                i += 4
            default: fatalError("unknown escape in \(text)")
            }
        }
        return out
    }
}
