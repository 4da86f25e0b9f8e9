import Testing
@testable import A11yXML

/// Reads a whole document into a list of events written as text, or the error.
enum XML {
    static func events(_ text: String, limits: XMLLimits = .default) -> Result<[String], XMLError> {
        events(Array(text.utf8), limits: limits)
    }

    static func events(_ bytes: [UInt8], limits: XMLLimits = .default) -> Result<[String], XMLError> {
        bytes.withUnsafeBytes { raw in
            var reader = XMLReader(raw, limits: limits)
            var out: [String] = []
            do throws(XMLError) {
                while true {
                    switch try reader.next() {
                    case .startElement:
                        let attributes = reader.attributes.map { "\(reader.string($0.name))=\(reader.value(of: $0))" }
                        out.append((["<" + reader.string(reader.name)] + attributes).joined(separator: " ") + (reader.isEmptyElement ? "/>" : ">"))
                    case .endElement: out.append("</" + reader.string(reader.name) + ">")
                    case .text: out.append((reader.textIsCDATA ? "cdata:" : "text:") + reader.text())
                    case .endOfDocument: return .success(out)
                    }
                }
            } catch { return .failure(error) }
        }
    }

    static func error(_ text: String, limits: XMLLimits = .default) -> XMLError? {
        if case .failure(let e) = events(text, limits: limits) { return e }
        return nil
    }
}

