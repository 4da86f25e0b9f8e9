import Testing
@testable import A11yCore
import A11yCoreTestSupport

/// Frame numbers take `JSONReader.shortNumber` (tested on its own in A11yJSONTests) inside
/// the compact frame shape and the full grammar outside it: both must decode the same.
@Suite struct FrameNumberTests {
    /// Frames take the short read inside the compact frame shape and outside it; both give the
    /// full conversion's values, and a bad number fails the same way in either shape.
    @Test(arguments: ["0.5", "-12.75", "358", "1234567.1234567", "1e2", "2.5E-1", "0.1234567890123456"])
    func framesReadShortAndLongNumbersAlike(text: String) throws {
        let expected = try #require(Double(text))
        for json in [#"{"root":{"frame":{"x":\#(text),"y":\#(text),"width":1,"height":1}}}"#,
                     #"{"root": {"frame": {"x": \#(text), "y": \#(text), "width": 1, "height": 1}}}"#] {
            let frame = try Tree.decode(json).nodes[0].frame
            #expect(frame?.x.bitPattern == expected.bitPattern, "\(json)")
            #expect(frame?.y.bitPattern == expected.bitPattern, "\(json)")
        }
    }

    @Test(arguments: [
        // The number, the message, and where in the number the reader finds the fault.
        ("1.", "malformed JSON: expected a digit after '.' in number, found ','", 2),
        ("1.e5", "malformed JSON: expected a digit after '.' in number, found 'e'", 2),
        ("01", "malformed JSON: leading zeros are not allowed in numbers", 0),
        ("-", "malformed JSON: expected a digit after '-', found ','", 1),
        ("1e400", "number out of range", 0),
    ])
    func badFrameNumbersFailAsBefore(text: String, message: String, offset: Int) throws {
        for (json, x) in [(#"{"root":{"frame":{"x":\#(text),"y":0,"width":1,"height":1}}}"#, 22),
                          (#"{"root": {"frame": {"x": \#(text), "y": 0, "width": 1, "height": 1}}}"#, 25)] {
            let error = try #require(Tree.failure(json))
            #expect(error.pointer == "/root/frame/x")
            #expect(error.kind == (message == "number out of range" ? .invalidValue : .syntax))
            #expect(error.message == "\(message) (byte \(x + offset))", "\(json)")
        }
    }
}
