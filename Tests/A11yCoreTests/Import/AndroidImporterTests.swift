import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// Our own small dumps (`Android.dump`, `Android.node`), one per mapping rule of `AndroidImporter` (none copied from real dumps).
@Suite struct AndroidImporterTests {
    // MARK: Structure and classes

    @Test func everyElementIsANodeInDocumentOrderUnderTheHierarchyRoot() throws {
        let doc = try Android.document(Android.dump(Android.node([:], Android.node(["class": "android.widget.TextView"]) + Android.node())))
        #expect(doc.nodes.count == 4)
        #expect(doc.platform == .android)
        #expect(doc.nodes[0].typeName == "hierarchy")
        #expect(doc.nodes.map(\.parent) == [nil, 0, 1, 1])
        #expect(Array(doc.children(of: 1)) == [2, 3])
        #expect(doc.nodes[3].indexInParent == 1)
        #expect(doc.nodes[2].depth == 2)
    }

    @Test(arguments: [
        ("android.widget.TextView", NodeKind.text), ("android.widget.Button", .button), ("android.widget.ImageButton", .button),
        ("android.widget.ImageView", .image), ("android.widget.EditText", .textField), ("android.widget.CheckBox", .toggle),
        ("android.widget.Switch", .toggle), ("android.widget.SeekBar", .slider), ("android.widget.ProgressBar", .progressBar),
        ("androidx.recyclerview.widget.RecyclerView", .list), ("android.widget.FrameLayout", .view), ("com.example.Custom", .view),
    ])
    func classesMapToKindsByTheTable(_ className: String, kind: NodeKind) throws {
        let doc = try Android.document(Android.dump(Android.node(["class": className])))
        #expect(doc.nodes[1].kind == kind)
        #expect(doc.nodes[1].typeName == className)
    }

    @Test func passwordFieldIsSecure() throws {
        let doc = try Android.document(Android.dump(Android.node(["class": "android.widget.EditText", "password": "true"])))
        #expect(doc.nodes[1].kind == .secureTextField)
    }