@Suite struct XMLReaderTests {
    @Test func elementsAttributesAndEmptyElementsInOrder() {
        let doc = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node a=\"1\" b='two'><node/></node></hierarchy>"
        #expect(XML.events(doc) == .success(["<hierarchy rotation=0>", "<node a=1 b=two>", "<node/>", "</node>", "</node>", "</hierarchy>"]))
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreReplaced() {
        let doc = "<a v=\"&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;\">x &amp; y</a>"
        #expect(XML.events(doc) == .success(["<a v=<>&\"' AB\u{1F600}>", "text:x & y", "</a>"]))
    }

    @Test func literalLineEndsInValuesBecomeSpacesButReferencedOnesStay() {
        // XML 1.0 §3.3.3: a literal tab or line end is a space; &#10; is kept as a newline.
        let doc = "<a v=\"one\r\ntwo\tthree&#10;four\"/>"
        #expect(XML.events(doc) == .success(["<a v=one two three\nfour/>", "</a>"]))
    }

    @Test func textLineEndsAreLF() {
        #expect(XML.events("<a>x\r\ny\rz</a>") == .success(["<a>", "text:x\ny\nz", "</a>"]))
    }

    @Test func commentsProcessingInstructionsAndWhitespaceAreSkippedCDATAIsText() {
        let doc = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><?pi data?>\n<r>\n  <!-- inner - dash --><?p?><![CDATA[<b>&amp;]]>\n</r>\n<!-- after -->\n"
        #expect(XML.events(doc) == .success(["<r>", "cdata:<b>&amp;", "</r>"]))
    }

    @Test func endTagMayHaveSpaceAndAttributesMaySpaceAroundEquals() {
        #expect(XML.events("<a  x = \"1\"\n y='2' ></a >") == .success(["<a x=1 y=2>", "</a>"]))
    }

    @Test func doctypeIsRefusedSoBillionLaughsNeverExpands() throws {
        let lol = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        ]>
        <lolz>&lol9;</lolz>
        """
        let error = try #require(XML.error(lol))
        #expect(error.kind == .forbidden)
        #expect(error.line == 2 && error.column == 1)
        #expect(error.message.contains("DOCTYPE"))
    }

    @Test func undeclaredEntityIsRefusedByName() throws {
        let error = try #require(XML.error("<a>\n  &lol9;</a>"))
        #expect(error.kind == .forbidden)
        #expect(error.message.contains("&lol9;"))
        #expect(error.line == 2 && error.column == 3)
    }

    @Test func externalEntityInAValueIsRefused() throws {
        let error = try #require(XML.error("<a v=\"&xxe;\"/>"))
        #expect(error.kind == .forbidden)
        #expect(error.offset == 6)
    }

    @Test(arguments: ["&#0;", "&#x0;", "&#xD800;", "&#xDFFF;", "&#xFFFE;", "&#x110000;", "&#1;", "&#99999999999999999999;", "&#;", "&#x;", "&#65"])
    func characterReferencesToCharactersXMLForbidsAreRefused(_ reference: String) throws {
        let error = try #require(XML.error("<a>" + reference + "</a>"))
        #expect(error.kind == .syntax)
        #expect(error.column == 4)
    }

    @Test func bareAmpersandIsRefused() throws {
        let error = try #require(XML.error("<a v=\"Tom & Jerry\"/>"))
        #expect(error.kind == .syntax)
        #expect(error.column == 11)
    }

    @Test(arguments: [
        ([0x3C, 0x61, 0x3E, 0xC3, 0x3C, 0x2F, 0x61, 0x3E], 4),          // truncated two-byte sequence
        ([0x3C, 0x61, 0x3E, 0xC0, 0xAF, 0x3C, 0x2F, 0x61, 0x3E], 4),    // overlong /
        ([0x3C, 0x61, 0x3E, 0xED, 0xA0, 0x80, 0x3C, 0x2F, 0x61, 0x3E], 4), // encoded surrogate
        ([0x3C, 0x61, 0x3E, 0x00, 0x3C, 0x2F, 0x61, 0x3E], 4),          // NUL
        ([0x3C, 0x61, 0x3E, 0x1B, 0x3C, 0x2F, 0x61, 0x3E], 4),          // ESC
        ([0x3C, 0x61, 0x3E, 0xEF, 0xBF, 0xBF, 0x3C, 0x2F, 0x61, 0x3E], 4), // U+FFFF
        ([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E], 4),
    ] as [([UInt8], Int)])
    func bytesThatAreNotUTF8OrNotXMLCharactersAreRefused(_ bytes: [UInt8], column: Int) throws {
        guard case .failure(let error) = XML.events(bytes) else { Issue.record("accepted"); return }
        #expect(error.kind == .encoding)
        #expect(error.line == 1 && error.column == column)
    }

    @Test func controlByteDeepInsideAnASCIIRunIsFound() throws {
        // The eight-byte fast path must not step over it.
        let error = try #require(XML.error("<a>" + String(repeating: "x", count: 22) + "\u{7}" + "</a>"))
        #expect(error.kind == .encoding && error.column == 26)
    }

    @Test(arguments: [
        ("<a></b>", "end tag </b> does not match <a>"),
        ("<a>", "document ends inside element <a>"),
        ("<a", "document ends inside tag <a>"),
        ("<a b=\"1", "document ends inside the value of attribute b"),
        ("<a b=\"1\" b=\"2\"/>", "attribute b repeated on element <a>"),
        ("<a b=\"1\"c=\"2\"/>", "expected whitespace between attributes"),
        ("<a b=1/>", "expected a quoted value for attribute b"),
        ("<a b=\"<\"/>", "< in the value of attribute b"),
        ("<a/><b/>", "a second root element"),
        ("<a/>text", "text after the root element"),
        ("", "no root element"),
        ("   ", "no root element"),
        ("text", "expected the root element"),
        ("<a><!-- x -- y --></a>", "-- inside a comment"),
        ("<a><!-- x", "unterminated comment"),
        ("<a>]]></a>", "]]> in character data"),
        ("<a><![CDATA[x</a>", "unterminated CDATA section"),
        ("<1a/>", "expected an element name"),
        (" <?xml version=\"1.0\"?><a/>", "an XML declaration is only allowed at the very start"),
        ("<?xml encoding=\"UTF-8\"?><a/>", "unexpected encoding in the XML declaration"),
        ("<?xml version=\"2.0\"?><a/>", "XML version 2.0 is not 1.x"),
        ("<a/></a>", "markup after the root element"),
        ("<a><!x></a>", "expected a comment or CDATA section after <!"),
    ])
    func malformedDocumentsGetOneNamedError(_ doc: String, message: String) throws {
        let error = try #require(XML.error(doc))
        #expect(error.kind == .syntax)
        #expect(error.message == message)
    }

    @Test func otherEncodingsAreRefused() throws {
        let error = try #require(XML.error("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>"))
        #expect(error.kind == .forbidden)
        #expect(error.column == 31)
    }

    @Test func hundredThousandNestedElementsHitTheDepthLimitWithoutRecursing() throws {
        let doc = String(repeating: "<node>", count: 100_000) + String(repeating: "</node>", count: 100_000)
        let error = try #require(XML.error(doc))
        #expect(error.kind == .limit)
        #expect(error.message == "elements nested deeper than 1024 levels")
        #expect(error.offset == 1024 * 6)
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        var limits = XMLLimits()
        limits.maxDepth = 3
        #expect((try? XML.events("<a><b><c/></b></a>", limits: limits).get())?.count == 6)
        #expect(XML.error("<a><b><c><d/></c></b></a>", limits: limits)?.kind == .limit)
    }

    @Test func eachLimitHasItsOwnError() throws {
        var limits = XMLLimits()
        limits.maxAttributes = 2
        limits.maxNameBytes = 8
        limits.maxValueBytes = 4
        #expect(XML.error("<a x=\"1\" y=\"2\" z=\"3\"/>", limits: limits)?.message == "more than 2 attributes on element <a>")
        #expect(XML.error("<abcdefghi/>", limits: limits)?.message == "name longer than 8 bytes")
        #expect(XML.error("<a x=\"12345\"/>", limits: limits)?.message == "value of attribute x longer than 4 bytes")
        #expect(XML.error("<a>12345</a>", limits: limits)?.message == "text longer than 4 bytes")
        limits.maxDocumentBytes = 10
        #expect(XML.error("<a>1234567</a>", limits: limits)?.message == "document larger than 10 bytes")
    }

    @Test func linesCountCRLFOnceAndColumnsCountUTF16Units() throws {
        // Line 3 after a CRLF and a lone CR; the emoji before the bad byte is two UTF-16 units.
        let error = try #require(XML.error("<a>\r\n\r\u{1F600}\u{E9}& </a>"))
        #expect(error.line == 3)
        #expect(error.column == 4)
    }

    /// A control character is found wherever it falls in the sixteen-byte steps of validation.
    @Test func controlCharactersAreFoundAtEveryOffset() throws {
        for offset in 0..<40 {
            let text = String(repeating: "a", count: offset) + "\u{1}"
            let error = try #require(XML.error("<a>" + text + "</a>"))
            #expect(error.kind == .encoding && error.column == 4 + offset, "offset \(offset)")
        }
    }

    @Test func lineCounterAdvancesForward() {
        let text = Array("ab\r\ncd\ne\u{1F600}f".utf8)
        text.withUnsafeBytes { raw in
            var counter = XMLLineCounter()
            #expect(counter.advance(to: 1, in: raw) == XMLLocation(line: 1, column: 2))
            #expect(counter.advance(to: 5, in: raw) == XMLLocation(line: 2, column: 2))
            #expect(counter.advance(to: 12, in: raw) == XMLLocation(line: 3, column: 4))
            #expect(XMLLocation.of(12, in: raw) == XMLLocation(line: 3, column: 4))
        }
    }

    @Test func attributeLookupAndRawRanges() throws {
        let doc = Array("<node text=\"\" content-desc=\"Hi &amp; bye\"/>".utf8)
        try doc.withUnsafeBytes { raw in
            var reader = XMLReader(raw)
            #expect(try reader.next() == .startElement)
            #expect(reader.equals(reader.name, "node"))
            let text = try #require(reader.attribute("text"))
            #expect(text.value.isEmpty && !text.needsDecoding)
            let desc = try #require(reader.attribute("content-desc"))
            #expect(desc.needsDecoding && reader.value(of: desc) == "Hi & bye")
            #expect(reader.attribute("hint") == nil)
            #expect(try reader.next() == .endElement)
            #expect(try reader.next() == .endOfDocument)
            #expect(try reader.next() == .endOfDocument)
        }
    }

    // The scans that look at eight bytes at a time (names, attribute values, name keys, line
    // counts) must find every byte a byte-by-byte scan finds, wherever it sits in a word.

    @Test func repeatedAttributeNamesAreFoundWhateverTheirLengthAndPlace() throws {
        for name in ["b", "abcdefg", "abcdefgh", "abcdefghi", "resource-id", "screen-reader-focusable"] {
            // Near the end of the document fewer than eight bytes follow the second name.
            let doc = "<a \(name)=\"1\" \(name)=\"2\"/>"
            #expect(XML.error(doc)?.message == "attribute \(name) repeated on element <a>", "\(name)")
        }
        // Same length, first and last eight bytes: only the middle tells them apart.
        #expect(XML.events("<a abcdefgh-x-12345678=\"1\" abcdefgh-y-12345678=\"2\"/>")
                == .success(["<a abcdefgh-x-12345678=1 abcdefgh-y-12345678=2/>", "</a>"]))
    }

    @Test func namesOfEveryNameCharacterAcrossWordBoundaries() {
        let names = ["a", "Zz", "x-y.z_w:v9", "verylongname-with-Capitals", "caf\u{E9}-n\u{E4}me", "n0123456789", "ab_cdefgh.ij"]
        for name in names {
            #expect(XML.events("<\(name) \(name)=\"v\"></\(name)>") == .success(["<\(name) \(name)=v>", "</\(name)>"]), "\(name)")
        }
        // A byte that is no name character ends the name wherever it falls in a word.
        for k in 1...17 {
            let name = String(repeating: "n", count: k)
            #expect(XML.error("<a \(name)!=\"v\"/>")?.message == "expected = after attribute \(name)", "\(k)")
        }
    }

    @Test func valueStopBytesAreFoundAtEveryOffset() throws {
        for k in 0...17 {
            let pad = String(repeating: "v", count: k)
            #expect(XML.events("<a b=\"\(pad)&amp;\(pad)\" c='\(pad)\"\(pad)'/>") == .success(["<a b=\(pad)&\(pad) c=\(pad)\"\(pad)/>", "</a>"]), "\(k)")
            #expect(XML.events("<a b=\"\(pad)\t\(pad)\u{E9}\"/>") == .success(["<a b=\(pad) \(pad)\u{E9}/>", "</a>"]), "\(k)")
            let error = try #require(XML.error("<a b=\"\(pad)<\"/>"), "\(k)")
            #expect(error.message == "< in the value of attribute b" && error.column == 7 + k, "\(k)")
        }
    }

    @Test func lineCounterCountsLongLinesWithAndWithoutNonASCII() {
        let text = Array("0123456789abcdef\r\n\u{E9}123456789abcdef\u{1F600}x\r0123456789".utf8)
        text.withUnsafeBytes { raw in
            var counter = XMLLineCounter()
            #expect(counter.advance(to: 16, in: raw) == XMLLocation(line: 1, column: 17))
            // After CR LF: é (2 bytes, one unit), 15 ASCII bytes, then the emoji (two units).
            #expect(counter.advance(to: 18 + 2 + 15, in: raw) == XMLLocation(line: 2, column: 17))
            #expect(counter.advance(to: 18 + 2 + 15 + 4, in: raw) == XMLLocation(line: 2, column: 19))
            // A lone CR ends line 2.
            #expect(counter.advance(to: text.count, in: raw) == XMLLocation(line: 3, column: 11))
            #expect(XMLLocation.of(text.count, in: raw) == XMLLocation(line: 3, column: 11))
        }
    }
}
