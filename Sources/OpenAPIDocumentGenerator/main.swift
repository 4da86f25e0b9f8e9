// Build-time tool of the OpenAPIDocumentPlugin: writes the one ```json block of openapi.md as
// the Swift source of `OpenAPIDocument.json`, the document GET /openapi.json serves.
//   OpenAPIDocumentGenerator <openapi.md> <OpenAPIDocument.swift>
// Scripts/gen-openapi.sh checks that the block is a valid OpenAPI 3.1 document.
import Glibc

func fail(_ message: String) -> Never {
    let line = Array("OpenAPIDocumentGenerator: \(message)\n".utf8)
    _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func read(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func write(_ text: String, to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file)
    guard fclose(file) == 0, written == bytes.count else { fail("cannot write \(path)") }
}

/// The lines between a line "```json" and the next line "```", without trailing empty lines.
func jsonBlocks(of markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil {
            if line == "```json" { current = [] }
        } else if line == "```" {
            while current?.last == "" { current?.removeLast() }
            blocks.append(current!.joined(separator: "\n"))
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: OpenAPIDocumentGenerator <openapi.md> <output.swift>") }
let blocks = jsonBlocks(of: read(arguments[1]))
guard blocks.count == 1 else { fail("\(arguments[1]) must hold exactly one ```json block, found \(blocks.count)") }
let json = blocks[0]
// A raw string keeps every backslash of the JSON as written; it only must not hold the delimiter.
guard !json.contains("\"\"\"#") else { fail("the JSON of \(arguments[1]) may not contain \"\"\"#") }
write("""
    // Generated at build time from openapi.md by the OpenAPIDocumentPlugin. Edit openapi.md.

    /// The OpenAPI 3.1 document served at GET /openapi.json.
    public enum OpenAPIDocument {
        public static let json: String = #\"\"\"
    \(json)
    \"\"\"#
    }

    """, to: arguments[2])
