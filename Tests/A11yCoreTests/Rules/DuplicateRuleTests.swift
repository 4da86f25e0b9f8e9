import Testing
@testable import A11yCore

@Suite struct DuplicateRuleTests {
    func frame(_ x: Double, _ y: Double) -> String { #""frame": {"x": \#(x), "y": \#(y), "width": 50, "height": 50}"# }

    @Test func duplicateLabelsAmongControls() throws {
        let fail = RuleFixture.screen(#"{"type": "button", "label": "Delete", \#(frame(0, 0))}"#,
                                      #"{"type": "button", "label": "delete ", \#(frame(0, 100))}"#,
                                      #"{"type": "text", "text": "Delete", \#(frame(0, 200))}"#)
        let f = try RuleFixture.findings(.duplicateLabel, fail)
        #expect(try RuleFixture.pointers(.duplicateLabel, fail) == ["/root/children/1"])
        #expect(f.first?.string("duplicateOf") == "/root/children/0")
        let pass = RuleFixture.screen(#"{"type": "button", "label": "Delete Inception"}"#, #"{"type": "button", "label": "Delete Tenet"}"#)
        #expect(try RuleFixture.findings(.duplicateLabel, pass).isEmpty)
    }

    @Test func duplicateFramesAmongControls() throws {
        let fail = RuleFixture.screen(#"{"type": "button", "label": "A", \#(frame(0, 0))}"#,
                                      #"{"type": "link", "label": "B", \#(frame(0, 0))}"#)
        #expect(try RuleFixture.findings(.duplicateFrame, fail).count == 1)
        let pass = RuleFixture.screen(#"{"type": "button", "label": "A", \#(frame(0, 0))}"#,
                                      #"{"type": "button", "label": "B", \#(frame(60, 0))}"#)
        #expect(try RuleFixture.findings(.duplicateFrame, pass).isEmpty)
    }

    @Test func everyRepeatPointsAtTheFirstOccurrence() throws {
        // Two groups of repeats, interleaved in the tree: each repeat names its own group's
        // first control. Reading order puts the y = 0 row (children 0, 2, 4) first.
        let screen = RuleFixture.screen(#"{"type": "button", "label": "Save", "identifier": "s", \#(frame(0, 0))}"#,
                                        #"{"type": "button", "label": "Open", "identifier": "o", \#(frame(0, 100))}"#,
                                        #"{"type": "button", "label": "SAVE", "identifier": "s", \#(frame(0, 0))}"#,
                                        #"{"type": "button", "label": "open", "identifier": "o", \#(frame(0, 100))}"#,
                                        #"{"type": "button", "label": " Save", "identifier": "s", \#(frame(0, 0))}"#)
        for rule in [Rule.duplicateLabel, .duplicateFrame, .duplicateIdentifier] {
            let f = try RuleFixture.findings(rule, screen)
            #expect(f.map { $0.string("duplicateOf") } == ["/root/children/0", "/root/children/0", "/root/children/1"], "\(rule.id)")
        }
        let labels = try RuleFixture.findings(.duplicateLabel, screen).map(\.message)
        #expect(labels == ["Label \"SAVE\" is also used by another control.", "Label \" Save\" is also used by another control.",
                           "Label \"open\" is also used by another control."])
        let ids = try RuleFixture.findings(.duplicateIdentifier, screen).map(\.message)
        #expect(ids == ["Identifier \"s\" is also used by another element.", "Identifier \"s\" is also used by another element.",
                        "Identifier \"o\" is also used by another element."])
    }

    @Test func duplicateComposedIdentifiers() throws {
        // Seed 004: two leaves composing to "login.button".
        let fail = RuleFixture.screen("""
            {"type": "stack", "a11yRoot": "login", "grouping": "contain", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "button", \(frame(0, 0))},
              {"type": "button", "label": "Sign up", "nestedIdentifier": "button", \(frame(0, 100))}]}
            """)
        let f = try RuleFixture.findings(.duplicateIdentifier, fail)
        #expect(f.count == 1)
        #expect(f.first?.string("identifier") == "login.button")
        let pass = RuleFixture.screen("""
            {"type": "stack", "a11yRoot": "login", "grouping": "contain", "children": [
              {"type": "button", "label": "Sign in", "nestedIdentifier": "signIn"},
              {"type": "button", "label": "Sign up", "nestedIdentifier": "signUp"}]}
            """)
        #expect(try RuleFixture.findings(.duplicateIdentifier, pass).isEmpty)
    }

    @Test func linkPurpose() throws {
        for generic in ["Click here", "more", "Learn more", "here", "Read more…"] {
            #expect(try RuleFixture.findings(.linkPurpose, RuleFixture.screen(#"{"type": "link", "label": "\#(generic)"}"#)).count == 1, "\(generic)")
        }
        #expect(try RuleFixture.findings(.linkPurpose, RuleFixture.screen(#"{"type": "link", "label": "Read the return policy"}"#)).isEmpty)
        // A button reading "More" is not a link.
        #expect(try RuleFixture.findings(.linkPurpose, RuleFixture.screen(#"{"type": "button", "label": "More"}"#)).isEmpty)
        #expect(try RuleFixture.findings(.linkPurpose, RuleFixture.screen(#"{"type": "link", "label": "here"}"#)).first?.wcag == ["2.4.4"])
    }

    /// `FirstOccurrences` compares its first keys one by one and moves them to a dictionary
    /// past `linearLimit`: repeats on either side of the switch point at the same first.
    @Test func repeatsAcrossTheLinearLimit() {
        let limit = FirstOccurrences<String>.linearLimit
        var first = FirstOccurrences<String>(capacity: 0)
        let keys = (0..<(3 * limit)).map { "k\($0 % (limit + 5))" }
        let found = keys.map { first.earlier($0) }
        var distinct: [String] = []
        let expected = keys.map { key -> Int? in
            if let position = distinct.firstIndex(of: key) { return position }
            distinct.append(key)
            return nil
        }
        #expect(found == expected && first.count == limit + 5)
    }

    /// Past the linear part keys go to a table sized for `capacity`: one sized too small
    /// grows and keeps every position; keys equal by == (0 and -0) are one key.
    @Test func tableGrowsAndKeepsPositions() {
        for capacity in [0, 40, 1000] {
            var first = FirstOccurrences<Rect>(capacity: capacity)
            let keys: [Rect] = (0..<1500).map { (i: Int) -> Rect in
                let y: Double = i % 700 == 3 && i > 700 ? -0.0 : 0
                return Rect(x: Double(i % 700), y: y, width: 1, height: 1)
            }
            let found: [Int?] = keys.map { first.earlier($0) }
            let expected: [Int?] = keys.indices.map { (i: Int) -> Int? in i < 700 ? nil : i % 700 }
            #expect(found == expected && first.count == 700, "capacity \(capacity)")
        }
    }
}

@Suite struct NormalizedLabelTableTests {
    /// The byte table finds the same first occurrences as comparing `normalizedForComparison`
    /// Strings: ASCII and Latin-1 case and padding, Latin-1 ends it does not trim itself, and
    /// text whose bytes do not decide equality (Kelvin sign, a combining accent), which moves
    /// every earlier key to Strings midway through.
    @Test func agreesWithNormalisedStrings() {
        let labels = ["Delete", " delete\t", "CAFÉ", "café", "Café ", "×", "÷", "\u{A0}Row 1", "row 1", "Row 1\u{A0}",
                      "ÀÉÎÕÜ Þ", "àéîõü þ", "", "  ", "Photo of a café, Café 1", "photo of a CAFÉ, café 1",
                      "k", "\u{212A}", "K", "e\u{301}", "É", "é", "Delete", "ROW 1", "\u{A0}row 1", "Save\u{2026}", "save…"]
        for split in [labels.count, 18, 1] {
            // Before the split only labels the table keeps as bytes; then the rest.
            let ordered = Array(labels.prefix(split)) + labels.dropFirst(split)
            var table = NormalizedLabelTable(capacity: ordered.count)
            let found = ordered.map { table.earlier($0) }
            var distinct: [String] = []
            let expected = ordered.map { label -> Int? in
                let key = label.normalizedForComparison
                if let position = distinct.firstIndex(of: key) { return position }
                distinct.append(key)
                return nil
            }
            #expect(found == expected, "split \(split)")
        }
    }

    /// Given more distinct labels than its capacity, the table grows instead of filling up
    /// (a full table would probe forever) and still finds every repeat.
    @Test func growsPastItsCapacity() {
        var table = NormalizedLabelTable(capacity: 1)
        let labels = (0..<100).map { "Label \($0)" }
        #expect(labels.allSatisfy { table.earlier($0) == nil })
        #expect(labels.indices.allSatisfy { table.earlier(labels[$0].uppercased()) == $0 })
    }
}
