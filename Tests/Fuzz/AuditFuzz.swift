// libFuzzer target: the whole audit, request bytes to every report format. The format is
// recognised from the content, so XML inputs go through the Android and iOS importers and Figma
// responses (a top-level "document" or "nodes") through the Figma importer. Every input
// either fails with an InputError that carries a JSON Pointer (an element path for XML), or
// yields reports (JSON and SARIF valid JSON). Built by Scripts/fuzz.sh against the core's targets; not a SwiftPM target.

import A11yCore
import A11yJSON
import A11yModel
import A11yReports

@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    do throws(InputError) {
        let run = try Audit.run(bytes)
        let pretty = size % 2 == 0
        // JSON and SARIF must parse; the other formats must at least render.
        for format in [OutputFormat.json, .report(.sarif)] {
            let body = run.render(format, pretty: pretty)
            body.withUnsafeBytes { raw in
                var reader = JSONReader(raw, maxDepth: 1_100, maxStringBytes: 1 << 24)
                do throws(JSONSyntaxError) {
                    try reader.skipValue()
                    try reader.finish()
                } catch { require(false, "JSON and SARIF reports are valid JSON") }
            }
        }
        for format in [OutputFormat.text, .report(.junit), .report(.html)] {
            require(!run.render(format, pretty: pretty).isEmpty, "every format renders")
        }
        // Request text reaches a terminal only escaped: uncoloured text holds no character a
        // terminal acts on but the report's own line ends.
        let text = String(decoding: run.render(.text), as: UTF8.self)
        require(!text.unicodeScalars.contains { $0 != "\n" && TerminalText.isEscaped($0) }, "text report is terminal-safe")
        // XML 1.0 forbids C0 controls other than tab, LF and CR anywhere in the document.
        let xml = run.render(.report(.junit))
        require(!xml.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "JUnit holds only XML characters")
    } catch {
        // Bytes, not Characters: a key that starts with a combining mark joins the "/" before
        // it into one grapheme, so `hasPrefix("/")` would be false for a correct pointer.
        require(error.pointer.isEmpty || error.pointer.utf8.first == UInt8(ascii: "/"), "error pointer is a JSON Pointer or element path")
        require(!error.message.isEmpty, "error has a message")
    }
    return 0
}
