import Testing
@testable import A11yCore

@Suite struct DuplicateRuleTests {
    @Test func duplicateLabelsAmongControls() throws {
        let fail = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Delete" }
            t.add(.button) { $0.label = "delete " }
            // Static text with the same words is not a control.
            t.add(.text) { $0.text = "Delete" }
        }
        let f = try fail.findings(.duplicateLabel)
        #expect(f.map(\.node) == [2])
        #expect(f.first?.string("duplicateOf") == "/root/children/0")
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "Delete Inception" }
            t.add(.button) { $0.label = "Delete Tenet" }
        }
        #expect(try pass.findings(.duplicateLabel).isEmpty)
    }

    @Test func duplicateFramesAmongControls() throws {
        let frame = Rect(x: 0, y: 0, width: 50, height: 50)
        let fail = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "A"; $0.frame = frame }
            t.add(.link) { $0.label = "B"; $0.frame = frame }
        }
        #expect(try fail.findings(.duplicateFrame).map(\.node) == [2])
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "A"; $0.frame = frame }
            t.add(.button) { $0.label = "B"; $0.frame = Rect(x: 60, y: 0, width: 50, height: 50) }
        }
        #expect(try pass.findings(.duplicateFrame).isEmpty)
    }

    @Test func duplicateIdentifiers() throws {
        let fail = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "A"; $0.identifier = "login.button" }
            t.add(.button) { $0.label = "B"; $0.identifier = "login.button" }
        }
        let f = try fail.findings(.duplicateIdentifier)
        #expect(f.map(\.node) == [2])
        #expect(f.first?.string("identifier") == "login.button")
        let pass = RuleTestTree.screen { t in
            t.add(.button) { $0.label = "A"; $0.identifier = "login.button" }
            t.add(.button) { $0.label = "B"; $0.identifier = "login.cancel" }
        }
        #expect(try pass.findings(.duplicateIdentifier).isEmpty)
    }

    @Test func linkPurpose() throws {
        for generic in ["Click here", "more", "Learn more", "here", "Read more…"] {
            #expect(try RuleTestTree.screen { t in t.add(.link) { $0.label = generic } }.findings(.linkPurpose).count == 1, "\(generic)")
        }
        #expect(try RuleTestTree.screen { t in t.add(.link) { $0.label = "Read the return policy" } }.findings(.linkPurpose).isEmpty)
        // A button reading "More" is not a link.
        #expect(try RuleTestTree.screen { t in t.add(.button) { $0.label = "More" } }.findings(.linkPurpose).isEmpty)
    }
}
