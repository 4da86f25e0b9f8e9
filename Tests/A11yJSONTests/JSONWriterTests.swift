import Testing
import A11yTestSupport
@testable import A11yJSON

@Suite struct JSONWriterTests {
    private func text(_ writer: JSONWriter) -> String { String(decoding: writer.bytes, as: UTF8.self) }

    @Test(arguments: [false, true]) func staticKeysWriteWhatKeysWrite(pretty: Bool) {
        func write(_ key: (inout JSONWriter, StaticString) -> Void) -> String {
            var writer = JSONWriter(pretty: pretty)
            writer.beginObject()
            key(&writer, "label"); writer.string("Sign in")
            key(&writer, "frame")
            writer.beginObject()
            key(&writer, "x"); writer.number(1)
            key(&writer, "y"); writer.number(2)
            writer.endObject()
            key(&writer, "empty")
            writer.beginArray()
            writer.endArray()
            writer.endObject()
            return text(writer)
        }
        let fixed = write { w, k in w.staticKey(k) }
        #expect(fixed == write { w, k in w.key(k.description) })
        #expect(fixed.contains(pretty ? "\"frame\": {\n    \"x\": 1," : ",\"frame\":{\"x\":1,\"y\":2}"))
    }

    private func sample(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("label")
        writer.string("Sign in")
        writer.key("hint")
        writer.string(nil as String?)
        writer.key("traits")
        writer.beginArray()
        writer.string("button")
        writer.string("selected")
        writer.endArray()
        writer.key("frame")
        writer.beginObject()
        writer.key("x")
        writer.number(0)
        writer.key("width")
        writer.number(44.5)
        writer.endObject()
        writer.key("empty")
        writer.beginArray()
        writer.endArray()
        writer.key("none")
        writer.beginObject()
        writer.endObject()
        writer.key("count")
        writer.int(-3)
        writer.key("on")
        writer.bool(true)
        writer.key("cached")
        writer.raw(Array(#"{"k":[1,2]}"#.utf8))
        writer.endObject()
    }

    @Test func writesCompactJSON() {
        var writer = JSONWriter()
        sample(&writer)
        #expect(text(writer) == #"{"label":"Sign in","hint":null,"traits":["button","selected"],"frame":{"x":0,"width":44.5},"empty":[],"none":{},"count":-3,"on":true,"cached":{"k":[1,2]}}"#)
    }

    @Test func writesPrettyJSONWithTwoSpaceIndentation() {
        var writer = JSONWriter(pretty: true)
        sample(&writer)
        #expect(text(writer) == """
        {
          "label": "Sign in",
          "hint": null,
          "traits": [
            "button",
            "selected"
          ],
          "frame": {
            "x": 0,
            "width": 44.5
          },
          "empty": [],
          "none": {},
          "count": -3,
          "on": true,
          "cached": {"k":[1,2]}
        }
        """)
    }

    @Test func writesTopLevelScalarsAndArrays() {
        var writer = JSONWriter(pretty: true)
        writer.beginArray()
        writer.int(1)
        writer.beginArray()
        writer.null()
        writer.endArray()
        writer.endArray()
        #expect(text(writer) == "[\n  1,\n  [\n    null\n  ]\n]")
        var scalar = JSONWriter()
        scalar.bool(false)
        #expect(text(scalar) == "false")
    }

    /// Numbers are `NumberText`'s (tested there); a frame goes through one reservation.
    @Test func writesFramesAndNull() {
        var frame = JSONWriter()
        frame.numberObject("x", 7, "y", 12.5, "width", 1e300, "height", .nan)
        #expect(text(frame) == #"{"x":7,"y":12.5,"width":1e+300,"height":null}"#)
        var point = JSONWriter()
        point.beginArray(); point.number(-0.0); point.int(Int.min); point.number(-.infinity); point.endArray()
        #expect(text(point) == "[0,-9223372036854775808,null]")
    }

    @Test func escapesOnlyWhatRFC8259Requires() {
        var writer = JSONWriter()
        writer.string("q\" b\\ s/ \u{8}\u{C}\n\r\t \u{0}\u{1}\u{1F} \u{7F} é 😀 \u{2028}")
        #expect(text(writer) == #""q\" b\\ s/ \b\f\n\r\t \u0000\u0001\u001f "# + "\u{7F} é 😀 \u{2028}\"")
        var keys = JSONWriter()
        keys.beginObject()
        keys.key("a\"b")
        keys.int(1)
        keys.endObject()
        #expect(text(keys) == #"{"a\"b":1}"#)
    }

    /// The escape scan works on 8-byte words: put each special byte at every offset of
    /// strings long enough to cross several words, next to multi-byte UTF-8.
    @Test(arguments: ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "😀"])
    func escapesAtEveryOffset(special: String) {
        for length in 0...26 {
            for offset in 0...length {
                let filler = Array("abcdefghijklmnopqrstuvwxyz")
                let text = String(filler[..<offset]) + special + String(filler[offset..<length])
                var writer = JSONWriter()
                writer.string(text)
                #expect(self.text(writer) == "\"" + Self.reference(text) + "\"", "\(text.debugDescription)")
            }
        }
    }

    /// Straightforward RFC 8259 escaping, one scalar at a time.
    static func reference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func copiedWritersKeepTheirOwnBytes() {
        var first = JSONWriter()
        first.beginArray()
        first.int(1)
        var second = first
        second.int(2)
        first.int(3)
        first.endArray()
        second.endArray()
        #expect(text(first) == "[1,3]")
        #expect(text(second) == "[1,2]")
    }

    /// `array(capacity:)` writes into the result's own storage; output that outgrows the
    /// room moves to the writer's storage and must come back whole all the same.
    @Test(arguments: [64, 100, 4096]) func arrayWritesTheSameBytesFittingOrOutgrowingItsRoom(capacity: Int) {
        for pretty in [false, true] {
            var plain = JSONWriter(pretty: pretty)
            sample(&plain)
            plain.finalNewline()
            let array = JSONWriter.array(capacity: capacity, pretty: pretty) { w in
                sample(&w)
                w.finalNewline()
            }
            #expect(array == plain.bytes)
            #expect(array.last == UInt8(ascii: "\n"))
        }
    }

    @Test func roundTripsNestedDocumentsInBothModes() throws {
        let tree = JSONTree.object([
            .init(key: "elements", value: .array([
                .object([.init(key: "label", value: .string("Größe \"XL\"\n")), .init(key: "value", value: .null),
                         .init(key: "frame", value: .array([.number(0.1), .number(-3), .number(1e-300), .number(12345.678)]))]),
                .bool(false), .array([]), .object([]),
            ])),
            .init(key: "", value: .string("")),
            .init(key: "emoji 😀", value: .string("\u{0}\u{1F}\u{10FFFF}")),
        ])
        for pretty in [false, true] {
            var writer = JSONWriter(pretty: pretty)
            tree.write(to: &writer)
            #expect(try parseJSON(writer.bytes) == tree)
        }
    }

    @Test func roundTripsRandomStringsAndNumbers() throws {
        var random = SplitMix64(state: 42)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                // Bias towards ASCII and control characters, then BMP, then astral planes.
                let value: UInt32 = switch Int.random(in: 0..<4, using: &random) {
                case 0: UInt32.random(in: 0...0x7F, using: &random)
                case 1: UInt32.random(in: 0...0x20, using: &random)
                case 2: UInt32.random(in: 0x80...0xFFFF, using: &random)
                default: UInt32.random(in: 0x10000...0x10FFFF, using: &random)
                }
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let string = String(scalars)
            let number = Double(bitPattern: random.next())
            var writer = JSONWriter()
            writer.beginArray()
            writer.string(string)
            writer.number(number)
            writer.endArray()
            let expectedNumber: JSONTree = number.isFinite ? .number(number) : .null
            #expect(try parseJSON(writer.bytes) == .array([.string(string), expectedNumber]))
        }
    }
}
