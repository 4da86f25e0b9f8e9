import Foundation
import Testing

/// WebDriverAgent JSON sources on the command line: recognised in files and folders, asked for
/// with `--input-format ios-json`, and bad ones refused with one line naming the pointer.
extension CLITests {
    /// A WDA JSON source of our own (`mobile: source`, format json): a 390x844 application with
    /// one unnamed 30x30 button (control-name, target-size).
    static let wdaSource = #"{"children":[{"type":"Button","rawIdentifier":null,"name":null,"label":null,"value":null,"isEnabled":"1","isVisible":"1","isAccessible":"1","rect":{"x":8,"y":50,"width":30,"height":30},"frame":"{{8, 50}, {30, 30}}"}],"type":"Application","rawIdentifier":null,"name":"Demo","label":"Demo","value":null,"isEnabled":"1","isVisible":"1","isAccessible":"0","rect":{"x":0,"y":0,"width":390,"height":844},"frame":"{{0, 0}, {390, 844}}"}"#

    @Test func wdaJSONSourcesAreRecognisedAndPointedInto() throws {
        let file = try Self.temporaryFile(Self.wdaSource)
        for arguments in [["audit", file], ["audit", file, "--input-format", "ios-json"]] {
            let r = try Self.run(arguments)
            #expect(r.status == 1, "\(arguments)")  // control-name is critical
            let text = String(decoding: r.stdout, as: UTF8.self)
            #expect(text.contains(#""rule":"control-name""#) && text.contains(#""paths":[{"pointer":"/children/0"}]"#), "\(arguments)")
        }
        // Read as our tree format it has no root.
        #expect(try Self.run(["audit", file, "--input-format", "json"]).status == 2)
        // A folder takes it among its .json files, and so does --input-format ios-json alone.
        let folder = try Self.temporaryFolder()
        try Data(Self.wdaSource.utf8).write(to: folder.appendingPathComponent("login.json"))
        try Data(Self.iosPage.utf8).write(to: folder.appendingPathComponent("login.xml"))
        #expect(try Self.names(try Self.run(["audit", folder.path, "--fail-on", "none"])) == ["login.json", "login.xml"])
        #expect(try Self.names(try Self.run(["audit", folder.path, "--fail-on", "none", "--input-format", "ios-json"])) == ["login.json"])
    }

    @Test func badWDAJSONSourcesExitTwoWithOneLine() throws {
        let missingRect = try Self.temporaryFile(Self.wdaSource.replacingOccurrences(of: #""rect":{"x":8,"y":50,"width":30,"height":30},"#, with: ""))
        let r = try Self.run(["audit", missingRect])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: \(missingRect): an element needs \"rect\""), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" at /children/0\n") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        let badFlag = try Self.temporaryFile(Self.wdaSource.replacingOccurrences(of: #""isVisible":"1","isAccessible":"1""#, with: #""isVisible":"yes","isAccessible":"1""#))
        let flag = try Self.run(["audit", badFlag, "--format", "text"])
        #expect(flag.status == 2)
        #expect(flag.stderr.hasSuffix("is \"yes\", expected \"1\" or \"0\" at /children/0/isVisible\n"), "\(flag.stderr)")
        let notWDA = try Self.temporaryFile("[1, 2]")
        let other = try Self.run(["audit", notWDA, "--input-format", "ios-json"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("a WebDriverAgent JSON source must be a JSON object"), "\(other.stderr)")
    }
}
