@testable import HTTPParser
import Testing

/// multipart/form-data bodies as clients send them, and every malformed shape refused with
/// what and where.
@Suite struct MultipartTests {
    static let boundary = "----a11yFormBoundary7MA4YWxk"

    static func body(_ text: String) -> [UInt8] { Array(text.replacingOccurrences("\n", "\r\n").utf8) }

    static func parts(_ body: [UInt8], boundary: String = boundary, limits: MultipartLimits = MultipartLimits()) throws(MultipartError) -> [MultipartPart] {
        try body.withUnsafeBytes { raw in
            Result { () throws(MultipartError) in try Multipart.parts(raw, boundary: Array(boundary.utf8), limits: limits) }
        }.get()
    }

    static func error(_ body: [UInt8], limits: MultipartLimits = MultipartLimits()) -> MultipartError? {
        do { _ = try parts(body, limits: limits); return nil } catch { return error }
    }

    static let form = body("""
        preamble to ignore
        --\(boundary)
        Content-Disposition: form-data; name="input"; filename="login.xml"
        Content-Type: application/xml

        <hierarchy/>
        --\(boundary)
        content-disposition: FORM-DATA; filename="a \\"quoted\\" name;.png"; name=screenshot
        Content-Type: image/png

        \u{89}PNG
        --\(boundary)--
        epilogue
        """)

    @Test func readsEachPartsNameFileTypeAndContent() throws {
        let parts = try Self.parts(Self.form)
        #expect(parts.map(\.name) == ["input", "screenshot"])
        #expect(parts[0].filename == "login.xml" && parts[0].contentType == "application/xml")
        #expect(parts[1].filename == "a \"quoted\" name;.png" && parts[1].contentType == "image/png")
        #expect(Array(Self.form[parts[0].content]) == Array("<hierarchy/>".utf8))
        #expect(Array(Self.form[parts[1].content]) == Array("\u{89}PNG".utf8))
    }

    @Test func contentMayHoldCRLFAndDashesThatAreNoDelimiter() throws {
        // (RFC 2046: the delimiter itself never occurs in content, so CRLF--BOUNDARY ends it.)
        let content = "a\r\n--\(Self.boundary.dropLast()) is not it\r\n-- nor this\n--\(Self.boundary)"
        let body = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\n\(content)\r\n--\(Self.boundary)--".utf8)
        let parts = try Self.parts(body)
        #expect(parts.count == 1)
        #expect(Array(body[parts[0].content]) == Array(content.utf8))
    }

    @Test func boundaryFromTheContentType() throws {
        #expect(try Multipart.boundary(contentType: "multipart/form-data; boundary=abc") == Array("abc".utf8))
        #expect(try Multipart.boundary(contentType: "Multipart/Form-Data;charset=utf-8; BOUNDARY=\"a b:c\"") == Array("a b:c".utf8))
        let refused = [
            "multipart/form-data",  // no boundary
            "multipart/form-data; boundary=",  // empty
            "multipart/form-data; boundary=\"\(String(repeating: "x", count: 71))\"",  // over 70
            "multipart/form-data; boundary=\"ends in space \"",
            "multipart/form-data; boundary=a@b",  // @ is no bchar
            "multipart/form-data; boundary=\"open",  // unterminated quote
            "multipart/form-data; boundary=a; boundary=b",
            "multipart/mixed; boundary=a",
        ]
        for value in refused {
            #expect(throws: MultipartError.self, "\(value)") { try Multipart.boundary(contentType: value) }
        }
        #expect(try Multipart.boundary(contentType: "multipart/form-data; boundary=\(String(repeating: "x", count: 70))").count == 70)
    }

    @Test func aBoundaryThatNeverEndsIsRefused() {
        let open = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\n{}".utf8)
        #expect(Self.error(open)?.message.contains("never ends") == true)
        // Closed by a delimiter that is not the close delimiter, then the body ends.
        let unclosed = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\n{}\r\n--\(Self.boundary)".utf8)
        #expect(Self.error(unclosed)?.message.contains("close delimiter") == true)
    }

    @Test func everyMalformedShapeSaysWhatAndWhere() {
        let b = Self.boundary
        let shapes: [(String, String)] = [
            ("no delimiter at all", "no delimiter"),
            ("--\(b)garbage\r\n\r\n\r\n--\(b)--", "followed by something other"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"input\"", "ends inside a part's headers"),
            ("--\(b)\r\nContent-Type: text/plain\r\n\r\nx\r\n--\(b)--", "no Content-Disposition"),
            ("--\(b)\r\nContent-Disposition: attachment; name=\"input\"\r\n\r\nx\r\n--\(b)--", "not form-data"),
            ("--\(b)\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nx\r\n--\(b)--", "has no name"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"input\r\n\r\nx\r\n--\(b)--", "not closed"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"a\"; name=\"b\"\r\n\r\nx\r\n--\(b)--", "twice"),
            ("--\(b)\r\nContent-Disposition: form-data; name\r\n\r\nx\r\n--\(b)--", "name=value"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\nno colon here\r\n\r\nx\r\n--\(b)--", "no field name"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\nX-A: \u{1}\r\n\r\nx\r\n--\(b)--", "control character"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\nContent-Transfer-Encoding: base64\r\n\r\neA==\r\n--\(b)--", "Content-Transfer-Encoding"),
            ("--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\nContent-Disposition: form-data; name=\"j\"\r\n\r\nx\r\n--\(b)--", "two Content-Disposition"),
        ]
        for (text, says) in shapes {
            let error = Self.error(Array(text.utf8))
            #expect(error?.message.contains(says) == true, "\(text): \(error?.description ?? "accepted")")
        }
        // Where: the offset of the bad header line.
        let bad = "--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\nno colon here\r\n\r\nx\r\n--\(b)--"
        #expect(Self.error(Array(bad.utf8))?.offset == Array("--\(b)\r\nContent-Disposition: form-data; name=\"i\"\r\n".utf8).count)
    }

    @Test func partsAndHeadersAreBounded() {
        var limits = MultipartLimits()
        limits.maxParts = 3
        let part = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\nx\r\n"
        let three = Array((String(repeating: part, count: 3) + "--\(Self.boundary)--").utf8)
        let four = Array((String(repeating: part, count: 4) + "--\(Self.boundary)--").utf8)
        #expect(Self.error(three, limits: limits) == nil)
        #expect(Self.error(four, limits: limits)?.message.contains("more than 3 parts") == true)
        limits.maxHeaderBytes = 100
        let long = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"p\"\r\nX-Long: \(String(repeating: "y", count: 200))\r\n\r\nx\r\n--\(Self.boundary)--".utf8)
        #expect(Self.error(long, limits: limits)?.message.contains("longer than 100 bytes") == true)
        // A header section that never ends is refused at the bound, not read to the end.
        let endless = Array(("--\(Self.boundary)\r\n" + String(repeating: "z", count: 1_000_000)).utf8)
        #expect(Self.error(endless)?.message.contains("longer than") == true)
    }

    @Test func emptyPartsAndTransportPaddingAreRead() throws {
        let text = "--\(Self.boundary) \t\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\n\r\n--\(Self.boundary)--"
        let parts = try Self.parts(Array(text.utf8))
        #expect(parts.count == 1 && parts[0].content.isEmpty)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