    @Test func appiumDialectTakesTheClassFromTheAttributeNotTheElementName() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <hierarchy index="0" class="hierarchy" rotation="0" width="300" height="600">
          <android.widget.FrameLayout index="0" class="android.widget.FrameLayout" bounds="[0,0][300,600]">
            <com.example.FancyButton index="0" class="android.widget.Button" text="Go" clickable="true" bounds="[0,0][150,150]"/>
            <android.widget.ImageView index="1" bounds="[0,0][3,3]"/>
          </android.widget.FrameLayout>
        </hierarchy>
        """
        let doc = try Android.document(xml)
        #expect(doc.nodes[0].typeName == "hierarchy")
        #expect(doc.nodes[2].kind == .button && doc.nodes[2].typeName == "android.widget.Button")
        // No class attribute: the element name is the class.
        #expect(doc.nodes[3].kind == .image && doc.nodes[3].typeName == "android.widget.ImageView")
        // The display size is the root's frame.
        #expect(doc.nodes[0].frame == Rect(x: 0, y: 0, width: 300, height: 600))
    }

    // MARK: Geometry

    @Test func boundsInPixelsBecomeFramesInDp() throws {
        let doc = try Android.document(Android.dump(Android.node(["bounds": "[30,60][174,204]"])), density: 3)
        #expect(doc.nodes[1].frame == Rect(x: 10, y: 20, width: 48, height: 48))
    }

    @Test(arguments: [(1080, 2400, 3.0), (1440, 3120, 4.0), (720, 1280, 2.0), (1344, 2992, 3.5), (2400, 1080, 3.0)])
    func densityIsInferredFromTheScreenWhenNotGiven(_ width: Int, _ height: Int, density: Double) throws {
        let doc = try Android.document(Android.dump(Android.node(["bounds": "[0,0][\(width),\(height)]"])), density: nil)
        #expect(doc.nodes[1].frame == Rect(x: 0, y: 0, width: Double(width) / density, height: Double(height) / density))
    }

    @Test func appiumDisplaySizeDecidesTheInferredDensity() throws {
        let xml = "<hierarchy rotation=\"0\" width=\"1440\" height=\"2960\"><node class=\"android.view.View\" bounds=\"[0,0][1080,1080]\"/></hierarchy>"
        #expect(try Android.document(xml, density: nil).nodes[1].frame?.width == 270)
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func densityMustBePositive(_ density: Double) throws {
        let error = try #require(Android.failure(Android.dump(Android.node()), density: density))
        #expect(error.kind == .invalidValue)
        #expect(error.message.hasPrefix("density must be a positive number"))
    }

    // MARK: Attributes

    @Test func emptyAndAbsentAttributesReadTheSame() throws {
        // UI Automator writes text="" where Appium leaves the attribute out.
        let written = try Android.document(Android.dump(Android.node(["text": "", "content-desc": "", "resource-id": ""])))
        let absent = try Android.document("<hierarchy><node class=\"android.view.View\" bounds=\"[0,0][1,1]\"/></hierarchy>")
        for doc in [written, absent] {
            #expect(doc.nodes[1].text == nil && doc.nodes[1].label == nil && doc.nodes[1].identifier == nil)
            #expect(doc.nodes[1].enabled && !doc.nodes[1].hidden)
        }
    }

    @Test func resourceIDIsTheIdentifierAndTextTheText() throws {
        let doc = try Android.document(Android.dump(Android.node(["class": "android.widget.TextView", "text": "Hello", "resource-id": "com.example:id/greeting"])))
        #expect(doc.nodes[1].identifier == "com.example:id/greeting")
        #expect(doc.nodes[1].text == "Hello")
    }

    @Test func notDisplayedNodesAreHiddenAndNotImportantOnesReadThrough() throws {
        let xml = Android.dump(
            Android.node(["text": "Gone", "class": "android.widget.TextView", "displayed": "false"])
            + Android.node(["a11y-important": "false", "text": "Decor", "class": "android.widget.TextView"],
                           Android.node(["text": "Inside", "class": "android.widget.TextView"])))
        let doc = try Android.document(xml)
        #expect(doc.nodes[1].hidden)
        #expect(doc.nodes[2].isAccessibilityElement == false)
        #expect(try Android.labels(xml) == ["Inside"])
    }

    @Test func checkableNodesAreTogglesWithTheirState() throws {
        let xml = Android.dump(
            Android.node(["class": "android.widget.Switch", "checkable": "true", "checked": "true", "clickable": "true", "text": "Wi-Fi"])
            + Android.node(["class": "android.view.View", "checkable": "true", "clickable": "true", "content-desc": "Bold"]))
        let doc = try Android.document(xml)
        #expect(doc.nodes[1].kind == .toggle && doc.nodes[1].value == "1")
        #expect(doc.nodes[2].kind == .toggle && doc.nodes[2].value == "0")
    }

    @Test func aFieldShowingItsHintHasTheHintNotAValue() throws {
        let xml = Android.dump(
            Android.node(["class": "android.widget.EditText", "text": "Email", "showing-hint": "true", "focusable": "true"])
            + Android.node(["class": "android.widget.EditText", "text": "jane@", "hint": "Email", "focusable": "true"]))
        let doc = try Android.document(xml)
        #expect(doc.nodes[1].value == nil && doc.nodes[1].hint == "Email" && doc.nodes[1].text == nil)
        #expect(doc.nodes[2].value == "jane@" && doc.nodes[2].hint == "Email")
    }

    @Test func headingSelectedAndDisabledAreTraitsAndState() throws {
        let doc = try Android.document(Android.dump(
            Android.node(["class": "android.widget.TextView", "text": "Title", "heading": "true", "selected": "true", "enabled": "false"])))
        #expect(doc.nodes[1].traits == [.staticText, .header, .selected])
        #expect(!doc.nodes[1].enabled)
    }

    @Test func clickableViewsAreButtonsAndControlsKeepTheirOwnTraits() throws {
        let doc = try Android.document(Android.dump(
            Android.node(["clickable": "true"]) + Android.node(["long-clickable": "true", "class": "android.widget.ImageView"])
            + Android.node(["clickable": "true", "class": "android.widget.CheckBox"])))
        #expect(doc.nodes[1].traits == [.button])
        #expect(doc.nodes[2].traits == [.image, .button])
        #expect(doc.nodes[3].traits == [.button, .toggleButton])
    }

    @Test func notAccessibilityFriendlyControlHasNoName() throws {
        // UI Automator marks a clickable node with no text anywhere NAF="true"; it is a stop with nothing to say.
        let xml = Android.dump(Android.node(["NAF": "true", "clickable": "true", "class": "android.widget.ImageButton", "bounds": "[0,0][200,200]"]))
        let analysis = try Android.analysis(xml)
        #expect(analysis.elements.count == 1 && analysis.elements[0].label == nil)
        let run = try RuleRunner.run(analysis, options: AuditOptions())
        #expect(run.findings.map(\.rule) == ["control-name"])
    }

    // MARK: TalkBack's stops and labels

    @Test func contentDescriptionOverridesTheSubtree() throws {
        let xml = Android.dump(Android.node(["clickable": "true", "content-desc": "Open profile"],
                                            Android.node(["class": "android.widget.TextView", "text": "Jane"])))
        #expect(try Android.labels(xml) == ["Open profile"])
    }

    @Test func aClickableContainerSpeaksTheTextOfItsNonFocusableDescendants() throws {
        let xml = Android.dump(Android.node(["clickable": "true"],
            Android.node(["class": "android.widget.TextView", "text": "Jane Doe"])
            + Android.node([:], Android.node(["class": "android.widget.ImageView", "content-desc": "Online"])
                                + Android.node(["class": "android.widget.TextView", "text": "  "]))
            + Android.node(["class": "android.widget.TextView", "text": "Designer"])))
        let analysis = try Android.analysis(xml)
        #expect(analysis.elements.map { $0.label ?? "" } == ["Jane Doe, Online, Designer"])
        #expect(analysis.elements[0].nodes[0] == 1)
    }

    @Test func aFocusableContainerHoldingFocusableNodesIsReadAsItsParts() throws {
        let xml = Android.dump(Android.node(["clickable": "true"],
            Android.node(["class": "android.widget.TextView", "text": "Song"])
            + Android.node(["class": "android.widget.ImageButton", "clickable": "true", "content-desc": "Play"])))
        #expect(try Android.labels(xml) == ["Song", "Play"])
    }

    @Test func textWithNoFocusableAncestorIsItsOwnStopAndSilentContainersAreReadThrough() throws {
        let xml = Android.dump(Android.node([:],
            Android.node(["class": "android.widget.TextView", "text": "Welcome"])
            + Android.node(["class": "android.widget.LinearLayout"], Android.node(["class": "android.widget.TextView", "text": "Sign in below"]))))
        #expect(try Android.labels(xml) == ["Welcome", "Sign in below"])
    }

    @Test func speakingChildrenOfAScrollingContainerAreStops() throws {
        // Not focusable themselves, but TalkBack focuses a list's speaking rows.
        let xml = Android.dump(Android.node(["class": "android.widget.ListView", "scrollable": "true", "focusable": "true"],
            Android.node(["class": "android.widget.LinearLayout"], Android.node(["class": "android.widget.TextView", "text": "Row 1"]))
            + Android.node(["class": "android.widget.LinearLayout"], Android.node(["class": "android.widget.TextView", "text": "Row 2"]))))
        let analysis = try Android.analysis(xml)
        #expect(analysis.elements.map { $0.label ?? "" } == ["Row 1", "Row 2"])
        // The plain LinearLayouts are not important for accessibility (the framework's automatic
        // importance), so in TalkBack's tree the texts are the list's children and its items.
        #expect(analysis.elements.map(\.node) == [3, 5])
    }

    @Test func theDumpsOrderIsKeptWhateverTheGeometry() throws {
        // Second in the dump but higher on screen: still read second.
        let xml = Android.dump(Android.node(["class": "android.widget.TextView", "text": "Below", "bounds": "[0,500][100,600]"])
                               + Android.node(["class": "android.widget.TextView", "text": "Above", "bounds": "[0,0][100,100]"]))
        #expect(try Android.labels(xml) == ["Below", "Above"])
    }

    // MARK: Pointers

    @Test func pointersAreElementPathsWithLinesAndColumns() throws {
        let xml = """
        <hierarchy rotation="0" width="100" height="100">
          <android.widget.FrameLayout class="android.widget.FrameLayout" bounds="[0,0][100,100]">
            <android.widget.TextView class="android.widget.TextView" text="a" bounds="[0,0][10,10]"/>
            <android.widget.Button class="android.widget.Button" clickable="true" bounds="[0,0][10,10]"/>
            <android.widget.TextView class="android.widget.TextView" text="b" bounds="[0,0][10,10]"/>
          </android.widget.FrameLayout>
        </hierarchy>
        """
        let doc = try Android.document(xml)
        #expect(doc.pointer(of: 0) == "/hierarchy")
        #expect(doc.pointer(of: 4) == "/hierarchy/android.widget.FrameLayout[1]/android.widget.TextView[2]")
        #expect(doc.pointer(of: 3) == "/hierarchy/android.widget.FrameLayout[1]/android.widget.Button[1]")
        let sources = try #require(doc.sourceMap)
        #expect(sources.location(of: 3)! == (4, 5))
        // The button has no name: its finding points at its element, line and column.
        let run = try Tree.audit(xml, AuditSettings(density: 1)).get()
        let json = String(decoding: run.render(.json), as: UTF8.self)
        #expect(json.contains("\"rule\":\"control-name\""))
        #expect(json.contains(try Regex(#""node":\d+,"line":4,"column":5"#)))
        #expect(json.contains(#"{"pointer":"/hierarchy/android.widget.FrameLayout[1]/android.widget.Button[1]"}"#))
        let sarif = String(decoding: run.render(.report(.sarif)), as: UTF8.self)
        #expect(sarif.contains("\"region\":{\"startLine\":4,\"startColumn\":5}"))
    }

    /// Columns after the first non-ASCII character are counted in UTF-16 code units, those
    /// before it by length (`XMLLineCounter(asciiBelow:)`): both sides of the boundary.
    @Test func elementColumnsBeforeAndAfterTheFirstNonASCIICharacter() throws {
        let xml = "<hierarchy><node text=\"a\"/><node text=\"\u{E9}\u{1F600}\"/><node/></hierarchy>"
        let sources = try #require(try Android.document(xml).sourceMap)
        #expect(sources.location(of: 1)! == (1, 12))
        #expect(sources.location(of: 2)! == (1, 28))
        // 21 bytes before the third, 18 columns: "é" is one code unit, the emoji two.
        #expect(sources.location(of: 3)! == (1, 46))
    }

    /// The class name is kept as the node's type name (no rare row per node): it reads the
    /// same, and survives a later change of the type name.
    @Test func classNameReadsAsTheClassAndSurvivesATypeNameChange() throws {
        var doc = try Android.document(Android.dump(Android.node(["class": "com.example.Fancy"]) + Android.node(["class": ""])))
        #expect(doc.nodes[1].className == "com.example.Fancy" && doc.nodes[1].typeName == "com.example.Fancy")
        #expect(doc.nodes[2].className == nil && doc.nodes[2].typeName == "android.view.View")
        #expect(doc.nodes[0].className == nil)
        doc.nodes[1].typeName = "button"
        #expect(doc.nodes[1].className == "com.example.Fancy" && doc.nodes[1].typeName == "button")
        doc.nodes[1].className = "com.example.Other"
        #expect(doc.nodes[1].className == "com.example.Other" && doc.nodes[1].typeName == "button")
    }

    /// Repeated resource ids and content descriptions are shared Strings: each node still reads its own.
    @Test func repeatedValuesReadAsWritten() throws {
        let rows = (0..<3).map { i in
            Android.node(["resource-id": "com.example:id/row", "content-desc": i == 1 ? "Other" : "More options", "clickable": "true"])
        }.joined()
        let doc = try Android.document(Android.dump(rows))
        #expect(doc.nodes.dropFirst().map { $0.identifier } == ["com.example:id/row", "com.example:id/row", "com.example:id/row"])
        #expect(doc.nodes.dropFirst().map { $0.contentDescription } == ["More options", "Other", "More options"])
        #expect(doc.nodes.dropFirst().map { $0.label } == ["More options", "Other", "More options"])
    }

    // MARK: Bad input

    @Test func unknownRootElementIsNamed() throws {
        let error = try #require(Android.failure("<?xml version=\"1.0\"?>\n<AppiumAUT/>"))
        #expect(error.kind == .invalidValue)
        #expect(error.message == "unknown root element <AppiumAUT> (an Android dump starts with <hierarchy>)")
        #expect(error.line == 2 && error.column == 1)
    }

    @Test func malformedBoundsAndBooleansNameTheAttribute() throws {
        let bounds = try #require(Android.failure(Android.dump(Android.node([:], Android.node(["bounds": "[0,0][10]"])))))
        #expect(bounds.kind == .invalidValue)
        #expect(bounds.pointer == "/hierarchy/node[1]/node[1]/@bounds")
        #expect(bounds.message == "attribute bounds is \"[0,0][10]\", expected [left,top][right,bottom]")
        let inverted = try #require(Android.failure(Android.dump(Android.node(["bounds": "[10,0][0,10]"]))))
        #expect(inverted.pointer == "/hierarchy/node[1]/@bounds")
        let flag = try #require(Android.failure("<hierarchy>\n<node clickable=\"yes\"/></hierarchy>"))
        #expect(flag.pointer == "/hierarchy/node[1]/@clickable")
        #expect(flag.line == 2 && flag.column == 7)
    }

    @Test func truncatedDumpIsAMarkupErrorWithItsPlace() throws {
        let full = Android.dump(Android.node([:], Android.node()))
        let error = try #require(Android.failure(String(full.prefix(full.count - 20))))
        #expect(error.kind == .markup)
        #expect(error.line == 1 && error.column != nil)
    }

    @Test func billionLaughsIsRefusedBeforeAnyExpansion() throws {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE hierarchy [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<hierarchy><node text=\"&b;\"/></hierarchy>"
        let error = try #require(Android.failure(xml))
        #expect(error.kind == .markup)
        #expect(error.line == 2 && error.column == 1)
    }

    @Test func deepNestingHitsTheNodeDepthLimit() throws {
        let xml = "<hierarchy>" + String(repeating: "<node>", count: 100_000) + String(repeating: "</node>", count: 100_000) + "</hierarchy>"
        let error = try #require(Android.failure(xml))
        #expect(error.kind == .limit)
        #expect(error.message == "nodes nested deeper than 512 levels")
    }

    @Test func formatIsRecognisedFromTheContent() {
        func format(_ text: String) -> InputFormat { Array(text.utf8).withUnsafeBytes { InputFormat.of($0, given: nil) } }
        #expect(format("\u{FEFF}  <?xml version=\"1.0\"?><hierarchy/>") == .android)
        #expect(format("<hierarchy/>") == .android)
        #expect(format(" {\"root\": {}}") == .json)
        #expect(format("") == .json)
        #expect(Array("<x/>".utf8).withUnsafeBytes { InputFormat.of($0, given: .json) } == .json)
    }

    /// The output budget names the node it stopped at by its element path, as findings do:
    /// the engines build pointers through the document's source map (`Document.pointer(of:in:prefix:sourceMap:)`).
    @Test func outputBudgetErrorsPointIntoTheDump() throws {
        let xml = Android.dump(Android.node(["class": "android.widget.FrameLayout"],
            Android.node(["class": "android.widget.Button", "text": String(repeating: "Pay now ", count: 8), "clickable": "true"])))
        var settings = AuditSettings(inputFormat: .android, density: 1)
        settings.budget = AuditBudget.default
        settings.budget?.maxOutputBytes = 40
        switch Tree.audit(xml, settings) {
        case .success:
            Issue.record("the audit fitted in 40 bytes")
        case .failure(let error):
            #expect(error.kind == .limit)
            #expect(error.pointer == "/hierarchy/node[1]/node[1]")
        }
    }
}
