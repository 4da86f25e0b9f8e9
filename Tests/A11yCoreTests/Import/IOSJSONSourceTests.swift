import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// WebDriverAgent's JSON page source (`GET /source?format=json`, Appium's `mobile: source`
/// with `format: json`): the same screen as a JSON source and as an XML page source audits the
/// same, pointers are JSON Pointers into the file, and bad input is named with one.
@Suite struct IOSJSONSourceTests {
    /// One element of a test screen: its depth below the application, its type (short name)
    /// and its attributes as the XML page source names them.
    typealias Element = (depth: Int, type: String, attributes: [(String, String)])

    /// A screen with one of everything the mapping decides: kinds, a field's value and
    /// placeholder, a switch, a StaticText whose value repeats its label, an identifier and a
    /// name that is only the label, a disabled control, a small unnamed button, a chevron said
    /// invisible under a visible cell, rows clipped by a scroll view, an element below the
    /// window, and a link around text in web content.
    static func screen(accessible: Bool) -> [Element] {
        let a: [(String, String)] = accessible ? [("accessible", "true")] : []
        let c: [(String, String)] = accessible ? [("accessible", "false")] : []
        return [
            (1, "Window", [("x", "0"), ("y", "0"), ("width", "390"), ("height", "844")] + c),
            (2, "NavigationBar", [("name", "Settings"), ("x", "0"), ("y", "47"), ("width", "390"), ("height", "44")] + c),
            (3, "Button", [("x", "8"), ("y", "50"), ("width", "30"), ("height", "30"), ("enabled", "true"), ("visible", "true")] + a),
            (3, "StaticText", [("name", "Settings"), ("label", "Settings"), ("value", "Settings"), ("x", "150"), ("y", "55"), ("width", "90"), ("height", "22")] + a),
            (2, "TextField", [("name", "login.email"), ("label", "Email"), ("value", "jane@"), ("placeholderValue", "name@example.com"),
                              ("x", "16"), ("y", "100"), ("width", "358"), ("height", "44"), ("enabled", "true"), ("visible", "true")] + a),
            (2, "SecureTextField", [("label", ""), ("x", "16"), ("y", "150"), ("width", "358"), ("height", "44")] + a),
            (2, "Switch", [("name", "Wi-Fi"), ("label", "Wi-Fi"), ("value", "1"), ("x", "16"), ("y", "200"), ("width", "51"), ("height", "31")] + a),
            (2, "Button", [("name", "Pay"), ("label", "Pay"), ("enabled", "false"), ("traits", "Button, NotEnabled"),
                           ("x", "16"), ("y", "240"), ("width", "120"), ("height", "44")] + a),
            (2, "Cell", [("x", "0"), ("y", "300"), ("width", "390"), ("height", "44"), ("visible", "true")] + c),
            (3, "StaticText", [("name", "General"), ("label", "General"), ("x", "16"), ("y", "310"), ("width", "100"), ("height", "20"), ("visible", "true")] + a),
            (3, "Button", [("name", "chevron"), ("label", "chevron"), ("enabled", "false"), ("visible", "false"),
                           ("x", "360"), ("y", "315"), ("width", "11"), ("height", "14")] + a),
            (2, "ScrollView", [("x", "0"), ("y", "400"), ("width", "390"), ("height", "200"), ("visible", "true")] + c),
            (3, "StaticText", [("label", "Scrolled away"), ("x", "16"), ("y", "350"), ("width", "200"), ("height", "40"), ("visible", "false")] + a),
            (3, "StaticText", [("label", "In view"), ("x", "16"), ("y", "420"), ("width", "200"), ("height", "40")] + a),
            (2, "Button", [("label", "Below"), ("x", "16"), ("y", "900"), ("width", "120"), ("height", "44")] + a),
            (2, "WebView", [("x", "0"), ("y", "620"), ("width", "390"), ("height", "200")] + c),
            (3, "Link", [("label", "Click here"), ("x", "16"), ("y", "630"), ("width", "100"), ("height", "44")] + c),
            (4, "StaticText", [("label", "Click here"), ("x", "16"), ("y", "630"), ("width", "100"), ("height", "44")] + a),
        ]
    }

