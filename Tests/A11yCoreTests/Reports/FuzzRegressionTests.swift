import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// Inputs fuzz-audit found (Tests/Fuzz/corpus/audit/regress-*), kept as tests.
@Suite("Fuzz regressions: reports")
struct FuzzRegressionTests {
    static func audit(_ json: [UInt8]) -> Result<AuditRun, InputError> {
        Tree.audit(json)
    }

    /// Every format the service answers in writes something (none traps on the run).
    static func expectEveryFormatRenders(_ run: AuditRun) {
        for format in [OutputFormat.json, .text, .report(.sarif), .report(.junit), .report(.html)] {
            #expect(!run.render(format).isEmpty)
        }
    }

    /// A frame 1e27 points down trapped converting to Int64 in the HTML wireframe, which
    /// would have killed the server on `Accept: text/html`.
    @Test func hugeCoordinatesRenderInEveryFormat() throws {
        let json = Array(#"""
        {"root": {"id": "row", "type": "stack", "frame": {"x": 0, "y": 100, "width": 390, "height": 44},
          "children": [{"id": "t", "type": "text", "text": "Volume",
                        "frame": {"x": -3e300, "y": 1.1e27, "width": 264, "height": 1e19}}]}}
        """#.utf8)
        let run = try Self.audit(json).get()
        Self.expectEveryFormatRenders(run)
    }

    /// A target 1.2e17 wide (or a rating of 1e300) trapped converting to Int64 while writing
    /// the finding's message, which would have killed the server on any format.
    @Test func hugeSizesAndRatingsAreWrittenInMessages() throws {
        let json = Array(#"""
        {"root": {"type": "stack", "children": [
          {"type": "button", "label": "Wide", "frame": {"x": 0, "y": 0, "width": 123456789012345678, "height": 4}},
          {"type": "button", "label": "Widest", "frame": {"x": 0, "y": 10, "width": 1.7976931348623157e308, "height": 4}},
          {"type": "ratingDisplay", "label": "Stars", "frame": {"x": 0, "y": 20, "width": 100, "height": 44},
           "component": {"rating": 1e300}}]}}
        """#.utf8)
        let run = try Self.audit(json).get()
        Self.expectEveryFormatRenders(run)
        let text = String(decoding: run.render(.json), as: UTF8.self)
        #expect(text.contains("Target is 1.2345678901234568e+17x4"))
        #expect(text.contains("Rating: 1e+300 out of 5 stars"))
    }

    /// A rating input with a rating of 1e300 trapped converting it to Int for the expected
    /// value "K stars selected"; whole stars below that still read as before (4.7 -> 4).
    @Test func hugeRatingInputIsWrittenInItsExpectedValue() throws {
        let json = Array(#"""
        {"root": {"type": "stack", "children": [
          {"type": "ratingInput", "label": "Rate", "frame": {"x": 0, "y": 0, "width": 100, "height": 44},
           "component": {"rating": 1e300, "maxRating": 2147483647}},
          {"type": "ratingInput", "label": "Rate", "frame": {"x": 0, "y": 50, "width": 100, "height": 44},
           "component": {"rating": 4.7}}]}}
        """#.utf8)
        let run = try Self.audit(json).get()
        Self.expectEveryFormatRenders(run)
        let text = String(decoding: run.render(.json), as: UTF8.self)
        #expect(text.contains("1e+300 stars selected"))
        #expect(text.contains("Rate from 1 to 2147483647 stars"))
        #expect(text.contains("\"4 stars selected"))
    }

    /// Finite frames near Double's limit overflowed when summed (an activation point at x + w/2,
    /// a combined frame's width), and the response carried `null` where numbers belong.
    @Test func framesNearDoublesLimitStayNumbers() throws {
        let far = Rect(x: 1.7e308, y: 1.7e308, width: 1.7e308, height: 1.7e308)
        #expect(far.center == Point(x: .greatestFiniteMagnitude, y: .greatestFiniteMagnitude))
        let wide = Rect(x: -1.7e308, y: 0, width: 10, height: 10).union(Rect(x: 1e308, y: 0, width: 1.7e308, height: 10))
        #expect(wide.width == .greatestFiniteMagnitude && wide.x == -1.7e308)
        let json = Array(#"""
        {"root": {"type": "stack", "children": [
          {"type": "button", "label": "Far", "frame": {"x": 1.7e308, "y": 1.7e308, "width": 1.7e308, "height": 1.7e308}}]}}
        """#.utf8)
        let text = String(decoding: try Self.audit(json).get().render(.json), as: UTF8.self)
        #expect(text.contains(#""activationPoint":{"x":1.7976931348623157e+308,"y":1.7976931348623157e+308}"#))
    }

    /// A key starting with a combining mark (U+0310) makes the pointer "/\u{310}o; ": right
    /// byte for byte, though as Characters the "/" and the mark are one grapheme.
    @Test func pointerToAKeyThatStartsWithACombiningMark() {
        let json: [UInt8] = Array("{\n  \"".utf8) + [0xCC, 0x90] + Array("o; \":f:".utf8)
        guard case .failure(let error) = Self.audit(json) else { Issue.record("accepted malformed JSON"); return }
        #expect(error.kind == .syntax)
        #expect(Array(error.pointer.utf8) == [UInt8(ascii: "/"), 0xCC, 0x90] + Array("o; ".utf8))
    }
}
