import Testing
@testable import A11yCore
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// ATF's duplicate checks and its importance skip on Android dumps through the importer
/// (google/Accessibility-Test-Framework-for-Android at c65cab0, `framework/checks/`
/// DuplicateClickableBoundsCheck.java, DuplicateSpeakableTextCheck.java, ClassNameCheck.java).
@Suite struct DuplicateClickableBoundsCheckTests {
    static func node(_ bounds: String, clickable: Bool = false, longClickable: Bool = false,
                     _ extra: [String: String] = [:], _ children: String = "") -> String {
        Android.node(["class": "android.widget.Button", "text": "", "bounds": bounds,
                      "clickable": "\(clickable)", "long-clickable": "\(longClickable)"].merging(extra) { $1 }, children)
    }

    static func summary(_ body: String) throws -> [String] {
        let (findings, document) = try Android.findings(.duplicateFrame, Android.screen(body))
        return findings.map { f in
            let others: [String] = (f.nodes("conflictingNodes") ?? []).map(document.pointer(of:))
            return "\(document.pointer(of: f.node)) \(f.impact) \(f.message) \(others)"
        }
    }

    @Test func aClickableContainerAroundAClickableChildIsOneErrorOnTheContainer() throws {
        let body = Self.node("[0,0][100,100]", clickable: true, [:], Self.node("[0,0][100,100]", clickable: true))
        #expect(try Self.summary(body) == [
            "/hierarchy/node[1]/node[1] serious This clickable node has the same bounds as 1 other node sharing an action. [\"/hierarchy/node[1]/node[1]/node[1]\"]",
        ])
    }

    @Test func groupsAreKeyedBySharedActionAsATFsHolder() throws {
        // Clickable and long-clickable-only at the same bounds share no action: no group.
        #expect(try Self.summary(Self.node("[0,0][100,100]", clickable: true) + Self.node("[0,0][100,100]", longClickable: true)).isEmpty)
        // Both actions first: the clickable one and the long-clickable one each share one with it.
        let three = Self.node("[0,0][100,100]", clickable: true, longClickable: true)
            + Self.node("[0,0][100,100]", clickable: true) + Self.node("[0,0][100,100]", longClickable: true)
        #expect(try Self.summary(three) == [
            "/hierarchy/node[1]/node[1] serious This clickable and long-clickable node has the same bounds as 2 other nodes sharing an action. [\"/hierarchy/node[1]/node[2]\", \"/hierarchy/node[1]/node[3]\"]",
        ])
        // Equality is not transitive: a node joins the first group it shares an action with.
        // Long-clickable X, clickable Y (its own group), both Z: Z joins X; Y stays alone.
        let order = Self.node("[0,0][100,100]", longClickable: true) + Self.node("[0,0][100,100]", clickable: true)
            + Self.node("[0,0][100,100]", clickable: true, longClickable: true)
        #expect(try Self.summary(order) == [
            "/hierarchy/node[1]/node[1] serious This long-clickable node has the same bounds as 1 other node sharing an action. [\"/hierarchy/node[1]/node[3]\"]",
        ])
    }

    @Test func hiddenUnimportantAndNotClickableNodesAreLeftOut() throws {
        let same = "[0,0][100,100]"
        #expect(try Self.summary(Self.node(same, clickable: true) + Self.node(same, clickable: true, ["a11y-important": "false"])).isEmpty)
        #expect(try Self.summary(Self.node(same, clickable: true) + Self.node(same, clickable: true, ["visible-to-user": "false"])).isEmpty)
        #expect(try Self.summary(Self.node(same, clickable: true) + Self.node(same)).isEmpty)
        // Different bounds: no group.
        #expect(try Self.summary(Self.node(same, clickable: true) + Self.node("[0,0][100,101]", clickable: true)).isEmpty)
    }

    @Test func jsonTreesWithoutClickableKeepTheInteractiveElementComparison() throws {
        let button = #"{"type": "button", "label": "A", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#
        let generic = try RuleFixture.findings(.duplicateFrame, InlineTree.screen(button, button.replacingOccurrences(of: "\"A\"", with: "\"B\""), platform: "android"))
        #expect(generic.map { "\($0.impact) \($0.message)" } == ["moderate Another control has exactly the same frame."])
        // Saying `clickable` on a node switches to ATF's comparison: buttons not said to be
        // clickable are not compared.
        let clickable = #"{"clickable": true, "# + button.dropFirst()
        #expect(try RuleFixture.findings(.duplicateFrame, InlineTree.screen(clickable, button, platform: "android")).isEmpty)
        #expect(try RuleFixture.findings(.duplicateFrame, InlineTree.screen(clickable, clickable, platform: "android")).map(\.impact) == [.serious])
    }
}