    /// The screen as WDA's XML page source.
    static func xml(_ elements: [Element]) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" x="0" y="0" width="390" height="844">"#
        var open: [String] = []
        for e in elements {
            while open.count >= e.depth { out += "</\(open.removeLast())>" }
            let name = "XCUIElementType" + e.type
            out += "<\(name) type=\"\(name)\"" + e.attributes.map { " \($0.0)=\"\($0.1)\"" }.joined() + ">"
            open.append(name)
        }
        while let name = open.popLast() { out += "</\(name)>" }
        return out + "</XCUIElementTypeApplication></AppiumAUT>"
    }

    /// The screen as WDA's JSON source: `children` first (an NSDictionary's order is any),
    /// flags as "1" / "0", the frame as `rect` and as WDA's `frame` text.
    static func json(_ elements: [Element]) -> String {
        func object(_ type: String, _ attributes: [(String, String)], children: String?) -> String {
            var fields: [String] = []
            if let children { fields.append(#""children":[\#(children)]"#) }
            fields.append(#""type":"\#(type)","rawIdentifier":null"#)
            var rect: [String: String] = ["x": "0", "y": "0", "width": "0", "height": "0"]
            for (name, value) in attributes {
                switch name {
                case "x", "y", "width", "height": rect[name] = value
                case "enabled", "visible", "accessible":
                    fields.append(#""is\#(name.prefix(1).uppercased() + name.dropFirst())":"\#(value == "true" ? "1" : "0")""#)
                default: fields.append(#""\#(name)":"\#(value)""#)
                }
            }
            fields.append(#""rect":{"x":\#(rect["x"]!),"y":\#(rect["y"]!),"width":\#(rect["width"]!),"height":\#(rect["height"]!)}"#)
            fields.append(#""frame":"{{\#(rect["x"]!), \#(rect["y"]!)}, {\#(rect["width"]!), \#(rect["height"]!)}}""#)
            return "{" + fields.joined(separator: ",") + "}"
        }
        /// The elements from `start` at `depth`, with their subtrees; returns them and where it stopped.
        func level(_ start: Int, _ depth: Int) -> (String, Int) {
            var parts: [String] = []
            var i = start
            while i < elements.count && elements[i].depth == depth {
                let (children, next) = level(i + 1, depth + 1)
                parts.append(object(elements[i].type, elements[i].attributes, children: next > i + 1 ? children : nil))
                i = next
            }
            return (parts.joined(separator: ","), i)
        }
        let (children, _) = level(0, 1)
        return object("Application", [("name", "Demo"), ("label", "Demo"), ("x", "0"), ("y", "0"), ("width", "390"), ("height", "844")], children: children)
    }

    static func run(_ text: String, format: InputFormat = .auto) throws -> AuditRun {
        try Tree.audit(text, AuditSettings(inputFormat: format)).get()
    }

    static func failure(_ text: String, format: InputFormat = .iosJSON, limits: DecodeLimits = .default) -> InputError? {
        Array(text.utf8).withUnsafeBytes { raw in
            do throws(InputError) { _ = try IOSJSONSource.document(raw, limits: limits); return nil } catch { return error }
        }
    }

    /// What an audit says, without where it points (XML element paths, JSON Pointers).
    static func said(_ run: AuditRun) -> (elements: [String], findings: [String]) {
        let report = run.screens[0].report
        let elements = report.analysis.elements.map {
            "\($0.label ?? "-")|\($0.value ?? "-")|\($0.hint ?? "-")|\($0.identifier ?? "-")|\($0.traits.rawValue)|\($0.frame)|\($0.spoken)|\($0.spokenHint ?? "-")"
        }
        let findings = report.run.findings.map { "\($0.rule) \($0.outcome) \($0.impact): \($0.message)" }
        return (elements, findings)
    }

    @Test(arguments: [true, false])
    func theSameScreenAuditsTheSameAsItsXMLPageSource(accessible: Bool) throws {
        let xml = try Self.run(Self.xml(Self.screen(accessible: accessible)))
        let json = try Self.run(Self.json(Self.screen(accessible: accessible)))
        #expect(json.screens[0].report.analysis.document.platform == .ios)
        let fromXML = Self.said(xml), fromJSON = Self.said(json)
        #expect(fromJSON.elements == fromXML.elements)
        #expect(fromJSON.findings == fromXML.findings)
        // The screen has what is worth comparing: stops hidden, clipped and kept, and findings.
        #expect(fromXML.elements.count >= 8 && fromXML.findings.count >= 3)
        #expect(!fromJSON.elements.contains { $0.hasPrefix("Below|") || $0.hasPrefix("Scrolled away|") })
        #expect(fromJSON.findings.contains { $0.hasPrefix("control-name") } && fromJSON.findings.contains { $0.hasPrefix("link-purpose") })
    }

    @Test func elementsMapAsInTheXMLSource() throws {
        let doc = try Array(Self.json(Self.screen(accessible: true)).utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try IOSJSONSource.document(raw) }
        }.get()
        #expect(doc.nodes[0].kind == .view && doc.nodes[0].typeName == "XCUIElementTypeApplication")
        let field = try #require(doc.nodes.firstIndex { $0.kind == .textField })
        #expect(doc.nodes[field].label == "Email" && doc.nodes[field].value == "jane@" && doc.nodes[field].hint == "name@example.com")
        #expect(doc.nodes[field].identifier == "login.email" && doc.nodes[field].frame == Rect(x: 16, y: 100, width: 358, height: 44))
        let pay = try #require(doc.nodes.firstIndex { $0.label == "Pay" })
        #expect(!doc.nodes[pay].enabled && doc.nodes[pay].identifier == nil)
        #expect(doc.pointer(of: 0) == "" && doc.pointer(of: 1) == "/children/0" && doc.pointer(of: 2) == "/children/0/children/0")
    }

    /// WDA's own reply puts the tree under `value`; Appium's `mobile: source` returns the tree.
    @Test func wdasReplyIsReadUnderValue() throws {
        let tree = Self.json(Self.screen(accessible: true))
        let reply = try Self.run(#"{"sessionId":"8C4D","value":\#(tree)}"#)
        let finding = try #require(reply.screens[0].report.run.findings.first { $0.rule == "control-name" })
        #expect(reply.screens[0].report.analysis.document.pointer(of: finding.node) == "/value/children/0/children/0/children/0")
        #expect(Self.said(reply).findings == Self.said(try Self.run(tree)).findings)
        // Findings know the line and column of their element's `{`.
        let lines = try Self.run(tree.replacingOccurrences(of: #"{"type":"Button""#, with: "\n{\"type\":\"Button\""))
        let button = try #require(lines.screens[0].report.run.findings.first { $0.rule == "control-name" })
        #expect(lines.screens[0].report.location(of: button.node)?.column == 1)
    }

    @Test func autoRecognisesTheJSONSource() {
        func format(_ text: String) -> InputFormat { Array(text.utf8).withUnsafeBytes { InputFormat.of($0, given: nil) } }
        #expect(format(#"{"children":[],"type":"Application","rect":{"x":0,"y":0,"width":1,"height":1}}"#) == .iosJSON)
        #expect(format(#"{"type":"Application","rawIdentifier":null,"label":"Demo"}"#) == .iosJSON)
        #expect(format(#"{"value":{"type":"Application","rect":{}},"sessionId":"x"}"#) == .iosJSON)
        // Our tree format, Figma, and objects with only some of the keys are not.
        #expect(format(#"{"root":{"type":"button","rect":{}}}"#) == .json)
        #expect(format(#"{"type":"Application","children":[]}"#) == .json)
        #expect(format(#"{"value":"x","type":"Button"}"#) == .json)
        #expect(format(#"{"document":{"type":"DOCUMENT"},"type":"x","rect":{}}"#) == .figma)
        #expect(Array(#"{"value":{"type":"Other","rect":{}}}"#.utf8).withUnsafeBytes { InputFormat.json($0) } == .iosJSON)
    }

    @Test func badInputIsNamedWithAPointer() throws {
        let rect = #""rect":{"x":0,"y":0,"width":390,"height":844}"#
        func element(_ fields: String) -> String { #"{"type":"Application",\#(rect),"children":[\#(fields)]}"# }
        let cases: [(String, InputError.Kind, String, String)] = [
            ("[]", .type, "", "a WebDriverAgent JSON source must be a JSON object"),
            (#"{"rawIdentifier":null,"#, .syntax, "", "malformed JSON"),
            (element(#"{"type":"Button","rawIdentifier":null}"#), .missing, "/children/0", "needs \"rect\""),
            (element(#"{\#(rect)}"#), .missing, "/children/0", "needs \"type\""),
            (element(#"{"type":"Button","rect":[0,0,1,1]}"#), .type, "/children/0/rect", "must be an object {x, y, width, height}"),
            (element(#"{"type":"Button","rect":{"x":0,"y":0,"width":"44","height":44}}"#), .type, "/children/0/rect/width", "must be a number"),
            (element(#"{"type":"Button","rect":{"x":0,"y":0,"width":44}}"#), .missing, "/children/0/rect", "needs \"height\""),
            (element(#"{"type":7,\#(rect)}"#), .type, "/children/0/type", "must be a string"),
            (element(#"{"type":"Button","label":["Pay"],\#(rect)}"#), .type, "/children/0/label", "must be a string or null"),
            (element(#"{"type":"Button","isVisible":"yes",\#(rect)}"#), .invalidValue, "/children/0/isVisible", "expected \"1\" or \"0\""),
            (element(#"{"type":"Button","isEnabled":1,\#(rect)}"#), .type, "/children/0/isEnabled", "must be \"1\" or \"0\""),
            (element(#"{"type":"Button","children":{},\#(rect)}"#), .type, "/children/0/children", "children must be an array"),
            (element(#"{"type":"Other",\#(rect),"children":[{"type":"Button",\#(rect)},"Pay"]}"#), .type, "/children/0/children/1", "an element must be an object"),
            (#"{"value":[],"sessionId":"x"}"#, .type, "/value", "must be a string or null"),
            (#"{"value":\#(element("")),"value":\#(element(""))}"#, .invalidValue, "/value", "\"value\" appears twice"),
        ]
        for (text, kind, pointer, words) in cases {
            let error = try #require(Self.failure(text), "\(text)")
            #expect(error.kind == kind, "\(text): \(error)")
            #expect(error.pointer == pointer, "\(text): \(error)")
            #expect(error.message.contains(words), "\(text): \(error)")
        }
        // Through the audit too, recognised or asked for.
        #expect(throws: InputError.self) { try Self.run(element(#"{"type":"Button","rawIdentifier":null}"#)) }
        #expect(throws: InputError.self) { try Self.run(#"{"root":{}}"#, format: .iosJSON) }
    }

    @Test func limitsAreNamed() throws {
        var limits = DecodeLimits()
        limits.maxNodeDepth = 3
        let rect = #""rect":{"x":0,"y":0,"width":1,"height":1}"#
        var deep = #"{"type":"Other",\#(rect)}"#
        for _ in 0..<4 { deep = #"{"type":"Other",\#(rect),"children":[\#(deep)]}"# }
        let depth = try #require(Self.failure(deep, limits: limits))
        #expect(depth.kind == .limit && depth.pointer == "/children/0/children/0/children/0" && depth.message.contains("deeper than 3"))
        limits = DecodeLimits()
        limits.maxNodes = 3
        let wide = #"{"type":"Other",\#(rect),"children":[\#(Array(repeating: #"{"type":"Other",\#(rect)}"#, count: 3).joined(separator: ","))]}"#
        let count = try #require(Self.failure(wide, limits: limits))
        #expect(count.kind == .limit && count.pointer == "/children/2" && count.message == "more than 3 elements")
        limits = DecodeLimits()
        limits.maxStringBytes = 8
        let long = try #require(Self.failure(#"{"type":"Other",\#(rect),"label":"a label too long"}"#, limits: limits))
        #expect(long.kind == .limit && long.pointer == "/label")
    }
}
