import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Short known keys are matched as words (`JSONReader.compactKnownKey`) when they follow the
/// ',' or '{' directly; any whitespace sends them through the general key read. Both must
/// give the same nodes and the same errors.
@Suite struct KnownKeyWordsTests {
    /// The same document, compact and with a space after every ',' and '{' (general path).
    private func bothWays(_ compact: String) -> [String] {
        [compact, compact.replacingOccurrences(of: ",", with: ", ").replacingOccurrences(of: "{", with: "{ ")]
    }

    @Test(arguments: [
        #"{"root":{"id":"a","type":"button","label":"OK","frame":{"x":1,"y":2,"width":3,"height":4},"children":[{"id":"b","hint":"h","value":"v","identifier":"i","grouping":"contain"}]}}"#,
        ##"{"root":{"label":"a","style":{"fontSize":12,"textStyle":"body","foreground":"#000000","background":"#FFFFFF"}}}"##,
        // Known names split by escapes, unknown keys and a long known key.
        #"{"root":{"\u0069d":"a","lab\u0065l":"x","unknown":1,"isAccessibilityElement":true,"accessibilityFrame":{"width":1,"height":1}}}"#,
    ])
    func compactAndSpacedKeysDecodeAlike(json: String) throws {
        let ways = bothWays(json)
        let compact = try Tree.decode(ways[0]), spaced = try Tree.decode(ways[1])
        #expect(compact.nodes.count == spaced.nodes.count)
        for (a, b) in zip(compact.nodes, spaced.nodes) {
            #expect(a.id == b.id && a.label == b.label && a.frame == b.frame && a.kind == b.kind)
            #expect(a.style?.fontSize == b.style?.fontSize && a.style?.textStyle == b.style?.textStyle)
            #expect(a.style?.foreground == b.style?.foreground && a.style?.background == b.style?.background)
            #expect(a.isAccessibilityElement == b.isAccessibilityElement && a.hint == b.hint && a.value == b.value)
        }
        #expect(compact.nodes[0].label != nil)
    }

    @Test(arguments: [
        (#"{"root":{"id":"a","label":"x","id":"b"}}"#, "/root/id", "duplicate key \"id\""),
        (#"{"root":{"label":"x","lab\u0065l":"y"}}"#, "/root/label", "duplicate key \"label\""),
        (#"{"root":{"lab\u0065l":"x","label":"y"}}"#, "/root/label", "duplicate key \"label\""),
        (#"{"root":{"style":{"fontSize":1,"fontSize":2}}}"#, "/root/style/fontSize", "duplicate key \"fontSize\""),
        (#"{"root":{"children":[{"hint":"a","hint":"b"}]}}"#, "/root/children/0/hint", "duplicate key \"hint\""),
    ])
    func duplicateKnownKeysFailAlike(json: String, pointer: String, message: String) throws {
        for way in bothWays(json) {
            let error = try #require(Tree.failure(way), "\(way)")
            #expect(error.kind == .invalidValue)
            #expect(error.pointer == pointer, "\(way)")
            #expect(error.message == message, "\(way)")
        }
    }

    /// Objects end inline on a '}' right after a value; anything else there fails as before.
    @Test(arguments: [
        (#"{"root":{"id":"a",}}"#, "/root"),
        (#"{"root":{"id":"a"}"#, ""),
        (#"{"root":{"style":{"fontSize":1,}}}"#, "/root/style"),
        (#"{"root":{"children":[{}]},}"#, ""),
    ])
    func badObjectEndsFailAlike(json: String, pointer: String) throws {
        let messages = try bothWays(json).map { way in
            let error = try #require(Tree.failure(way), "\(way)")
            #expect(error.kind == .syntax, "\(way)")
            #expect(error.pointer == pointer, "\(way)")
            return error.message.replacingOccurrences(of: #"\(byte \d+\)"#, with: "", options: .regularExpression)
        }
        #expect(messages[0] == messages[1])
        #expect(try Tree.decode(#"{"root":{"children":[{},{"id":"b"}],"style":{}}}"#).nodes.count == 3)
    }

    /// A known key near the end of the buffer (no room for the word loads) and a truncated one.
    @Test func keysAtTheEndOfTheBuffer() throws {
        #expect(try Tree.decode(#"{"root":{"id":"a"}}"#).nodes[0].id == "a")
        #expect(try Tree.decode(#"{"root":{"label":"a","id":"b"}}"#).nodes[0].id == "b")
        for truncated in [#"{"root":{"id""#, #"{"root":{"id"#, #"{"root":{"label":"a","id":"#] {
            let error = try #require(Tree.failure(truncated), "\(truncated)")
            #expect(error.kind == .syntax, "\(truncated)")
        }
    }

    /// The string length limit applies to short known keys too.
    @Test func keyLongerThanTheStringLimitFails() throws {
        var limits = DecodeLimits.default
        limits.maxStringBytes = 4
        let json = #"{"root":{"label":"a","children":[]}}"#
        for way in bothWays(json) {
            let error = try #require(Tree.failure(way, limits: limits), "\(way)")
            #expect(error.kind == .limit, "\(way)")
            #expect(error.pointer == "/root", "\(way)")
        }
    }
}
