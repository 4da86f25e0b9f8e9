import Foundation
import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yReports
import A11yCoreTestSupport

/// Every sample tree in Examples/ (one per seed example) audited through the facade and
/// the response encoder, checking what a client receives.
@Suite struct ExamplesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// What a client reads from the response for each element.
    struct Wire: Equatable, CustomStringConvertible {
        var label: String?
        var value: String?
        var traits: [String]
        var identifier: String?
        var actions: [String]
        var spoken: String
        /// Read after the pause; nil when the response says null.
        var spokenHint: String? = nil
        var hint: String? = nil
        var nodes: [String]
        var description: String { "\(label ?? "nil") | \(value ?? "nil") | \(traits) | \(identifier ?? "nil") | \(actions) | \(spoken) | \(spokenHint ?? "nil") | \(nodes)" }
    }

    struct Response {
        var elements: [Wire]
        var identifiers: [[String: String?]]
        var customContent: [[[String: String]]]
    }

    static func audit(_ name: String) throws -> Response {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        let report = try Tree.report(Array(data))
        let body = ResponseEncoder.json(report, pretty: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let identifiers = try #require(object["identifiers"] as? [[String: Any]])
        // Nodes are entries of the screen's path table; each resolves to its whole pointer.
        let paths = try #require(object["paths"] as? [[String: Any]])
        func pointer(_ i: Any?) -> String {
            guard let i = i as? Int, i < paths.count else { return "?" }
            let own = paths[i]["pointer"] as? String ?? "?"
            return paths[i]["parent"].map { pointer($0) + own } ?? own
        }
        return Response(
            elements: elements.map { e in
                Wire(label: e["label"] as? String, value: e["value"] as? String, traits: e["traits"] as? [String] ?? ["?"],
                     identifier: e["identifier"] as? String, actions: e["actions"] as? [String] ?? ["?"],
                     spoken: e["spoken"] as? String ?? "?", spokenHint: e["spokenHint"] as? String, hint: e["hint"] as? String,
                     nodes: (e["nodes"] as? [Int])?.map(pointer) ?? ["?"])
            },
            identifiers: identifiers.map { i in i.mapValues { $0 as? String }.merging(["node": pointer(i["node"])]) { $1 } },
            customContent: elements.map { e in
                (e["customContent"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
            })
    }

    @Test func everyExampleIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == [
            "chart-canvas-synthetic-children.json", "checkout-with-problems.json",
            "combinable-single-interactive-child.json", "custom-alert-modal.json",
            "form-field-deferred-error.json", "login-form-nested-ids.json", "movie-card-and-row-combined.json",
            "rddm-cell-strategies.json", "section-with-header-contained.json", "settings-row-labeled-pair.json",
            "statement-list-and-table.json",
        ])
    }

    /// The README's screen with problems: each planted problem is reported once, in reading order.
    @Test func checkoutWithProblems() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("checkout-with-problems.json"))
        let report = try Tree.report(Array(data))
        let found = report.run.findings.map { "\(report.analysis.document.nodes[$0.node].id ?? "?") \($0.rule)" }
        #expect(found == [
            "close control-name", "close target-size",
            "total text-contrast", "total text-scaling",
            "terms label-role-words", "terms link-purpose",
            "promo auto-advance-reduce-motion", "promo carousel-announcement", "promo carousel-announcement",
            "pay label-role-words", "pay label-trailing-period", "pay text-contrast",
        ])
        #expect(report.run.fails(.default))
    }

    @Test func chartCanvasSyntheticChildren() throws {
        let r = try Self.audit("chart-canvas-synthetic-children.json")
        #expect(r.elements.map(\.spoken) == ["Jan: 120", "Feb: 150", "Mar: 90"])
        #expect(r.elements.map(\.nodes) == [["/root/accessibilityChildren/0"], ["/root/accessibilityChildren/1"], ["/root/accessibilityChildren/2"]])
    }

    @Test func combinableSingleInteractiveChild() throws {
        let r = try Self.audit("combinable-single-interactive-child.json")
        try #require(r.elements.count == 2)
        let wifi = r.elements[0], volume = r.elements[1]
        #expect(wifi.label == "Wi-Fi")
        #expect(wifi.value == "1")
        #expect(wifi.traits == ["button", "staticText", "toggleButton"])
        #expect(wifi.actions == [])
        #expect(wifi.spoken == "Wi-Fi. Switch Button. On.")
        #expect(wifi.spokenHint == "Double tap to toggle setting.")
        #expect(wifi.nodes == ["/root/children/0", "/root/children/0/children/0", "/root/children/0/children/1"])
        #expect(volume.label == "Alerts")
        #expect(volume.value == "50%, Off")
        #expect(volume.traits == ["staticText"])
        #expect(volume.actions == ["Volume: 50%", "Increment Volume", "Decrement Volume", "Mute: Off"])
        #expect(volume.spoken == "Alerts: 50%, Off")
    }

    @Test func customAlertModal() throws {
        let r = try Self.audit("custom-alert-modal.json")
        #expect(r.elements.map(\.spoken) == ["Delete this item?", "Cancel. Button.", "Delete. Button."])
        #expect(r.elements.map(\.nodes) == [["/root/children/2/children/0"], ["/root/children/2/children/1/children/0"],
                                            ["/root/children/2/children/1/children/1"]])
    }

    @Test func formFieldDeferredError() throws {
        let r = try Self.audit("form-field-deferred-error.json")
        try #require(r.elements.count == 1)
        let e = r.elements[0]
        #expect(e.label == "Email, We never share your email, Invalid input")
        #expect(e.value == "jane@")
        #expect(e.spoken == "Email, We never share your email, Invalid input: jane@. Text Field.")
        #expect(e.spokenHint == "Double tap to edit.")
        // The text sources' trait comes with their text (Blueprint's merge unions traits).
        #expect(e.traits == ["staticText"])
        #expect(e.nodes == ["/root/children/0", "/root/children/1", "/root/children/2"])
        #expect(r.customContent[0] == [
            ["label": "We never share your email", "value": "", "importance": "default"],
            ["label": "Error", "value": "Invalid input", "importance": "high"],
        ])
    }

    @Test func loginFormNestedIds() throws {
        let r = try Self.audit("login-form-nested-ids.json")
        #expect(r.elements.map(\.label) == ["Sign in", "Email", "SIGN IN", "New here?", "CREATE ACCOUNT"])
        #expect(r.elements.map(\.identifier) == ["login.title", "login.email", "login.signin.button",
                                                 "login.registration.title", "login.registration.button"])
        #expect(r.elements.map(\.spoken) == ["Sign in. Heading.", "Email. Text Field.", "SIGN IN. Button.", "New here?", "CREATE ACCOUNT. Button."])
        #expect(r.identifiers == [
            ["node": "/root", "id": "login", "identifier": "login"],
            ["node": "/root/children/0", "id": "signin-title", "identifier": "login.title"],
            ["node": "/root/children/1", "id": "email", "identifier": "login.email"],
            ["node": "/root/children/2", "id": "registration", "identifier": "login.registration"],
            ["node": "/root/children/2/children/0", "id": "registration-title", "identifier": "login.registration.title"],
            ["node": "/root/children/2/children/1", "id": "registration-button", "identifier": "login.registration.button"],
            ["node": "/root/children/2/children/1/children/0", "id": "register", "identifier": "login.registration.button"],
            ["node": "/root/children/3", "id": "signin", "identifier": "login.signin.button"],
        ])
    }

    @Test func movieCardAndRowCombined() throws {
        let r = try Self.audit("movie-card-and-row-combined.json")
        try #require(r.elements.count == 3)
        let card = r.elements[0], row = r.elements[1], favorite = r.elements[2]
        #expect(card.label == "Movie poster, Inception, 2010")
        #expect(card.nodes == ["/root/children/0", "/root/children/0/children/0", "/root/children/0/children/1/children/0",
                               "/root/children/0/children/1/children/1"])
        #expect(row.label == "Inception, PG-13")
        #expect(row.actions == ["Add to Watchlist", "Share"])
        #expect(row.spoken == "Inception, PG-13")
        #expect(favorite.label == "Inception")
        #expect(favorite.actions == ["Favorite", "Share"])
        #expect(!favorite.traits.contains("button"))
        #expect(favorite.spoken == "Inception")
    }

    @Test func rddmCellStrategies() throws {
        let r = try Self.audit("rddm-cell-strategies.json")
        #expect(r.elements.map(\.spoken) == ["Show details: expanded, is animated: 1. Button.", "Notifications. Heading.", "Version 2.1"])
        #expect(r.elements.map(\.traits) == [["button"], ["header"], ["staticText"]])
        #expect(r.elements.map(\.nodes) == [
            ["/root/children/0", "/root/children/0/children/0", "/root/children/0/children/1"],
            ["/root/children/1", "/root/children/1/children/0"],
            ["/root/children/2/children/0"],
        ])
    }

    @Test func sectionWithHeaderContained() throws {
        let r = try Self.audit("section-with-header-contained.json")
        #expect(r.elements.map(\.spoken) == ["Trending. Heading.", "Dune, Science fiction. Button.", "Arrival, Drama. Button.", "Updated daily"])
    }

    /// A UIKit list (its accessibilityElements), a data table with header cells and a text
    /// area being edited, read as AccessibilitySnapshot's parser reads them (see
    /// UpstreamContainerTests): a value cell reads its column header, not its row's; the first
    /// cell of a row skips the column header right above it.
    @Test func statementListAndTable() throws {
        let r = try Self.audit("statement-list-and-table.json")
        #expect(r.elements.map(\.spoken) == [
            "Coffee, $4.50. List Start.", "Groceries, $62.10", "Rent, $1,200.00. List End.",
            "Month. Row 1. Column 1.", "Spent. Column 2.",
            "March. Row 2. Column 1.", "Spent. $1,266.60. Column 2.",
            "Month. April. Row 3. Column 1.", "Spent. $1,180.00. Column 2.",
            "Notes: Split rent with Sam. Text Field. Is editing.",
        ])
        #expect(r.elements.last?.spokenHint == "Use the rotor to access Misspelled Words")
    }

    @Test func settingsRowLabeledPair() throws {
        let r = try Self.audit("settings-row-labeled-pair.json")
        // `hint` stays the element's own (none); the adjust hint is what is read after the pause.
        #expect(r.elements == [Wire(label: "Volume", value: "50%", traits: ["adjustable"], identifier: nil, actions: [],
                                    spoken: "Volume: 50%. Adjustable.",
                                    spokenHint: "Swipe up or down with one finger to adjust the value.", hint: nil,
                                    nodes: ["/root/children/1"])])
    }
}
