import Testing
@testable import A11yCore
@testable import A11yEngines
import A11yCoreTestSupport

/// NestedA11yIDs (the NestedA11yIDs package spec): composed dot paths.
@Suite struct NestedIdentifierTests {
    private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String { Tree.frame(x, y, w, h) }

    /// Composed identifier of the node with author id `id`.
    private func composed(_ a: Analysis, _ id: String) -> String? { a.composedIdentifier[a.node(id)] }

    @Test func rootChildAndLeaf() throws {
        let a = try Tree.analyze("""
        {"root": {"id": "login", "type": "stack", "a11yRoot": "login", "children": [
          {"id": "registration", "type": "stack", "nestedIdentifier": "registration", "children": [
            {"id": "title", "type": "text", "text": "New here?", "nestedIdentifier": "title"}
          ]}
        ]}}
        """)
        #expect(composed(a, "login") == "login")
        #expect(composed(a, "registration") == "login.registration")
        #expect(composed(a, "title") == "login.registration.title")
        #expect(a.element("title")?.identifier == "login.registration.title")
        #expect(a.identifiers.map(\.identifier) == ["login", "login.registration", "login.registration.title"])
        #expect(a.identifiers.map { a.document.pointer(of: $0.node) } == ["/root", "/root/children/0", "/root/children/0/children/0"])
    }