@Suite struct DuplicateSpeakableTextCheckTests {
    static func summary(_ body: String) throws -> [String] {
        let (findings, document) = try Android.findings(.duplicateLabel, Android.screen(body))
        return findings.map { "\(document.pointer(of: $0.node)) \($0.impact) \($0.message) \($0.data.map(\.value))" }
    }

    static func text(_ text: String, _ bounds: String) -> String {
        Android.node(["class": "android.widget.TextView", "text": text, "bounds": bounds])
    }

    @Test func aTextSharedWithAClickableViewIsOneWarningOnTheFirstClickable() throws {
        let body = Self.text("Delete", "[0,0][200,50]") + Android.button("[0,100][200,150]", text: "Delete")
            + Android.button("[0,200][200,250]", text: "Delete")
        #expect(try Self.summary(body) == [
            "/hierarchy/node[1]/node[2] moderate Clickable element speaks \"Delete\" as 2 other elements do. [A11yRules.DataValue.string(\"Delete\"), A11yRules.DataValue.number(2.0)]",
        ])
    }

    @Test func aTextSharedOnlyByNonClickableViewsIsInfoOnTheFirst() throws {
        let body = Self.text("49 °F", "[0,0][200,50]") + Self.text("Today", "[0,100][200,150]") + Self.text("49 °F", "[0,200][200,250]")
        #expect(try Self.summary(body) == [
            "/hierarchy/node[1]/node[1] minor Non-clickable element speaks \"49 °F\" as 1 other element does. [A11yRules.DataValue.string(\"49 °F\"), A11yRules.DataValue.number(1.0)]",
        ])
    }

    @Test func jsonTreesWithoutClickableKeepTheInteractiveElementComparison() throws {
        let save = #"{"type": "button", "label": "Save", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}"#
        let text = #"{"type": "text", "label": "Save", "frame": {"x": 0, "y": 100, "width": 50, "height": 50}}"#
        // Generic: a repeat among controls only, reported on the repeat.
        let generic = try RuleFixture.findings(.duplicateLabel, InlineTree.screen(text, save, save.replacingOccurrences(of: "\"y\": 0", with: "\"y\": 200"), platform: "android"))
        #expect(generic.map { "\($0.impact) \($0.message)" } == ["moderate Label \"Save\" is also used by another control."])
        // ATF's: a text and a button saying the same, the button not said to be clickable: INFO.
        let said = #"{"clickable": false, "# + save.dropFirst()
        #expect(try RuleFixture.findings(.duplicateLabel, InlineTree.screen(text, said, platform: "android")).map(\.impact) == [.minor])
    }

    @Test func textsAreComparedExactlyAfterTrimming() throws {
        // Java's trim() drops the spaces; case still counts (ATF keys a map by the string).
        let body = Android.button("[0,0][200,50]", text: " Go ") + Android.button("[0,100][200,150]", text: "Go")
            + Android.button("[0,200][200,250]", text: "go")
        #expect(try Self.summary(body).map { $0.prefix(59) } == ["/hierarchy/node[1]/node[1] moderate Clickable element speak"])
        #expect(try Self.summary(Android.button("[0,0][200,50]", text: "Go") + Android.button("[0,100][200,150]", text: "Stop")).isEmpty)
    }
}

@Suite struct ClassNameCheckImportanceTests {
    @Test func nodesNotImportantForAccessibilityAreNotJudged() throws {
        let custom = ["class": "com.example.Fancy", "bounds": "[0,0][100,100]"]
        #expect(try Android.findings(.className, Android.screen(Android.node(custom.merging(["a11y-important": "false"]) { $1 }))).findings.isEmpty)
        #expect(try Android.findings(.className, Android.screen(Android.node(custom.merging(["a11y-important": "true"]) { $1 }))).findings.count == 1)
        let json = #"{"type": "view", "className": "com.example.Fancy", "importantForAccessibility": false}"#
        #expect(try RuleFixture.findings(.className, InlineTree.screen(json, platform: "android")).isEmpty)
    }

    @Test func theImporterAndTheWireKeepClickabilityAndImportance() throws {
        let doc = try Android.document(Android.dump(Android.screen(
            Android.node(["clickable": "true", "a11y-important": "false"]) + Android.node(["long-clickable": "true"]))))
        #expect(doc.nodes.map(\.clickable) == [nil, false, true, false])
        #expect(doc.nodes.map(\.longClickable) == [nil, false, false, true])
        #expect(doc.nodes.map(\.importantForAccessibility) == [nil, true, false, true])
        let d = try Tree.decode(#"{"root": {"clickable": true, "longClickable": false, "children": [{"importantForAccessibility": false}]}}"#)
        #expect(d.nodes.map(\.clickable) == [true, nil])
        #expect(d.nodes.map(\.longClickable) == [false, nil])
        #expect(d.nodes.map(\.importantForAccessibility) == [nil, false])
        #expect(Tree.failure(#"{"root": {"longClickable": 1}}"#)?.pointer == "/root/longClickable")
    }
}
