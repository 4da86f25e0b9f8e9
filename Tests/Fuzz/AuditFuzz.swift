// libFuzzer target: the whole audit, request bytes to response bytes. Every input either
// fails with an InputError that carries a JSON Pointer, or yields reports whose encoding
// is valid JSON. Built by Scripts/fuzz.sh with Sources/A11yCore; not a SwiftPM target.

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    do throws(InputError) {
        let reports = try Audit.runRequest(json: bytes)
        let body = ResponseEncoder.json(screens: reports, pretty: size % 2 == 0)
        body.withUnsafeBytes { raw in
            var reader = JSONReader(raw, maxDepth: 1_100, maxStringBytes: 1 << 24)
            do throws(JSONSyntaxError) {
                try reader.skipValue()
                try reader.finish()
            } catch { require(false, "response is valid JSON") }
        }
    } catch {
        require(error.pointer.isEmpty || error.pointer.hasPrefix("/"), "error pointer is a JSON Pointer")
        require(!error.message.isEmpty, "error has a message")
    }
    return 0
}
