/// A place in the user's file: line and column from 1, the column in UTF-16 code units
/// (SARIF's default `columnKind`, and what XML locations count).
public struct FilePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// Turns the byte offsets decoding recorded into lines and columns, only for the nodes
/// reports point at (those with findings, suppressed or not): one forward pass over the
/// input up to the last such node, after the audit, instead of line counting while decoding.
package enum SourceLocations {
    /// Sets `nodeLocations` of every screen decoded from JSON in `bytes`.
    package static func resolve(_ screens: inout [ScreenReport], in bytes: UnsafeRawBufferPointer) {
        for s in screens.indices {
            let report = screens[s].report
            let document = report.analysis.document
            guard !document.nodeOffsets.isEmpty || document.sourceMap?.byteOffset(of: 0) != nil else { continue }
            var nodes = Set(report.run.findings.map(\.node))
            for item in report.run.suppressed { nodes.insert(item.finding.node) }
            var wanted: [(offset: Int, node: Int)] = []
            wanted.reserveCapacity(nodes.count)
            for node in nodes {
                let offset = node < document.nodeOffsets.count ? Int(document.nodeOffsets[node])
                    : document.sourceMap?.byteOffset(of: node)
                if let offset, offset >= 0, offset < bytes.count { wanted.append((offset, node)) }
            }
            screens[s].report.nodeLocations = locations(of: wanted, in: bytes)
        }
    }

    /// Line and column of each offset: offsets sorted, then one walk that counts line feeds
    /// and the UTF-16 units since the last one (a UTF-8 lead byte is one unit, a 4-byte
    /// sequence's lead two; continuation bytes none). `\r\n` and `\n` end a line; so does a
    /// lone `\r`, as JSON's whitespace and editors read it.
    static func locations(of wanted: [(offset: Int, node: Int)], in bytes: UnsafeRawBufferPointer) -> [Int: FilePosition] {
        var result: [Int: FilePosition] = [:]
        result.reserveCapacity(wanted.count)
        var line = 1, column = 1, position = 0
        for (offset, node) in wanted.sorted(by: { $0.offset < $1.offset }) {
            while position < offset {
                let byte = bytes[position]
                if byte == 0x0A {
                    if !(position > 0 && bytes[position - 1] == 0x0D) { line += 1 }
                    column = 1
                } else if byte == 0x0D {
                    line += 1; column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += byte >= 0xF0 ? 2 : 1
                }
                position += 1
            }
            result[node] = FilePosition(line: line, column: column)
        }
        return result
    }
}