    @Test func tailIsNotRepeated() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "a11yRoot": "login", "children": [
          {"id": "outer", "type": "stack", "nestedIdentifier": "button", "children": [
            {"id": "inner", "type": "button", "label": "Go", "nestedIdentifier": "button"}
          ]},
          {"id": "pair", "type": "stack", "nestedIdentifier": "registration.button", "children": [
            {"id": "again", "type": "button", "label": "Again", "nestedIdentifier": "registration.button"},
            {"id": "last", "type": "button", "label": "Last", "nestedIdentifier": "button"}
          ]},
          {"id": "suffix", "type": "stack", "nestedIdentifier": "xbutton", "children": [
            {"id": "notTail", "type": "button", "label": "Not a tail", "nestedIdentifier": "button"}
          ]}
        ]}}
        """)
        #expect(composed(a, "outer") == "login.button")
        #expect(composed(a, "inner") == "login.button")
        #expect(composed(a, "pair") == "login.registration.button")
        #expect(composed(a, "again") == "login.registration.button")
        #expect(composed(a, "last") == "login.registration.button")
        #expect(composed(a, "notTail") == "login.xbutton.button", "only whole segments count as a tail")
    }

    @Test func childEqualToRootIsNotRepeated() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "a11yRoot": "login", "children": [{"id": "x", "type": "text", "text": "T", "nestedIdentifier": "login"}]}}
        """)
        #expect(composed(a, "x") == "login")
    }

    @Test func emptyIdIsANoOp() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "a11yRoot": "login", "children": [
          {"id": "empty", "type": "stack", "nestedIdentifier": "", "children": [
            {"id": "leaf", "type": "text", "text": "T", "nestedIdentifier": "title"}
          ]}
        ]}}
        """)
        #expect(composed(a, "empty") == nil)
        #expect(composed(a, "leaf") == "login.title")
        #expect(a.identifiers.map(\.identifier) == ["login", "login.title"])
    }

    @Test func dottedIdsAreAllowed() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "a11yRoot": "login", "children": [
          {"id": "signin", "type": "button", "text": "SIGN IN", "identifier": "legacy", "nestedIdentifier": "signin.button"}
        ]}}
        """)
        #expect(composed(a, "signin") == "login.signin.button")
        let e = try #require(a.element("signin"))
        #expect(e.identifier == "login.signin.button", "the composed id overrides `identifier`")
        #expect(e.label == "SIGN IN", "the button's label still drives what is read")
        #expect(e.spoken == "SIGN IN. Button.")
    }

    @Test func separateRootsAreIndependent() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "children": [
          {"type": "stack", "a11yRoot": "login", "children": [{"id": "a", "type": "text", "text": "A", "nestedIdentifier": "title"}]},
          {"type": "stack", "a11yRoot": "signup", "children": [
            {"id": "b", "type": "text", "text": "B", "nestedIdentifier": "title"},
            {"type": "stack", "a11yRoot": "embedded", "children": [{"id": "c", "type": "text", "text": "C", "nestedIdentifier": "title"}]}
          ]}
        ]}}
        """)
        #expect(composed(a, "a") == "login.title")
        #expect(composed(a, "b") == "signup.title")
        // Reading: a root starts a new path even inside another root ("unique roots per embedding context").
        #expect(composed(a, "c") == "embedded.title")
    }

    @Test func nestedIdentifierWithoutRootStartsAtItself() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "stack", "nestedIdentifier": "settings", "children": [{"id": "t", "type": "text", "text": "T", "nestedIdentifier": "title"}]}}
        """)
        #expect(composed(a, "t") == "settings.title")
    }

    @Test func hundredLevels() throws {
        var json = "{\"id\": \"leaf\", \"type\": \"text\", \"text\": \"Deep\", \"nestedIdentifier\": \"leaf\"}"
        for level in stride(from: 100, through: 1, by: -1) {
            json = "{\"type\": \"stack\", \"nestedIdentifier\": \"l\(level)\", \"children\": [\(json)]}"
        }
        let a = try Tree.analyze("{\"root\": {\"type\": \"stack\", \"a11yRoot\": \"root\", \"children\": [\(json)]}}")
        let expected = "root." + (1...100).map { "l\($0)" }.joined(separator: ".") + ".leaf"
        #expect(composed(a, "leaf") == expected)
        #expect(a.element("leaf")?.identifier == expected)
        #expect(a.identifiers.count == 102)
        #expect(a.diagnostics.isEmpty)
    }

    @Test func containerOfNestedIdsActsAsContain() throws {
        // The container's children are read together, as `.accessibilityElement(children: .contain)`.
        let a = try Tree.analyze("""
        {"root": {"type": "view", "a11yRoot": "screen", \(f(0, 0, 390, 844)), "children": [
          {"id": "form", "type": "stack", "nestedIdentifier": "form", \(f(0, 0, 390, 600)), "children": [
            {"type": "text", "text": "F2", "nestedIdentifier": "second", \(f(0, 400, 100, 20))},
            {"type": "text", "text": "F1", "nestedIdentifier": "first", \(f(0, 300, 100, 20))}
          ]},
          {"type": "text", "text": "Between", \(f(0, 350, 100, 20))},
          {"type": "text", "text": "Top", \(f(0, 100, 100, 20))}
        ]}}
        """)
        #expect(a.labels == ["Top", "F1", "F2", "Between"])
        #expect(a.diagnostics.isEmpty)
    }

    @Test func containerThatIsNotContainIsReported() throws {
        let a = try Tree.analyze("""
        {"root": {"type": "view", "a11yRoot": "screen", "grouping": "contain", "children": [
          {"id": "card", "type": "stack", "nestedIdentifier": "card", "grouping": "combine", "children": [
            {"type": "text", "text": "Title", "nestedIdentifier": "title"}
          ]},
          {"id": "leafy", "type": "view", "isAccessibilityElement": true, "label": "Leafy", "nestedIdentifier": "leafy", "children": [
            {"type": "text", "text": "Inner", "nestedIdentifier": "inner"}
          ]},
          {"id": "ok", "type": "stack", "nestedIdentifier": "ok", "children": [{"type": "text", "text": "Fine", "nestedIdentifier": "fine"}]}
        ]}}
        """)
        let d = a.diagnostics(.nestedIdentifierContainerNotContain)
        #expect(d.map(\.node) == [a.node("card"), a.node("leafy")])
        #expect(a.labels == ["Title", "Leafy", "Fine"])
        #expect(a.element("card")?.identifier == "screen.card")
    }
}
