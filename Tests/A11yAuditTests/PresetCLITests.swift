import Foundation
import Testing

/// `--preset` on the command line: it pins which rules run by default, and an unknown one
/// is a usage error naming the flag.
extension CLITests {
    @Test func presetFlagPinsTheRulesThatRun() throws {
        // A 20x20 unnamed button: control-name (level A) and target-size (AA) both fail.
        let file = try Self.temporaryFile(#"{"root": {"type": "button", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}}}"#)
        func run(_ flags: [String]) throws -> String {
            String(decoding: try Self.run(["audit", file] + flags).stdout, as: UTF8.self)
        }
        #expect(try run([]).contains(#""rule":"target-size""#))
        let levelA = try run(["--preset", "wcag22-a@1"])
        #expect(levelA.contains(#""rule":"control-name""#) && !levelA.contains(#""rule":"target-size""#))
        let unknown = try Self.run(["audit", file, "--preset", "wcag9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--preset"))
    }
}
