import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Bad input gets one clear error naming the value at fault with a JSON Pointer.
@Suite struct DecodingErrorTests {
    private func expectError(_ json: String, _ kind: InputError.Kind, at pointer: String,
                             limits: DecodeLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = Tree.failure(json, limits: limits) else {
            Issue.record("decoded without error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.pointer == pointer, "\(error)", sourceLocation: sourceLocation)
    }

    // MARK: Malformed JSON

    @Test func malformedJSON() {
        expectError("", .syntax, at: "")
        expectError("{", .syntax, at: "")
        expectError(#"{"root": {"id": "a",}}"#, .syntax, at: "/root")
        expectError(#"{"root": {"type": "text", "text": "unterminated}}"#, .syntax, at: "/root/text")
        expectError(#"{"root": {"children": [{"type": "text"},]}}"#, .syntax, at: "/root/children")
        expectError(#"{"root": {}} trailing"#, .syntax, at: "")
        expectError(#"{"root": {"opacity": 01}}"#, .syntax, at: "/root/opacity")
        expectError(#"{"root": {"hidden": tru}}"#, .syntax, at: "/root/hidden")
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"root": {"label": ""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8)
        let result: Result<Document, InputError> = bytes.withUnsafeBytes { b in
            do throws(InputError) { return .success(try DocumentDecoder.decode(b)) } catch { return .failure(error) }
        }
        guard case .failure(let error) = result else { Issue.record("decoded invalid UTF-8"); return }
        #expect(error.kind == .syntax)
        #expect(error.pointer == "/root/label")
    }

    // MARK: Wrong types

    @Test func topLevelMustBeAnObject() {
        expectError("[]", .type, at: "")
        expectError("null", .type, at: "")
        expectError(#""root""#, .type, at: "")
    }

    @Test func wrongTypes() {
        expectError(#"{"root": []}"#, .type, at: "/root")
        expectError(#"{"root": "node"}"#, .type, at: "/root")
        expectError(#"{"root": {"children": {}}}"#, .type, at: "/root/children")
        expectError(#"{"root": {"children": [1]}}"#, .type, at: "/root/children/0")
        expectError(#"{"root": {"accessibilityChildren": [{"label": 5}]}}"#, .type, at: "/root/accessibilityChildren/0/label")
        expectError(#"{"root": {"hidden": "yes"}}"#, .type, at: "/root/hidden")
        expectError(#"{"root": {"frame": {"x": "1", "width": 1, "height": 1}}}"#, .type, at: "/root/frame/x")
        expectError(#"{"root": {"traits": "button"}}"#, .type, at: "/root/traits")
        expectError(#"{"root": {"traits": ["button", 3]}}"#, .type, at: "/root/traits/1")
        expectError(#"{"root": {"sortPriority": "1"}}"#, .type, at: "/root/sortPriority")
        expectError(#"{"root": {"actions": [{"name": 1}]}}"#, .type, at: "/root/actions/0/name")
        expectError(#"{"root": {"combinable": {"mergeInteractiveSingleChild": "no"}}}"#, .type, at: "/root/combinable/mergeInteractiveSingleChild")
        expectError(#"{"root": {"children": [{"children": [{"isAccessibilityElement": 1}]}]}}"#, .type,
                    at: "/root/children/0/children/0/isAccessibilityElement")
        expectError(#"{"platform": 1, "root": {}}"#, .type, at: "/platform")
    }

    @Test func pointerTokensAreEscaped() {
        // RFC 6901: "~" is "~0", "/" is "~1". The key is unknown, so only its bad syntax can fail.
        expectError(#"{"root": {"a/b~c": [1,]}}"#, .syntax, at: "/root/a~1b~0c")
    }

    @Test func nullMeansAbsent() throws {
        let document = try Tree.decode(#"{"platform": null, "root": {"label": null, "children": null, "frame": null, "traits": null}}"#)
        #expect(document.nodes.count == 1)
        #expect(document.nodes[0].label == nil)
    }

    // MARK: Missing

    @Test func missingRoot() {
        expectError("{}", .missing, at: "/root")
        expectError(#"{"platform": "ios"}"#, .missing, at: "/root")
        expectError(#"{"root": null}"#, .type, at: "/root")
    }

    @Test func missingRequiredMembers() {
        expectError(#"{"root": {"frame": {"x": 0, "y": 0, "height": 1}}}"#, .missing, at: "/root/frame")
        expectError(#"{"root": {"activationPoint": {"x": 0}}}"#, .missing, at: "/root/activationPoint")
        expectError(#"{"root": {"customContent": [{"value": "v"}]}}"#, .missing, at: "/root/customContent/0")
        expectError(#"{"root": {"deferral": {"content": [{"kind": "error"}]}}}"#, .missing, at: "/root/deferral/content/0")
        expectError(#"{"root": {"labeledPair": {"id": "x"}}}"#, .missing, at: "/root/labeledPair")
    }

    // MARK: Ids and references

    @Test func duplicateIDs() {
        expectError(#"{"root": {"id": "a", "children": [{"id": "a"}]}}"#, .duplicateID, at: "/root/children/0/id")
        expectError(#"{"root": {"children": [{"id": "x"}, {"id": "y"}, {"children": [{"id": "x"}]}]}}"#, .duplicateID,
                    at: "/root/children/2/children/0/id")
        expectError(#"{"root": {"children": [{"id": "x"}], "accessibilityChildren": [{"id": "x"}]}}"#, .duplicateID,
                    at: "/root/accessibilityChildren/0/id")
    }

    @Test func duplicateIDInABatchNamesTheFirstUseWithinItsScreen() {
        let json = #"{"screens": [{"root": {"id": "a"}}, {"root": {"children": [{"id": "x"}, {"id": "x"}]}}]}"#
        let result = Array(json.utf8).withUnsafeBytes { bytes in
            Result { () throws(InputError) in try DocumentDecoder.decodeRequest(bytes) }
        }
        guard case .failure(let error) = result else { Issue.record("decoded without error"); return }
        #expect(error.kind == .duplicateID)
        #expect(error.pointer == "/screens/1/root/children/1/id")
        #expect(error.message.contains("first used at /screens/1/root/children/0)"), "\(error)")
    }

    @Test func unknownReferences() {
        expectError(#"{"root": {"strategies": {"label": {"from": "nope"}}}}"#, .unknownReference, at: "/root/strategies/label/from")
        expectError(#"{"root": {"id": "a", "strategies": {"value": {"joined": [{"just": "x"}, {"from": "a"}, {"from": "nope", "keyPath": "text"}]}}}}"#,
                    .unknownReference, at: "/root/strategies/value/joined/2/from")
        expectError(#"{"root": {"strategies": {"traits": {"from": "nope"}}}}"#, .unknownReference, at: "/root/strategies/traits/from")
        expectError(#"{"root": {"id": "a", "strategies": {"traits": {"merge": ["a", "nope"]}}}}"#, .unknownReference,
                    at: "/root/strategies/traits/merge/1")
        expectError(#"{"root": {"id": "a", "rotors": [{"systemType": "heading", "items": ["a"]}, {"name": "R", "items": ["a", "nope"]}]}}"#,
                    .unknownReference, at: "/root/rotors/1/items/1")
        expectError(#"{"root": {"children": [{"id": "c", "rotors": [{"items": ["ghost"]}]}]}}"#, .unknownReference,
                    at: "/root/children/0/rotors/0/items/0")
    }

    @Test func referencesMayPointForward() throws {
        let document = try Tree.decode(#"{"root": {"strategies": {"label": {"from": "later"}}, "rotors": [{"items": ["later"]}], "children": [{"id": "later"}]}}"#)
        #expect(document.nodes[0].rotors.first?.items == [1])
    }

    // MARK: Enumerations

    @Test func unknownEnumValues() {
        expectError(#"{"root": {"grouping": "merge"}}"#, .invalidValue, at: "/root/grouping")
        expectError(#"{"root": {"traits": ["button", "bold"]}}"#, .invalidValue, at: "/root/traits/1")
        // Private traits are not on the wire.
        expectError(#"{"root": {"traits": ["tab"]}}"#, .invalidValue, at: "/root/traits/0")
        expectError(#"{"root": {"traits": ["textEntry"]}}"#, .invalidValue, at: "/root/traits/0")
        expectError(#"{"platform": "windows", "root": {}}"#, .invalidValue, at: "/platform")
        expectError(#"{"idiom": "watch", "root": {}}"#, .invalidValue, at: "/idiom")
        expectError(#"{"layoutDirection": "ttb", "root": {}}"#, .invalidValue, at: "/layoutDirection")
        expectError(#"{"root": {"combinable": {"sorting": "alphabetical"}}}"#, .invalidValue, at: "/root/combinable/sorting")
        expectError(#"{"root": {"combinable": {"traitsAdjust": {"remove": ["buton"]}}}}"#, .invalidValue, at: "/root/combinable/traitsAdjust/remove/0")
        expectError(#"{"root": {"deferral": {"content": [{"kind": "warning", "identifier": "x"}]}}}"#, .invalidValue,
                    at: "/root/deferral/content/0/kind")
        expectError(#"{"root": {"customContent": [{"label": "a", "importance": "low"}]}}"#, .invalidValue, at: "/root/customContent/0/importance")
        expectError(#"{"root": {"labeledPair": {"role": "title", "id": "x"}}}"#, .invalidValue, at: "/root/labeledPair/role")
        expectError(#"{"root": {"strategies": {"label": {"from": "x", "keyPath": "title"}}}}"#, .invalidValue, at: "/root/strategies/label/keyPath")
        expectError(#"{"root": {"strategies": {"label": "none"}}}"#, .invalidValue, at: "/root/strategies/label")
        expectError(#"{"root": {"strategies": {"traits": {"all": []}}}}"#, .invalidValue, at: "/root/strategies/traits")
        expectError(#"{"root": {"style": {"backgroundKind": "video"}}}"#, .invalidValue, at: "/root/style/backgroundKind")
    }

    @Test func unknownTypeIsAPlainView() throws {
        let document = try Tree.decode(#"{"root": {"type": "hologram"}}"#)
        #expect(document.nodes[0].kind == .view)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let document = try Tree.decode(#"{"extra": [1, {"a": null}], "root": {"futureField": {"x": [true]}, "label": "L"}}"#)
        #expect(document.nodes[0].label == "L")
    }

    // MARK: Numbers

    @Test func negativeAndNonFiniteSizes() {
        expectError(#"{"root": {"frame": {"x": 0, "y": 0, "width": -1, "height": 10}}}"#, .invalidValue, at: "/root/frame/width")
        expectError(#"{"root": {"accessibilityFrame": {"width": 10, "height": -0.5}}}"#, .invalidValue, at: "/root/accessibilityFrame/height")
        expectError(#"{"root": {"frame": {"x": 0, "y": 0, "width": 1e999, "height": 10}}}"#, .invalidValue, at: "/root/frame/width")
        expectError(#"{"root": {"frame": {"x": -1e400, "y": 0, "width": 1, "height": 10}}}"#, .invalidValue, at: "/root/frame/x")
    }

    @Test func negativeOriginsAreFine() throws {
        let document = try Tree.decode(#"{"root": {"frame": {"x": -10, "y": -20, "width": 0, "height": 0}}}"#)
        #expect(document.nodes[0].frame == Rect(x: -10, y: -20, width: 0, height: 0))
    }

    @Test func outOfRangeNumbers() {
        expectError(#"{"root": {"opacity": 1.5}}"#, .invalidValue, at: "/root/opacity")
        expectError(#"{"root": {"opacity": -0.1}}"#, .invalidValue, at: "/root/opacity")
        expectError(#"{"root": {"style": {"fontSize": 0}}}"#, .invalidValue, at: "/root/style/fontSize")
        expectError(#"{"root": {"style": {"fontWeight": 0}}}"#, .invalidValue, at: "/root/style/fontWeight")
    }

    // MARK: Colours

    @Test func badColours() {
        for colour in ["red", "#FFF", "#12345", "#1234567", "#GGGGGG", "FFFFFF", "#FFFFFFF", "", "#ffffff "] {
            expectError(##"{"root": {"style": {"foreground": "\##(colour)"}}}"##, .invalidValue, at: "/root/style/foreground")
        }
        expectError(#"{"root": {"style": {"background": 16777215}}}"#, .type, at: "/root/style/background")
    }

    @Test func goodColours() throws {
        let document = try Tree.decode(##"{"root": {"style": {"foreground": "#767676", "background": "#ffffff80"}}}"##)
        #expect(document.nodes[0].style?.foreground == Color(hex: "#767676"))
        #expect(document.nodes[0].style?.background?.alpha == 128.0 / 255)
    }

    // MARK: Duplicate keys

    @Test func duplicateKeys() {
        expectError(#"{"root": {"id": "a", "id": "b"}}"#, .invalidValue, at: "/root/id")
        expectError(#"{"root": {}, "root": {}}"#, .invalidValue, at: "/root")
        expectError(#"{"root": {"frame": {"x": 1, "x": 2, "width": 1, "height": 1}}}"#, .invalidValue, at: "/root/frame/x")
        expectError(#"{"root": {"children": [{"label": "a", "label": "b"}]}}"#, .invalidValue, at: "/root/children/0/label")
    }

    @Test func escapedKeysAreComparedDecoded() throws {
        // "\u0069d" is "id": a duplicate of the plain key, and still the node's id field.
        expectError(#"{"root": {"id": "a", "\u0069d": "b"}}"#, .invalidValue, at: "/root/id")
        expectError(#"{"root": {"\u0069d": "a", "id": "b"}}"#, .invalidValue, at: "/root/id")
        let document = try Tree.decode(#"{"root": {"\u0069d": "a", "l\u0061bel": "Go"}}"#)
        #expect(document.nodes[0].id == "a")
        #expect(document.nodes[0].label == "Go")
    }

    @Test func escapedKeysInPointers() {
        expectError(#"{"root": {"a\/b": [1,]}}"#, .syntax, at: "/root/a~1b")
        expectError(#"{"root": {"chil\u0064ren": [{"\u0074raits": 1}]}}"#, .type, at: "/root/children/0/traits")
    }

    @Test func sameKeyInSiblingObjectsIsFine() throws {
        let document = try Tree.decode(#"{"root": {"id": "r", "children": [{"id": "a"}, {"id": "b"}]}}"#)
        #expect(document.nodes.map(\.id) == ["r", "a", "b"])
    }

    @Test func duplicateKeysInLargeObjects() {
        // Objects past the small-object fast path still catch repeats.
        let keys = (0..<40).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        expectError("{\"root\": {\(keys), \"k3\": 2}}", .invalidValue, at: "/root/k3")
    }
}

/// The node flags added for AccessibilitySnapshot's walk (`clipsToBounds`, `explicitOrder`).
@Suite struct ViewFlagDecodingTests {
    @Test func flagsDecodeAndDefaultToFalse() throws {
        let d = try Tree.decode(#"{"root": {"clipsToBounds": true, "children": [{"explicitOrder": true}, {"clipsToBounds": null}]}}"#)
        #expect(d.nodes.map(\.clipsToBounds) == [true, false, false])
        #expect(d.nodes.map(\.explicitOrder) == [false, true, false])
    }

    @Test func wronglyTypedFlagsAreErrors() {
        #expect(Tree.failure(#"{"root": {"clipsToBounds": "yes"}}"#)?.pointer == "/root/clipsToBounds")
        #expect(Tree.failure(#"{"root": {"explicitOrder": 1}}"#)?.pointer == "/root/explicitOrder")
        #expect(Tree.failure(#"{"root": {"explicitOrder": 1}}"#)?.kind == .type)
    }
}
