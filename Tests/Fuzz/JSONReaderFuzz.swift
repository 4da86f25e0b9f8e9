// libFuzzer target: JSONReader. Walks every value with the typed readers and compares
// the verdict with skipValue over the same bytes; valid documents round-trip through
// JSONWriter. Built by Scripts/fuzz.sh against the A11yJSON target's module; not a SwiftPM target.

import A11yJSON

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

/// Reads one value fully, iteratively, re-emitting it through the writer.
func walk(_ reader: inout JSONReader, into writer: inout JSONWriter) throws(JSONSyntaxError) {
    // Each open container: true for objects.
    var stack: [Bool] = []
    repeat {
        if let isObject = stack.last {
            if isObject {
                guard let key = try reader.nextKey() else { writer.endObject(); stack.removeLast(); continue }
                writer.key(key)
            } else {
                guard try reader.nextElement() else { writer.endArray(); stack.removeLast(); continue }
            }
        }
        switch try reader.peek() {
        case .object: try reader.beginObject(); writer.beginObject(); stack.append(true)
        case .array: try reader.beginArray(); writer.beginArray(); stack.append(false)
        case .string: writer.string(try reader.readString())
        case .number:
            do { writer.number(try reader.readNumber()) } catch where error.kind == .range { throw error }
        case .bool: writer.bool(try reader.readBool())
        case .null: try reader.readNull(); writer.null()
        }
    } while !stack.isEmpty
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var reader = JSONReader(bytes, maxDepth: 64, maxStringBytes: 4_096)
    var writer = JSONWriter()
    var walked: Result<Void, JSONSyntaxError> = .success(())
    do throws(JSONSyntaxError) {
        try walk(&reader, into: &writer)
        try reader.finish()
    } catch { walked = .failure(error) }

    var skipper = JSONReader(bytes, maxDepth: 64, maxStringBytes: 4_096)
    var skipped: Result<Void, JSONSyntaxError> = .success(())
    do throws(JSONSyntaxError) {
        try skipper.skipValue()
        try skipper.finish()
    } catch { skipped = .failure(error) }

    switch (walked, skipped) {
    case (.success, .success):
        // What we wrote must read back to the same text.
        let written = writer.bytes
        written.withUnsafeBytes { raw in
            var again = JSONReader(raw, maxDepth: 64, maxStringBytes: 1 << 20)
            var rewriter = JSONWriter()
            do throws(JSONSyntaxError) {
                try walk(&again, into: &rewriter)
                try again.finish()
            } catch { require(false, "written JSON reads back") }
            require(rewriter.bytes == written, "writer output is a fixed point")
        }
    case (.failure(let a), .failure(let b)):
        // Numbers out of Double range are a reader verdict skipValue does not give.
        if a.kind != .range { require(a.offset <= size && b.offset <= size, "error offsets within input") }
    case (.failure(let a), .success):
        require(a.kind == .range, "walk and skip agree on validity")
    case (.success, .failure(let b)):
        require(b.kind == .limit && b.message.contains("string"), "walk and skip agree on validity")
    }
    return 0
}
