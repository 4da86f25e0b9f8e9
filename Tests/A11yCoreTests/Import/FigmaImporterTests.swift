import Testing
@testable import A11yCore
@testable import A11yImport
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules
import A11yCoreTestSupport

/// Our own small Figma REST responses, one per mapping rule of `FigmaImporter` (none copied
/// from real files).
@Suite struct FigmaImporterTests {
    private func screens(_ json: String) throws -> [FigmaImporter.Screen] {
        try Array(json.utf8).withUnsafeBytes { raw in
            Result { () throws(InputError) in try FigmaImporter.screens(raw) }
        }.get()
    }

    private func failure(_ json: String) -> InputError? {
        do throws(InputError) {
            _ = try Array(json.utf8).withUnsafeBytes { raw in
                Result { () throws(InputError) in try FigmaImporter.screens(raw) }
            }.get()
            return nil
        } catch {
            return error
        }
    }

    private func audit(_ json: String) throws -> AuditRun {
        try Tree.audit(json).get()
    }

    /// `"fills": [...]` with one SOLID paint per hex colour.
    private func solid(_ hex: String, opacity: Double = 1, visible: Bool = true, blend: String = "NORMAL") -> String {
        let c = Color(hex: hex)!
        return #"{"type":"SOLID","visible":\#(visible),"opacity":\#(opacity),"blendMode":"\#(blend)","color":{"r":\#(c.red),"g":\#(c.green),"b":\#(c.blue),"a":1}}"#
    }

