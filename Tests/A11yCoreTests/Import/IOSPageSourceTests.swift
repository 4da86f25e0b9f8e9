import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yImport
@testable import A11yModel
import A11yReports
import A11yCoreTestSupport
import A11yTestSupport

/// Our own small XCUITest page sources, one per mapping rule of `IOSPageSource`.
@Suite struct IOSPageSourceTests {
    private func document(_ xml: String) throws -> Document {
        try Array(xml.utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try IOSPageSource.document(raw) }
        }.get()
    }

    /// The report of a page source through the audit entry point.
    private func audit(_ xml: String) throws -> AuditReport {
        try Tree.report(xml, AuditSettings(inputFormat: .ios))
    }

    @Test func typesFramesLabelsValuesAndIdentifiers() throws {
        let doc = try document(XCUITestPage.source("""
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="login.submit" label="Sign in" enabled="false" visible="true" x="16" y="100" width="120.5" height="30"/>
            <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" name="Wi-Fi" label="Wi-Fi" value="1" enabled="true" visible="true" x="0" y="200" width="51" height="31"/>
            <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="jane@" placeholderValue="Email" enabled="true" visible="true" x="0" y="300" width="300" height="44"/>
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Hello" label="Hello" value="Hello" enabled="true" visible="false" x="0" y="400" width="50" height="20"/>
        """))
        #expect(doc.platform == .ios)
        #expect(doc.nodes.map(\.kind) == [.view, .view, .button, .toggle, .textField, .text])
        #expect(doc.nodes[0].typeName == "AppiumAUT" && doc.nodes[2].typeName == "XCUIElementTypeButton")
        #expect(doc.nodes[2].frame == Rect(x: 16, y: 100, width: 120.5, height: 30))
        #expect(doc.nodes[2].label == "Sign in" && doc.nodes[2].identifier == "login.submit" && !doc.nodes[2].enabled)
        // name equal to label is WDA's fallback, not an identifier.
        #expect(doc.nodes[3].identifier == nil && doc.nodes[3].value == "1")
        #expect(doc.nodes[4].value == "jane@" && doc.nodes[4].hint == "Email")
        #expect(doc.nodes[5].hidden && doc.nodes[5].value == nil)
        #expect(doc.pointer(of: 3) == "/AppiumAUT/XCUIElementTypeApplication[1]/XCUIElementTypeSwitch[1]")
    }

    @Test func accessibleDecidesElementsAndLeafKindsOtherwise() throws {
        let withFlag = try document(XCUITestPage.source("""
            <XCUIElementTypeOther type="XCUIElementTypeOther" label="Card" accessible="true" x="0" y="0" width="10" height="10"/>
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Note" accessible="false" x="0" y="0" width="10" height="10"/>
        """, accessible: true))
        #expect(withFlag.nodes[1].isAccessibilityElement == false)
        #expect(withFlag.nodes[2].isAccessibilityElement == true && withFlag.nodes[3].isAccessibilityElement == false)
        // Without the attribute the labelled application is read through, not one element.
        let without = try document(XCUITestPage.source("""
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Title" x="0" y="0" width="100" height="20"/>
        """))
        let analysis = try Analyzer.analyze(without)
        #expect(analysis.elements.map { $0.label ?? "" } == ["Title"])
    }

    @Test func traitsAttributeReplacesTheKindsTraits() throws {
        let doc = try document(XCUITestPage.source("""
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Inbox" traits="Header, StaticText, SupportsZoom" x="0" y="0" width="100" height="20"/>
            <XCUIElementTypeSearchField type="XCUIElementTypeSearchField" label="Search" x="0" y="0" width="100" height="20"/>
        """))
        #expect(doc.nodes[2].traits == [.header, .staticText])
        #expect(doc.nodes[3].traits == [.searchField])
    }

    @Test func framesOfWholeNumbersAndOtherNumbersReadAlike() throws {
        // Whole points are read from the bytes; anything else (fractions, signs, exponents,
        // references) by Double(_:), with the same result.
        let doc = try document(XCUITestPage.source("""
            <XCUIElementTypeOther type="XCUIElementTypeOther" x="007" y="-3" width="1e2" height="&#52;&#50;"/>
            <XCUIElementTypeOther type="XCUIElementTypeOther" x="123456789012345" y="0.5" width="1234567890123456789" height="+2"/>
        """))
        #expect(doc.nodes[2].frame == Rect(x: 7, y: -3, width: 100, height: 42))
        #expect(doc.nodes[3].frame == Rect(x: 123_456_789_012_345, y: 0.5, width: 1_234_567_890_123_456_789, height: 2))
    }

    @Test func typesMetAgainAreTheSameWhateverWroteThem() throws {
        // The second button's type has a reference, the third has no type attribute (the
        // element name stands in), the last repeats the first: all are buttons.
        let doc = try document(XCUITestPage.source("""
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="A" x="0" y="0" width="1" height="1"/>
            <XCUIElementTypeButton type="XCUIElementType&#66;utton" label="B" x="0" y="0" width="1" height="1"/>
            <XCUIElementTypeButton label="C" x="0" y="0" width="1" height="1"/>
            <XCUIElementTypeStaticText type="XCUIElementTypeButton" label="D" x="0" y="0" width="1" height="1"/>
            <XCUIElementTypeSearchField type="XCUIElementTypeSearchField" label="E" x="0" y="0" width="1" height="1"/>
            <XCUIElementTypeOther type="XCUIElementTypeSearchField" label="F" x="0" y="0" width="1" height="1"/>
        """))
        #expect(doc.nodes[2...].map(\.kind) == [.button, .button, .button, .button, .textField, .textField])
        #expect(doc.nodes[2...].map(\.typeName) == ["XCUIElementTypeButton", "XCUIElementTypeButton", "XCUIElementTypeButton",
                                                    "XCUIElementTypeButton", "XCUIElementTypeSearchField", "XCUIElementTypeSearchField"])
        #expect(doc.nodes[6].traits == [.searchField] && doc.nodes[7].traits == [.searchField])
    }

    @Test func badValuesAndRootsAreNamed() throws {
        func failure(_ xml: String) -> InputError? {
            do { _ = try document(xml); return nil } catch { return error as? InputError }
        }
        let width = try #require(failure(XCUITestPage.source(#"<XCUIElementTypeButton type="XCUIElementTypeButton" width="wide"/>"#)))
        #expect(width.pointer == "/AppiumAUT/XCUIElementTypeApplication[1]/XCUIElementTypeButton[1]/@width")
        #expect(width.line == 4)
        let root = try #require(failure("<hierarchy/>"))
        #expect(root.message == "unknown root element <hierarchy> (an XCUITest page source starts with <AppiumAUT>)")
    }

    @Test func autoRecognisesTheDialect() {
        func format(_ text: String, xml: Bool = false) -> InputFormat { Array(text.utf8).withUnsafeBytes { InputFormat.of($0, given: nil, declared: xml ? .xml : nil) } }
        #expect(format("<?xml version=\"1.0\"?>\n<!-- x --><AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>") == .ios)
        #expect(format("<XCUIElementTypeApplication/>") == .ios)
        #expect(format("<?xml version=\"1.0\"?><hierarchy/>") == .android)
        #expect(format("{}", xml: true) == .android)
    }

    /// WDA's `visible` is XCTest's private isVisible attribute (appium/WebDriverAgent
    /// `XCUIElement+FBIsVisible.m`: NO whenever it cannot be fetched), wrong on elements that
    /// are on screen: with WDA's `accessible` written, the frame against the window and the
    /// scroll views above decides.
    @Test func onScreenIsDecidedByTheFrame() throws {
        let doc = try document(XCUITestPage.source("""
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="Pay" enabled="true" visible="false" accessible="true" x="16" y="700" width="120" height="44"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="Below" enabled="true" visible="true" accessible="true" x="16" y="900" width="120" height="44"/>
            <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="false" accessible="false" x="0" y="100" width="390" height="300">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Inside" visible="false" accessible="true" x="16" y="120" width="200" height="20"/>
            </XCUIElementTypeOther>
            <XCUIElementTypeScrollView type="XCUIElementTypeScrollView" visible="true" accessible="false" x="0" y="400" width="390" height="200">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Scrolled up" visible="false" accessible="true" x="16" y="350" width="200" height="40"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="In view" visible="false" accessible="true" x="16" y="420" width="200" height="40"/>
            </XCUIElementTypeScrollView>
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Empty" visible="false" accessible="true" x="16" y="10" width="0" height="0"/>
        """, accessible: true))
        let analysis = try Analyzer.analyze(doc)
        #expect(analysis.elements.map { $0.label ?? "" } == ["Inside", "In view", "Pay"])
        #expect(doc.nodes[3].hidden && !doc.nodes[2].hidden && !doc.nodes[4].hidden)
        // Without `accessible` (the useJSONSource dialect) `visible="false"` is all there is.
        let small = try document(XCUITestPage.source("""
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="Pay" visible="false" x="16" y="700" width="120" height="44"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="Off" visible="true" x="400" y="700" width="120" height="44"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="Shown" x="16" y="100" width="120" height="44"/>
        """))
        #expect(try Analyzer.analyze(small).elements.map { $0.label ?? "" } == ["Shown"])
    }

    /// Web content: a link or heading the page source makes a container keeps its trait on the
    /// text inside it, which VoiceOver stops at; a Link whose `traits` omit "Link" is still one.
    @Test func linksAndHeadingsInWebContentKeepTheirTraits() throws {
        let report = try audit(XCUITestPage.source("""
            <XCUIElementTypeWebView type="XCUIElementTypeWebView" visible="true" accessible="false" x="0" y="0" width="390" height="844">
              <XCUIElementTypeOther type="XCUIElementTypeOther" traits="Header" visible="true" accessible="false" x="0" y="50" width="390" height="40">
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Returns" visible="true" accessible="true" x="0" y="50" width="200" height="40"/>
              </XCUIElementTypeOther>
              <XCUIElementTypeLink type="XCUIElementTypeLink" label="Read more" visible="true" accessible="false" x="0" y="100" width="100" height="44">
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Read more" visible="true" accessible="true" x="0" y="100" width="100" height="44"/>
              </XCUIElementTypeLink>
              <XCUIElementTypeLink type="XCUIElementTypeLink" label="Click here" traits="None" visible="true" accessible="true" x="0" y="200" width="100" height="44"/>
            </XCUIElementTypeWebView>
            <XCUIElementTypeOther type="XCUIElementTypeOther" traits="Header" visible="true" accessible="false" x="0" y="300" width="390" height="40">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Native" visible="true" accessible="true" x="0" y="300" width="200" height="40"/>
            </XCUIElementTypeOther>
        """, accessible: true))
        let elements = report.analysis.elements
        #expect(elements.map { $0.label ?? "" } == ["Returns", "Read more", "Click here", "Native"])
        #expect(elements[0].traits.contains(.header) && elements[1].traits.contains(.link) && elements[2].traits.contains(.link))
        #expect(!elements[3].traits.contains(.header))
        let links = report.run.findings.filter { $0.rule == "link-purpose" }
        #expect(links.count == 2)
    }

    /// Without `accessible`, a `visible="false"` is believed only where WDA told a leaf from a
    /// parent it saw as visible (a cell's chevron); a whole page said invisible (WDA answers NO
    /// when it cannot tell, as Appium issues show for Safari) is read by its frames.
    @Test func aWholeSubtreeSaidInvisibleIsReadByFrame() throws {
        let report = try audit(XCUITestPage.source("""
            <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="false" x="0" y="0" width="390" height="844">
              <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="false" x="0" y="100" width="390" height="700">
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Example Domain" name="Example Domain" label="Example Domain" enabled="true" visible="false" x="16" y="120" width="300" height="30"/>
                <XCUIElementTypeLink type="XCUIElementTypeLink" name="Learn more" label="Learn more" enabled="true" visible="false" x="16" y="200" width="100" height="20">
                  <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Learn more" name="Learn more" label="Learn more" enabled="true" visible="false" x="16" y="200" width="100" height="20"/>
                </XCUIElementTypeLink>
                <XCUIElementTypeLink type="XCUIElementTypeLink" name="Below" label="Below" enabled="true" visible="false" x="16" y="2000" width="100" height="20"/>
              </XCUIElementTypeOther>
            </XCUIElementTypeOther>
            <XCUIElementTypeCell type="XCUIElementTypeCell" enabled="true" visible="true" x="0" y="800" width="390" height="44">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="General" label="General" enabled="true" visible="true" x="16" y="810" width="100" height="20"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="chevron" label="chevron" enabled="false" visible="false" x="360" y="815" width="11" height="14"/>
            </XCUIElementTypeCell>
        """))
        #expect(report.analysis.elements.map { $0.label ?? "" } == ["Example Domain", "Learn more", "General"])
        #expect(report.run.findings.filter { $0.rule == "link-purpose" }.count == 1)
    }
}