    private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        #""absoluteBoundingBox":{"x":\#(x),"y":\#(y),"width":\#(w),"height":\#(h)}"#
    }

    private func text(_ id: String, _ characters: String, fill: String, size: Double = 16, weight: Double = 400,
                      at b: String, extra: String = "") -> String {
        #"{"id":"\#(id)","name":"\#(characters)","type":"TEXT","characters":"\#(characters)",\#(b),"fills":[\#(fill)],"style":{"fontFamily":"Inter","fontSize":\#(size),"fontWeight":\#(weight)}\#(extra)}"#
    }

    /// A `/v1/files/:key/nodes` response for one FRAME at (100, 200), 390x844, white.
    private func nodes(_ children: String, id: String = "1:2", components: String = "{}", frameExtra: String = "") -> String {
        #"{"name":"Demo","lastModified":"2026-01-01T00:00:00Z","nodes":{"\#(id)":{"document":{"id":"\#(id)","name":"Login","type":"FRAME",\#(box(100, 200, 390, 844)),"fills":[\#(solid("#FFFFFF"))]\#(frameExtra),"children":[\#(children)]},"components":\#(components),"styles":{}}}}"#
    }

    @Test func childrenStayInOrderAcrossNestedRows() throws {
        // Rows of a list, each holding two texts: every parent's children are stored once all
        // layers are read, in layer order, with depths and places among siblings.
        let black = solid("#000000")
        var rows: [String] = []
        for r in 0..<40 {
            let y = 200 + Double(r) * 20
            let title = text("3:\(r)", "Title \(r)", fill: black, at: box(100, y, 100, 10))
            let note = text("4:\(r)", "Note \(r)", fill: black, at: box(200, y, 100, 10))
            let row: String = #"{"id":"2:\#(r)","name":"Row","type":"FRAME",\#(box(100, y, 390, 20)),"children":["#
            rows.append(row + title + "," + note + "]}")
        }
        let doc = try #require(screens(nodes(rows.joined(separator: ","))).first).document
        #expect(doc.nodes.count == 1 + 40 * 3)
        let rowNodes = Array(doc.children(of: 0))
        #expect(rowNodes == (0..<40).map { 1 + $0 * 3 })
        for (r, row) in rowNodes.enumerated() {
            #expect(doc.nodes[row].indexInParent == r && doc.nodes[row].depth == 1 && doc.nodes[row].parent == 0)
            let texts = Array(doc.children(of: row))
            #expect(texts == [row + 1, row + 2])
            #expect(texts.map { doc.nodes[$0].text } == ["Title \(r)", "Note \(r)"])
            #expect(texts.map { doc.nodes[$0].indexInParent } == [0, 1] && texts.allSatisfy { doc.nodes[$0].depth == 2 })
        }
    }

    @Test func aFileHasOneScreenPerShownTopLevelFrame() throws {
        let file = #"""
        {"document":{"id":"0:0","name":"Document","type":"DOCUMENT","children":[
          {"id":"0:1","name":"Page 1","type":"CANVAS","backgroundColor":{"r":0,"g":0,"b":0,"a":1},"children":[
            {"id":"1:1","name":"Welcome","type":"FRAME",\#(box(0, 0, 390, 844)),"children":[]},
            {"id":"1:2","name":"Draft","type":"FRAME","visible":false,\#(box(400, 0, 390, 844)),"children":[]},
            {"id":"1:3","name":"Note","type":"TEXT","characters":"x",\#(box(0, 900, 10, 10))},
            {"id":"1:4","name":"Checkout","type":"COMPONENT",\#(box(800, 0, 1440, 900)),"children":[
              \#(text("1:5", "Total", fill: solid("#777777"), at: box(810, 10, 100, 20)))]}]}]},
         "components":{},"name":"File"}
        """#
        let s = try screens(file)
        #expect(s.map(\.name) == ["Welcome", "Checkout"])
        #expect(s[0].document.platform == .ios && s[1].document.platform == .web)
        #expect(s[1].document.pointer(of: 0) == "/document/children/0/children/3")
        #expect(s[1].document.pointer(of: 1) == "/document/children/0/children/3/children/0")
        #expect(s[1].document.nodes[1].frame == Rect(x: 10, y: 10, width: 100, height: 20))
        #expect(s[1].document.sourceMap?.sourceID(of: 1) == "1:5")
        // The frame has no fill: the page's colour (black) is behind the text.
        #expect(s[1].document.nodes[1].style?.background == Color(hex: "#000000"))
        #expect(s[1].document.nodes[1].style?.foreground == Color(hex: "#777777"))
    }

    @Test func backdropsCompositeWhatIsPaintedBeneath() throws {
        // A black card at 50 % opacity over the white frame (grey 127.5 of 255, written #808080), a hidden red paint and a hidden
        // layer on top of it that do not count, and a shape that only partly covers the text.
        let doc = try screens(nodes(#"""
        {"id":"2:1","name":"Card","type":"RECTANGLE","opacity":0.5,\#(box(100, 200, 390, 100)),"fills":[\#(solid("#000000")),\#(solid("#FF0000", visible: false))]},
        {"id":"2:2","name":"Veil","type":"RECTANGLE","visible":false,\#(box(100, 200, 390, 100)),"fills":[\#(solid("#00FF00"))]},
        {"id":"2:3","name":"Strip","type":"RECTANGLE",\#(box(100, 200, 20, 100)),"fills":[\#(solid("#0000FF"))]},
        \#(text("2:4", "Hello", fill: solid("#FFFFFF"), at: box(110, 210, 100, 20)))
        """#))[0].document
        #expect(doc.nodes.map(\.typeName) == ["FRAME", "RECTANGLE", "RECTANGLE", "TEXT"])
        let style = try #require(doc.nodes[3].style)
        #expect(style.background?.hexCode == "#808080")
        #expect(style.foreground == Color(hex: "#FFFFFF"))
        // A pill a pixel shorter than the text box still counts: it holds the centre and most of the box.
        let pill = try screens(nodes(#"""
        {"id":"2:5","name":"Pill","type":"RECTANGLE",\#(box(100, 200, 105, 30)),"fills":[\#(solid("#3981B1"))]},
        \#(text("2:6", "+ toppings", fill: solid("#FFFFFF"), at: box(116, 204, 73, 27)))
        """#))[0].document
        #expect(pill.nodes[2].style?.background == Color(hex: "#3981B1"))
        let run = try audit(nodes(#"""
        {"id":"2:1","name":"Card","type":"RECTANGLE","opacity":0.5,\#(box(100, 200, 390, 100)),"fills":[\#(solid("#000000"))]},
        \#(text("2:4", "Hello", fill: solid("#FFFFFF"), at: box(110, 210, 100, 20)))
        """#))
        #expect(run.isBatch && run.screens.map(\.name) == ["Login"])
        let finding = try #require(run.screens[0].report.run.findings.first { $0.rule == "text-contrast" })
        #expect(finding.message == "Text contrast 3.98:1 (#FFFFFF on #808080) is below 4.5:1.")
        #expect(run.screens[0].report.analysis.document.pointer(of: finding.node) == "/nodes/1:2/document/children/1")
    }

    @Test func pastTheLayerBoundOnlyAncestorsCount() throws {
        // 1,100 dots beneath the text (more than FigmaBackdrop.maxLayers), none covering it, in
        // a dark card: the card is an ancestor, so its fill is still found.
        let dots = (0..<1_100).map { #"{"id":"d\#($0)","type":"RECTANGLE",\#(box(100, 200, 1, 1)),"fills":[\#(solid("#FF0000"))]}"# }
        let doc = try screens(nodes(#"""
        {"id":"8:1","name":"Card","type":"FRAME",\#(box(100, 200, 390, 300)),"fills":[\#(solid("#102030"))],"children":[
          \#(dots.joined(separator: ",")),
          \#(text("8:2", "Deep", fill: solid("#FFFFFF"), at: box(120, 220, 100, 20)))]}
        """#))[0].document
        #expect(doc.nodes.count == 1_103)
        #expect(doc.nodes[1_102].style?.background == Color(hex: "#102030"))
    }

    @Test func textColourTakesPaintAndLayerOpacity() throws {
        let doc = try screens(nodes(#"""
        {"id":"3:1","name":"Group","type":"GROUP","opacity":0.5,\#(box(100, 200, 200, 40)),"children":[
          \#(text("3:2", "Faint", fill: solid("#000000", opacity: 0.5), at: box(100, 200, 200, 40)))]}
        """#))[0].document
        #expect(doc.nodes[2].style?.foreground == Color(red: 0, green: 0, blue: 0, alpha: 0.25))
        #expect(doc.nodes[2].style?.background == Color(hex: "#FFFFFF"))
    }

    @Test func gradientAndImageBackdropsAreIncomplete() throws {
        let gradient = #"{"type":"GRADIENT_LINEAR","blendMode":"NORMAL","gradientStops":[]}"#
        let run = try audit(nodes(#"""
        {"id":"4:1","name":"Hero","type":"RECTANGLE",\#(box(100, 200, 390, 300)),"fills":[\#(gradient)]},
        \#(text("4:2", "Welcome", fill: solid("#FFFFFF"), at: box(120, 220, 200, 30)))
        """#))
        let finding = try #require(run.screens[0].report.run.findings.first { $0.rule == "text-contrast" })
        #expect(finding.outcome == .incomplete)
        #expect(finding.message == "Contrast cannot be measured over a gradient background; check it by eye (needs 4.5:1).")
        // An opaque solid paint above the image hides it.
        let image = #"{"type":"IMAGE","scaleMode":"FILL","imageRef":"abc"}"#
        let covered = try screens(nodes(#"""
        {"id":"4:3","name":"Photo","type":"RECTANGLE",\#(box(100, 200, 390, 300)),"fills":[\#(image),\#(solid("#222222"))]},
        \#(text("4:4", "Caption", fill: solid("#FFFFFF"), at: box(120, 220, 200, 30)))
        """#))[0].document
        #expect(covered.nodes[2].style?.backgroundKind == .solid)
        #expect(covered.nodes[2].style?.background == Color(hex: "#222222"))
    }

    @Test func largeTextUsesTheSmallestAndLightestRun() throws {
        // 24 px bold is large (3:1) until a 12 px run is overridden in.
        let grey = solid("#888888")
        let large = try audit(nodes(text("5:1", "Big", fill: grey, size: 24, weight: 700, at: box(100, 200, 100, 30))))
        #expect(large.screens[0].report.run.findings.filter { $0.rule == "text-contrast" }.isEmpty)
        let mixed = try audit(nodes(text("5:1", "Big", fill: grey, size: 24, weight: 700, at: box(100, 200, 100, 30),
                                         extra: #","characterStyleOverrides":[0,1],"styleOverrideTable":{"1":{"fontSize":12}}"#)))
        let finding = try #require(mixed.screens[0].report.run.findings.first { $0.rule == "text-contrast" })
        #expect(finding.message == "Text contrast 3.54:1 (#888888 on #FFFFFF) is below 4.5:1.")
    }

    @Test func theRunWithTheLeastContrastIsMeasured() throws {
        // Black text with one light-grey run: the grey is what fails.
        let doc = try screens(nodes(text("5:2", "Total 9", fill: solid("#000000"), at: box(100, 200, 100, 20),
                                         extra: #","characterStyleOverrides":[0,0,0,0,0,0,1],"styleOverrideTable":{"1":{"fills":[\#(solid("#CCCCCC"))]},"2":{"fontSize":20}}"#)))[0].document
        #expect(doc.nodes[1].style?.foreground == Color(hex: "#CCCCCC"))
        #expect(doc.nodes[1].style?.fontSize == 16)
    }

    @Test func rolesAreGuessedFromNamesAndReportedAsGuesses() throws {
        let json = nodes(#"""
        {"id":"6:1","name":"(button)PayNow","type":"GROUP",\#(box(100, 200, 120, 30)),"children":[
          {"id":"6:2","name":"button bg","type":"RECTANGLE",\#(box(100, 200, 120, 30)),"fills":[\#(solid("#0044AA"))]},
          \#(text("6:3", "Pay now", fill: solid("#FFFFFF"), at: box(110, 205, 100, 20)))]},
        {"id":"I6:4;1:1","name":"Instance 3","type":"INSTANCE","componentId":"9:9",\#(box(100, 300, 200, 44)),"children":[
          \#(text("I6:4;1:2", "Email", fill: solid("#000000"), at: box(110, 310, 100, 20)))]},
        {"id":"6:5","name":"Label","type":"TEXT","characters":"Button text",\#(box(100, 400, 100, 20)),"fills":[\#(solid("#000000"))]}
        """#, components: #"{"9:9":{"key":"k","name":"Input / Email","description":""}}"#)
        let doc = try screens(json)[0].document
        #expect(doc.nodes.map(\.kind) == [.view, .button, .view, .text, .textField, .text, .text])
        // The button's background shape, though named "button bg", is no control of its own.
        #expect(doc.sourceMap?.roleGuess(of: 2) == nil)
        #expect(doc.nodes[1].label == "Pay now")
        #expect(doc.nodes[3].isAccessibilityElement == false)
        #expect(doc.nodes[4].label == "Email")
        #expect(doc.sourceMap?.roleGuess(of: 1) == "(button)PayNow")
        #expect(doc.sourceMap?.roleGuess(of: 4) == "Input / Email")
        #expect(doc.sourceMap?.roleGuess(of: 6) == nil)
        let run = try audit(json)
        let target = try #require(run.screens[0].report.run.findings.first { $0.rule == "target-size" })
        #expect(target.node == 1)
        let response = String(decoding: ResponseEncoder.json(run, pretty: false), as: UTF8.self)
        // The node is an entry of the path table; the finding names it and carries its layer id.
        #expect(response.contains(#"{"pointer":"/nodes/1:2/document/children/0"}"#))
        #expect(response.contains(try Regex(#""node":\d+,"sourceId":"6:1","roleGuessedFrom":"\(button\)PayNow","#)))
        let text = String(decoding: run.render(.text), as: UTF8.self)
        #expect(text.contains(#"   1. "Pay now. Button."  /nodes/1:2/document/children/0  (role guessed from "(button)PayNow")"#))
        // SARIF results carry both in their property bag.
        let sarif = String(decoding: run.render(.report(.sarif)), as: UTF8.self)
        #expect(sarif.contains(#""sourceId":"6:1","roleGuessedFrom":"(button)PayNow""#))
    }

    @Test func vectorGroupsCollapseIntoOneImage() throws {
        let doc = try screens(nodes(#"""
        {"id":"7:1","name":"Group 12","type":"GROUP",\#(box(100, 200, 24, 24)),"children":[
          {"id":"7:2","name":"Vector","type":"VECTOR",\#(box(100, 200, 24, 24)),"fills":[\#(solid("#000000"))]},
          {"id":"7:3","name":"Ellipse","type":"ELLIPSE",\#(box(104, 204, 8, 8)),"fills":[\#(solid("#000000"))]}]},
        {"id":"7:4","name":"Divider","type":"LINE",\#(box(100, 250, 390, 0))},
        {"id":"7:5","name":"avatar","type":"FRAME",\#(box(100, 300, 40, 40)),"children":[
          {"id":"7:6","name":"Rectangle","type":"RECTANGLE",\#(box(100, 300, 40, 40))}]}
        """#))[0].document
        #expect(doc.nodes.map(\.kind) == [.view, .image, .view, .image])
        #expect(doc.nodes.map(\.typeName) == ["FRAME", "GROUP", "LINE", "FRAME"])
        #expect(doc.pointer(of: 3) == "/nodes/1:2/document/children/2")
        #expect(doc.sourceMap?.roleGuess(of: 1) == nil && doc.sourceMap?.roleGuess(of: 3) == "avatar")
    }

    @Test func iconsAreMeasuredForNonTextContrast() throws {
        // A line icon: a grey stroke (the fill is hidden) on the white frame.
        let run = try audit(nodes(#"""
        {"id":"7:7","name":"Group 3","type":"GROUP",\#(box(100, 200, 24, 24)),"children":[
          {"id":"7:8","name":"Vector","type":"VECTOR",\#(box(102, 202, 20, 20)),"fills":[\#(solid("#000000", visible: false))],"strokes":[\#(solid("#BBBBBB"))]}]}
        """#))
        let document = run.screens[0].report.analysis.document
        #expect(document.nodes[1].style?.foreground == Color(hex: "#BBBBBB"))
        #expect(document.nodes[1].style?.background == Color(hex: "#FFFFFF"))
        let finding = try #require(run.screens[0].report.run.findings.first { $0.rule == "non-text-contrast" })
        #expect(finding.node == 1)
        #expect(finding.message == "Graphic contrast 1.92:1 (#BBBBBB on #FFFFFF) is below 3:1.")
        // A white icon in a green circle: the ellipse holds the icon's centre, so it is the backdrop.
        let circled = try screens(nodes(#"""
        {"id":"7:9","name":"Circle","type":"ELLIPSE",\#(box(100, 200, 40, 40)),"fills":[\#(solid("#2E7D32"))]},
        {"id":"7:10","name":"Check","type":"VECTOR",\#(box(110, 210, 20, 20)),"fills":[\#(solid("#FFFFFF"))]}
        """#))[0].document
        #expect(circled.nodes.map(\.kind) == [.view, .view, .image])
        #expect(circled.nodes[2].style?.background == Color(hex: "#2E7D32"))
    }

    @Test func aRequestedPageGivesItsTopLevelFrames() throws {
        let page = #"{"nodes":{"0:1":{"document":{"id":"0:1","name":"Page","type":"CANVAS","children":[{"id":"1:1","name":"A","type":"FRAME","children":[]},{"id":"1:2","name":"B","type":"SECTION","children":[]},{"id":"1:3","name":"C","type":"GROUP","children":[]}]}}}}"#
        let s = try screens(page)
        #expect(s.map(\.name) == ["A", "B"])
        #expect(s[1].document.pointer(of: 0) == "/nodes/0:1/document/children/1")
    }

    @Test func aDocumentWithoutFramesIsOneClearError() throws {
        let error = try #require(failure(#"{"nodes":{"1:1":{"document":{"id":"1:1","name":"swatch","type":"RECTANGLE","fills":[]}}}}"#))
        #expect(error.kind == .missing)
        #expect(error.message == "the Figma document has no frames: screens are the top-level FRAME, COMPONENT, INSTANCE or SECTION layers of a page, or requested nodes of those types or holding text")
        #expect(error.pointer == "")
        let typeError = try #require(failure(#"{"document":{"id":"0:0","type":"DOCUMENT","children":[{"id":"0:1","type":"CANVAS","opacity":"half"}]}}"#))
        #expect(typeError.kind == .type && typeError.pointer == "/document/children/0/opacity")
    }

    @Test func limitsAndMalformedJSONAreErrorsWithPointers() throws {
        var limits = DecodeLimits()
        limits.maxNodes = 3
        let many = nodes(#"{"id":"1","type":"RECTANGLE"},{"id":"2","type":"RECTANGLE"},{"id":"3","type":"RECTANGLE"}"#)
        let error = try #require(Array(many.utf8).withUnsafeBytes { raw -> InputError? in
            do throws(InputError) { _ = try FigmaImporter.screens(raw, limits: limits); return nil } catch { return error }
        })
        #expect(error.kind == .limit && error.message == "more than 3 nodes" && error.pointer == "/nodes/1:2/document/children/2")
        let malformed = try #require(failure(#"{"document":{"id":"0:0","type":"DOCUMENT","children":[}}"#))
        #expect(malformed.kind == .syntax && malformed.pointer == "/document/children/0")
        let notObject = try #require(failure("[]"))
        #expect(notObject.kind == .type && notObject.message == "a Figma response must be a JSON object")
    }

    @Test func formatIsRecognisedAndPointersEscapeKeys() throws {
        func format(_ text: String) -> InputFormat { Array(text.utf8).withUnsafeBytes { InputFormat.of($0, given: nil) } }
        #expect(format(#"{"name":"f","lastModified":"x","document":{}}"#) == .figma)
        #expect(format(#" {"nodes":{}}"#) == .figma)
        #expect(format(#"{"platform":"ios","root":{"type":"view"},"document":1}"#) == .json)
        #expect(format(#"{"screens":[]}"#) == .json)
        let doc = try screens(nodes("", id: "1/2~3"))[0].document
        #expect(doc.pointer(of: 0) == "/nodes/1~12~03/document")
    }

    // MARK: Outlined shapes, blend modes and effects beneath (issue #18)

    /// A layer of `type` (default VECTOR) with one fill; `extra` adds fields.
    private func shape(_ id: String, _ fill: String, at b: String, type: String = "VECTOR", extra: String = "") -> String {
        #"{"id":"\#(id)","name":"Rectangle \#(id)","type":"\#(type)",\#(b),"fills":[\#(fill)]\#(extra)}"#
    }

    private func contrastFinding(_ json: String, rule: String = "text-contrast") throws -> Finding? {
        try audit(json).screens[0].report.run.findings.first { $0.rule == rule }
    }

    @Test func anOutlinedShapeBeneathIsMeasuredBothWays() throws {
        // A VECTOR's box holds the text, but its outline is unknown without `fillGeometry`:
        // on the card (#F0F0F0) 3.93:1, beside it (the white frame) 4.48:1. Both fail 4.5:1,
        // so the verdict is sure and the weaker pair is reported.
        let grey = try #require(try contrastFinding(nodes("""
        \(shape("9:1", solid("#F0F0F0"), at: box(100, 200, 390, 100))),
        \(text("9:2", "Calories", fill: solid("#777777"), at: box(120, 220, 100, 20)))
        """)))
        #expect(grey.outcome == .violation)
        #expect(grey.message == "Text contrast 3.93:1 (#777777 on #F0F0F0) is below 4.5:1.")
        // Dark text passes on either (13.1:1 and 15.9:1): measured on the card, no finding.
        let dark = try screens(nodes("""
        \(shape("9:1", solid("#E1EAF8"), at: box(100, 200, 390, 100))),
        \(text("9:2", "Water", fill: solid("#222222"), at: box(120, 220, 100, 20)))
        """))[0].document
        #expect(dark.nodes[2].style?.background == Color(hex: "#E1EAF8"))
        #expect(dark.nodes[2].style?.backgroundKind == .solid)
        // White text on a black VECTOR button (the FoodCoach Macronutrients sample's "Auto
        // Generate Goals", node 7:585): 21:1 on the button, 1:1 beside it; check by eye.
        let button = try #require(try contrastFinding(nodes("""
        \(shape("9:3", solid("#000000"), at: box(110, 400, 370, 60))),
        \(text("9:4", "Auto Generate Goals", fill: solid("#FFFFFF"), at: box(200, 425, 179, 10)))
        """)))
        #expect(button.outcome == .incomplete)
        #expect(button.message == "Contrast cannot be measured over an unknown background; check it by eye (needs 4.5:1).")
        // The same button drawn as a RECTANGLE paints its whole box: measured, passes.
        let rectangle = try audit(nodes("""
        \(shape("9:3", solid("#000000"), at: box(110, 400, 370, 60), type: "RECTANGLE")),
        \(text("9:4", "Auto Generate Goals", fill: solid("#FFFFFF"), at: box(200, 425, 179, 10)))
        """))
        #expect(rectangle.screens[0].report.run.findings.filter { $0.rule == "text-contrast" }.isEmpty)
    }

    @Test func aVectorShapeUnderAnIconIsItsBackdropNotAnIcon() throws {
        // The FoodCoach Home pattern (node 2:880): a white rounded square drawn as a VECTOR on a
        // light-blue VECTOR card, a blue glass icon on the square. Both vectors are backdrops (plain
        // views, no `image-name`, no white-on-white `non-text-contrast`); the icon is measured on
        // the weaker of its candidate backdrops: #B5DBFD on #E1EBF8 (the square absent: the card's 20 % blue over white) 1.2:1,
        // on white 1.45:1, both below 3:1.
        let json = nodes("""
        \(shape("2:879", solid("#6A99DE", opacity: 0.2), at: box(120, 400, 400, 74))),
        \(shape("2:880", solid("#FFFFFF"), at: box(135, 415, 44, 44))),
        {"id":"2:881","name":"glass","type":"GROUP",\(box(147, 427, 20, 20)),"children":[
          \(shape("2:884", solid("#B5DBFD"), at: box(148, 428, 18, 18)))]}
        """)
        let run = try audit(json)
        let document = run.screens[0].report.analysis.document
        #expect(document.nodes.map(\.kind) == [.view, .view, .view, .image])
        let findings = run.screens[0].report.run.findings.filter { $0.rule == "non-text-contrast" || $0.rule == "image-name" }
        #expect(findings.map(\.node) == [3, 3])
        let contrast = try #require(findings.first { $0.rule == "non-text-contrast" })
        #expect(contrast.message == "Graphic contrast 1.2:1 (#B5DBFD on #E1EBF8) is below 3:1.")
        // With nothing painted on it, the white square is an icon again (and a white-on-white one).
        let alone = try screens(nodes(shape("2:880", solid("#FFFFFF"), at: box(135, 415, 44, 44))))[0].document
        #expect(alone.nodes.map(\.kind) == [.view, .image])
    }

    @Test func operandsOfABooleanOperationAreNotPainted() throws {
        // A BOOLEAN_OPERATION paints its own fills; its red operand is not beneath the text.
        let doc = try screens(nodes("""
        {"id":"9:5","name":"Union","type":"BOOLEAN_OPERATION",\(box(100, 200, 390, 100)),"fills":[\(solid("#EEEEEE"))],"children":[
          \(shape("9:6", solid("#FF0000"), at: box(100, 200, 390, 100), type: "RECTANGLE"))]},
        \(text("9:7", "Label", fill: solid("#000000"), at: box(120, 220, 100, 20)))
        """))[0].document
        #expect(doc.nodes.last?.style?.background == Color(hex: "#EEEEEE"))
    }

    @Test func moreThanThreeOutlinedShapesAreUndecidable() throws {
        let four = (1...4).map { shape("9:1\($0)", solid("#F5F5F5", opacity: 0.5), at: box(100, 200, 390, 100)) }
        let doc = try screens(nodes(four.joined(separator: ",") + "," + text("9:20", "Deep", fill: solid("#000000"), at: box(120, 220, 100, 20))))[0].document
        #expect(doc.nodes[5].style?.backgroundKind == .unknown)
        let three = try screens(nodes(four.dropFirst().joined(separator: ",") + "," + text("9:20", "Deep", fill: solid("#000000"), at: box(120, 220, 100, 20))))[0].document
        #expect(three.nodes[4].style?.backgroundKind == .solid)
    }

    @Test func blendModesOtherThanNormalAreCheckedByEye() throws {
        let card = { (fill: String, extra: String) in self.shape("10:1", fill, at: self.box(100, 200, 390, 100), type: "RECTANGLE", extra: extra) }
        let label = text("10:2", "Total", fill: solid("#000000"), at: box(120, 220, 100, 20))
        func kind(_ json: String) throws -> Style.BackgroundKind? { try screens(json)[0].document.nodes.last?.style?.backgroundKind }
        // NORMAL and PASS_THROUGH composite as before: black on #336699.
        let normal = try screens(nodes(card(solid("#336699"), #","blendMode":"PASS_THROUGH""#) + "," + label))[0].document
        #expect(normal.nodes[2].style?.background == Color(hex: "#336699"))
        // A MULTIPLY layer, a SCREEN paint beneath, a DIFFERENCE text fill, a LUMINOSITY group around the text.
        #expect(try kind(nodes(card(solid("#336699"), #","blendMode":"MULTIPLY""#) + "," + label)) == .unknown)
        #expect(try kind(nodes(card(solid("#336699", blend: "SCREEN"), "") + "," + label)) == .unknown)
        #expect(try kind(nodes(card(solid("#336699"), "") + "," + text("10:2", "Total", fill: solid("#000000", blend: "DIFFERENCE"), at: box(120, 220, 100, 20)))) == .unknown)
        let group = #"{"id":"10:3","name":"Group","type":"GROUP","blendMode":"LUMINOSITY",\#(box(100, 200, 390, 100)),"children":[\#(card(solid("#336699"), "")),\#(label)]}"#
        #expect(try kind(nodes(group)) == .unknown)
        // A blended paint that is hidden, or on a layer that does not hold the text, does not count.
        #expect(try kind(nodes(card(solid("#336699"), "").replacingOccurrences(of: "]}", with: ",\(solid("#FF0000", visible: false, blend: "MULTIPLY"))]}") + "," + label)) == .solid)
        #expect(try kind(nodes(shape("10:4", solid("#FF0000", blend: "MULTIPLY"), at: box(400, 500, 10, 10), type: "RECTANGLE") + "," + label)) == .solid)
        let finding = try #require(try contrastFinding(nodes(card(solid("#336699"), #","blendMode":"MULTIPLY""#) + "," + label)))
        #expect(finding.outcome == .incomplete)
        #expect(finding.message == "Contrast cannot be measured over an unknown background; check it by eye (needs 4.5:1).")
        // An icon with a blended shape: non-text contrast is checked by eye.
        let icon = try #require(try contrastFinding(nodes(shape("10:5", solid("#BBBBBB", blend: "MULTIPLY"), at: box(100, 200, 24, 24))), rule: "non-text-contrast"))
        #expect(icon.outcome == .incomplete)
    }

    @Test func blursBeneathAndShadowsOnTheTextAreCheckedByEye() throws {
        func effect(_ type: String, visible: Bool = true) -> String {
            #","effects":[{"type":"\#(type)","visible":\#(visible),"radius":8}]"#
        }
        let label = text("11:2", "Total", fill: solid("#000000"), at: box(120, 220, 100, 20))
        func style(_ cardEffect: String, textEffect: String = "") throws -> Style? {
            let t = textEffect.isEmpty ? label : text("11:2", "Total", fill: solid("#000000"), at: box(120, 220, 100, 20), extra: textEffect)
            return try screens(nodes(shape("11:1", solid("#DDDDDD"), at: box(100, 200, 390, 100), type: "FRAME", extra: cardEffect) + "," + t))[0].document.nodes.last?.style
        }
        #expect(try style(effect("LAYER_BLUR"))?.backgroundKind == .unknown)
        #expect(try style(effect("BACKGROUND_BLUR"))?.backgroundKind == .unknown)
        #expect(try style(effect("NOISE"))?.backgroundKind == .unknown)
        // A hidden blur and a card's own shadow (painted outside it) leave the backdrop measured.
        #expect(try style(effect("LAYER_BLUR", visible: false))?.background == Color(hex: "#DDDDDD"))
        #expect(try style(effect("DROP_SHADOW"))?.background == Color(hex: "#DDDDDD"))
        // A shadow or blur on the text itself: its edges are not its fill's colour.
        #expect(try style("", textEffect: effect("DROP_SHADOW"))?.backgroundKind == .unknown)
        #expect(try style("", textEffect: effect("LAYER_BLUR"))?.backgroundKind == .unknown)
        let error = try #require(failure(nodes(shape("11:1", solid("#DDDDDD"), at: box(100, 200, 390, 100), extra: #","effects":{}"#))))
        #expect(error.kind == .type && error.pointer == "/nodes/1:2/document/children/0/effects")
    }

    @Test func fillGeometryIsReadAsSVGPathData() throws {
        let square = try #require(FigmaOutline(path: "M0 0L10 0L10 10L0 10L0 0Z", windingRule: "NONZERO"))
        #expect(square.contains(x: 5, y: 5) && !square.contains(x: 15, y: 5) && !square.contains(x: 5, y: -1))
        // Two squares, one inside the other, drawn the same way round: a ring under EVENODD,
        // a filled square under NONZERO (winding number 2 in the middle).
        let twoSquares = "M0 0L30 0L30 30L0 30Z M10 10L20 10L20 20L10 20Z"
        let ring = try #require(FigmaOutline(path: twoSquares, windingRule: "EVENODD"))
        #expect(ring.contains(x: 5, y: 15) && !ring.contains(x: 15, y: 15))
        #expect(try #require(FigmaOutline(path: twoSquares, windingRule: "NONZERO")).contains(x: 15, y: 15))
        // H, V, a quadratic and a cubic curve; numbers repeating a command (SVG's implicit L after M).
        let rounded = try #require(FigmaOutline(path: "M4 0H36C38.2 0 40 1.8 40 4V16Q40 20 36 20H4C1.8 20 0 18.2 0 16V4Q0 0 4 0Z", windingRule: "NONZERO"))
        #expect(rounded.contains(x: 20, y: 10) && rounded.contains(x: 39, y: 10) && !rounded.contains(x: 0.2, y: 0.2))
        #expect(try #require(FigmaOutline(path: "M0 0 10 0 10 10 0 10Z", windingRule: "NONZERO")).contains(x: 5, y: 5))
        #expect(try #require(FigmaOutline(path: "M0 0L1e1 0L10 1E1L0 10Z", windingRule: "NONZERO")).contains(x: 5, y: 5))
        // What Figma does not write is refused: the shape is then judged by its box.
        for bad in ["m0 0l10 0l0 10z", "M0 0A5 5 0 0 1 10 10Z", "M0", "L1 1", "M0 0L1", "M0 0L1 x", "M0 0L1 1e"] {
            #expect(FigmaOutline(path: bad, windingRule: "NONZERO") == nil, "\(bad)")
        }
        let huge = "M0 0" + String(repeating: "L1 1", count: FigmaOutline.maxPoints) + "Z"
        #expect(FigmaOutline(path: huge, windingRule: "NONZERO") == nil)
    }

    @Test func fillGeometryPlacesTheTextOnOrBesideAVectorShape() throws {
        // `?geometry=paths`: every layer has `relativeTransform`; the button's `fillGeometry`
        // is a rounded rectangle in its own coordinates (its box starts at 110, 400).
        let straight = #","relativeTransform":[[1,0,0],[0,1,0]]"#
        let rounded = #"{"path":"M8 0H362C366.4 0 370 3.6 370 8V52C370 56.4 366.4 60 362 60H8C3.6 60 0 56.4 0 52V8C0 3.6 3.6 0 8 0Z","windingRule":"NONZERO"}"#
        func run(button extra: String, frame: String = straight) throws -> Finding? {
            try contrastFinding(nodes("""
            \(shape("12:1", solid("#000000"), at: box(110, 400, 370, 60), extra: straight + #","fillGeometry":[\#(rounded)]"# + extra)),
            \(text("12:2", "Go", fill: solid("#FFFFFF"), at: box(200, 425, 179, 10), extra: straight))
            """, frameExtra: frame))
        }
        // The 3x3 grid over the text lies on the button: white on black, 21:1, no finding
        // (without geometry this is `incomplete`, see anOutlinedShapeBeneathIsMeasuredBothWays).
        #expect(try run(button: "") == nil)
        // A rotated frame: the geometry cannot be placed, so the box alone decides: check by eye.
        let rotated = try #require(try run(button: "", frame: #","relativeTransform":[[0,-1,0],[1,0,0]]"#))
        #expect(rotated.outcome == .incomplete)
        // A ring (EVENODD) with the text in its hole: the text is on the white frame, 1:1.
        let ring = #","fillGeometry":[{"path":"M0 0H370V60H0Z M60 10H310V50H60Z","windingRule":"EVENODD"}]"#
        let hole = try #require(try contrastFinding(nodes("""
        \(shape("12:1", solid("#000000"), at: box(110, 400, 370, 60), extra: straight + ring)),
        \(text("12:2", "Go", fill: solid("#FFFFFF"), at: box(200, 425, 179, 10), extra: straight))
        """, frameExtra: straight)))
        #expect(hole.outcome == .violation)
        #expect(hole.message == "Text contrast 1:1 (#FFFFFF on #FFFFFF) is below 4.5:1.")
        // Unreadable geometry counts as none: the box decides, check by eye.
        let unreadable = try #require(try contrastFinding(nodes("""
        \(shape("12:1", solid("#000000"), at: box(110, 400, 370, 60), extra: straight + #","fillGeometry":[{"path":"m0 0h370v60h-370z","windingRule":"NONZERO"}]"#)),
        \(text("12:2", "Go", fill: solid("#FFFFFF"), at: box(200, 425, 179, 10), extra: straight))
        """, frameExtra: straight)))
        #expect(unreadable.outcome == .incomplete)
    }

    // MARK: Sections, requested layers, missing nodes, encodings, names

    /// Figma's SECTION groups screens on the canvas ("Sections ... organize frames", the REST
    /// API's `SectionNode`): each frame in it is a screen, as top-level frames are; a section
    /// in a section is opened in turn; a section with no frame stays one screen.
    @Test func eachFrameInASectionIsAScreen() throws {
        func frame(_ id: String, _ name: String, x: Double) -> String {
            #"{"id":"\#(id)","name":"\#(name)","type":"FRAME",\#(box(x, 0, 390, 844)),"children":[\#(text(id + "t", "Title", fill: solid("#000000"), at: box(x + 20, 40, 200, 20)))]}"#
        }
        let section = #"{"id":"9:1","name":"Onboarding","type":"SECTION",\#(box(0, 0, 2565, 900)),"children":[\#(frame("1:1", "Welcome", x: 0)),{"id":"9:2","name":"Inner","type":"SECTION",\#(box(500, 0, 900, 900)),"children":[\#(frame("1:2", "Sign up", x: 500))]},\#(frame("1:3", "Done", x: 1000))]}"#
        let file = #"{"document":{"id":"0:0","type":"DOCUMENT","children":[{"id":"0:1","type":"CANVAS","name":"Page","children":[\#(section),{"id":"9:3","name":"Empty","type":"SECTION",\#(box(0, 1000, 400, 400)),"children":[]}]}]}}"#
        let s = try screens(file)
        #expect(s.map(\.name) == ["Welcome", "Sign up", "Done", "Empty"])
        #expect(s[0].document.platform == .ios && s[1].document.platform == .ios)
        #expect(s[1].document.pointer(of: 0) == "/document/children/0/children/0/children/1/children/0")
        // Requested directly, too.
        let requested = try screens(#"{"nodes":{"9:1":{"document":\#(section)}}}"#)
        #expect(requested.map(\.name) == ["Welcome", "Sign up", "Done"])
    }

    /// A `/nodes` answer of requested layers that are no frames (text styles) audits them: a
    /// screen each, their text stops with contrast `incomplete` (nothing says what they will
    /// be painted on); shapes without text are no screens.
    @Test func requestedLayersHoldingTextAreAudited() throws {
        let h1 = text("1:1", "Heading 1", fill: solid("#777777"), at: box(0, 0, 200, 40))
        let json = #"{"nodes":{"1:1":{"document":\#(h1)},"1:2":{"document":{"id":"1:2","name":"color-1","type":"RECTANGLE",\#(box(0, 100, 40, 40)),"fills":[\#(solid("#FF0000"))]}}}}"#
        let s = try screens(json)
        #expect(s.map(\.name) == ["Heading 1"])
        let doc = s[0].document
        #expect(doc.nodes.map(\.kind) == [.view, .text])
        #expect(doc.nodes[1].style?.backgroundKind == .unknown)
        let run = try audit(json)
        #expect(run.screens.count == 1)
        let report = run.screens[0].report
        #expect(report.analysis.elements.map(\.label) == ["Heading 1"])
        #expect(report.run.findings.contains { $0.rule == "text-contrast" && $0.outcome == .incomplete })
    }

    /// The API answers `null` for a requested id the file does not have: that is named, not
    /// read as a response without frames (nor audited without it).
    @Test func aNullNodeIsNodeNotFound() throws {
        let error = try #require(failure(#"{"nodes":{"1:1":{"document":{"id":"1:1","name":"A","type":"FRAME","children":[]}},"12:34":null}}"#))
        #expect(error.kind == .missing)
        #expect(error.message.hasPrefix("node not found: 12:34"))
        #expect(error.pointer == "/nodes/12:34")
    }

    /// UTF-16 (Windows editors, PowerShell's `>`) and UTF-32 are named with what to do, in every format.
    @Test func utf16IsNamed() throws {
        func error(_ bytes: [UInt8]) -> InputError? {
            switch Tree.audit(bytes) {
            case .success: return nil
            case .failure(let error): return error
            }
        }
        let json = #"{"nodes":{}}"#
        let le: [UInt8] = [0xFF, 0xFE] + json.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = json.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let xml: [UInt8] = "<hierarchy/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [le, be, xml] {
            #expect(error(bytes)?.message == "the file is UTF-16; save it as UTF-8")
        }
        let utf32: [UInt8] = [0xFF, 0xFE, 0, 0] + json.unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] }
        #expect(error(utf32)?.message == "the file is UTF-32; save it as UTF-8")
        #expect(error(Array("{\"root\": 1}".utf8))?.message.contains("UTF") == false)
    }

    /// A role word followed by a noun naming what the layer is, in the same part of the name,
    /// is a modifier: "Button Sheet" is a sheet, "Tab Bar" a bar, "Input Label" a label. The
    /// head word decides ("Search Icon" is an icon), the first part of a component path is its
    /// category ("Icons/Search"), and a plural in the last part is a group ("Buttons").
    @Test func roleWordsBeforeAContainerNounGuessNothing() {
        for name in ["Button Sheet", "Button Group", "Tab Bar", "Input Label", "Search Results", "Checkbox Label", "Switch Track",
                     "Radio Group", "Link Preview Card", "button-sheet", "ButtonSheet", "Buttons", "Icons", "Sheets/Card"] {
            #expect(FigmaRoles.guess(name) == nil, "\(name)")
        }
        let expected: [(String, NodeKind)] = [("Primary Button", .button), ("Button", .button), ("Icon Button", .button),
            ("Button/Primary/Large", .button), ("Sheets/Close Button", .button), ("Text Field", .textField),
            ("Search Bar", .textField), ("Password Field", .secureTextField), ("Tab", .tab), ("Avatar", .image),
            ("Card/Button Group/Button", .button), ("Search Icon", .image), ("Icons/Search", .image), ("Radio Button", .toggle),
            ("Buttons/Primary", .button), ("Tab Button", .tab), ("(button)PayNow", .button), ("Input / Email", .textField)]
        for (name, kind) in expected { #expect(FigmaRoles.guess(name) == kind, "\(name)") }
    }
}
