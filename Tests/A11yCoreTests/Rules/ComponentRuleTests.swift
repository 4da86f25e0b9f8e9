import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yRules
import A11yCoreTestSupport
import A11yTestSupport

/// The iOS SDK's accessible components: each component must read as the SDK document says.
@Suite struct ComponentRuleTests {
    func one(_ node: String) -> String { InlineTree.screen(node) }

    @Test func carousel() throws {
        let good = one(#"{"type": "carousel", "grouping": "combine", "label": "Carousel with 3 pages", "value": "Page 2 of 3", "hint": "Swipe to navigate between pages", "component": {"pages": 3, "currentPage": 1}}"#)
        #expect(try RuleFixture.findings(.carouselAnnouncement, good).isEmpty)
        let stale = one(#"{"type": "carousel", "grouping": "combine", "label": "Carousel with 3 pages", "value": "Page 1 of 3", "component": {"pages": 3, "currentPage": 1}}"#)
        let f = try RuleFixture.findings(.carouselAnnouncement, stale)
        #expect(f.count == 1)
        #expect(f.first?.string("expected") == "Page 2 of 3")
        #expect(f.first?.string("actual") == "Page 1 of 3")
        let unlabeled = one(#"{"type": "carousel", "grouping": "combine", "component": {"pages": 3}, "children": [{"type": "text", "text": "Summer sale"}]}"#)
        #expect(try RuleFixture.findings(.carouselAnnouncement, unlabeled).first?.string("expected") == "Carousel with 3 pages")
    }

    @Test func accordion() throws {
        let good = one(#"{"type": "accordion", "label": "Shipping", "value": "Collapsed", "traits": ["button"], "component": {"expanded": false}}"#)
        #expect(try RuleFixture.findings(.accordionState, good).isEmpty)
        let noTrait = one(#"{"type": "accordion", "label": "Shipping", "value": "Expanded", "component": {"expanded": true}}"#)
        #expect(try RuleFixture.findings(.accordionState, noTrait).map { $0.string("expected") } == ["button"])
        let wrongState = one(#"{"type": "accordion", "label": "Shipping", "value": "Collapsed", "traits": ["button"], "component": {"expanded": true}}"#)
        #expect(try RuleFixture.findings(.accordionState, wrongState).first?.string("expected") == "Expanded")
    }

    @Test func codeBlock() throws {
        let good = one(#"{"type": "codeBlock", "label": "Code block in Swift", "value": "12 lines of code", "component": {"language": "Swift", "lineCount": 12}}"#)
        #expect(try RuleFixture.findings(.codeBlockAnnouncement, good).isEmpty)
        let unknown = one(#"{"type": "codeBlock", "label": "Code block in unknown language", "component": {}}"#)
        #expect(try RuleFixture.findings(.codeBlockAnnouncement, unknown).isEmpty)
        let bad = one(#"{"type": "codeBlock", "label": "Code", "value": "12 lines of code", "component": {"language": "Swift", "lineCount": 12}}"#)
        #expect(try RuleFixture.findings(.codeBlockAnnouncement, bad).first?.string("expected") == "Code block in Swift")
    }

    @Test func ratingDisplay() throws {
        let good = one(#"{"type": "ratingDisplay", "label": "Rating: 4.5 out of 5 stars", "value": "120 reviews", "component": {"rating": 4.5, "maxRating": 5, "reviewCount": 120}}"#)
        #expect(try RuleFixture.findings(.ratingDisplayAnnouncement, good).isEmpty)
        // "%.1f" formatting: 4 reads "4.0".
        let whole = one(#"{"type": "ratingDisplay", "label": "Rating: 4.0 out of 5 stars", "component": {"rating": 4}}"#)
        #expect(try RuleFixture.findings(.ratingDisplayAnnouncement, whole).isEmpty)
        // Stars only, no text: the rating is not read at all.
        let stars = one(#"{"type": "ratingDisplay", "component": {"rating": 4.5}, "children": [{"type": "image", "label": "star"}]}"#)
        let f = try RuleFixture.findings(.ratingDisplayAnnouncement, stars)
        #expect(f.count == 1)
        #expect(f.first?.wcag == ["1.1.1"])
    }

    @Test func ratingInput() throws {
        let good = one(#"{"type": "ratingInput", "label": "Rate from 1 to 5 stars", "value": "4 stars selected", "traits": ["button"], "component": {"rating": 4, "maxRating": 5}}"#)
        #expect(try RuleFixture.findings(.ratingInputAnnouncement, good).isEmpty)
        let none = one(#"{"type": "ratingInput", "label": "Rate from 1 to 5 stars", "value": "No rating selected", "traits": ["button"], "component": {"maxRating": 5}}"#)
        #expect(try RuleFixture.findings(.ratingInputAnnouncement, none).isEmpty)
        let bad = one(#"{"type": "ratingInput", "label": "Rate from 1 to 5 stars", "value": "4", "component": {"rating": 4, "maxRating": 5}}"#)
        #expect(try RuleFixture.findings(.ratingInputAnnouncement, bad).map { $0.string("expected") } == ["4 stars selected", "button"])
    }

    @Test func progressBar() throws {
        let good = one(#"{"type": "progressBar", "label": "Upload", "value": "42% complete", "component": {"progress": 0.42}}"#)
        #expect(try RuleFixture.findings(.progressAnnouncement, good).isEmpty)
        // The SDK truncates: 0.425 may read 42% or 43%.
        let truncated = one(#"{"type": "progressBar", "label": "Progress", "value": "42% complete", "component": {"progress": 0.425}}"#)
        #expect(try RuleFixture.findings(.progressAnnouncement, truncated).isEmpty)
        let bad = one(#"{"type": "progressBar", "isAccessibilityElement": true, "value": "0.42", "component": {"progress": 0.42}}"#)
        let f = try RuleFixture.findings(.progressAnnouncement, bad)
        #expect(f.map { $0.string("expected") } == ["Progress", "42% complete"])
        // Without label or element flag the bar is never visited.
        let hidden = one(#"{"type": "progressBar", "component": {"progress": 0.42}}"#)
        #expect(try RuleFixture.findings(.progressAnnouncement, hidden).first?.message.contains("not exposed") == true)
    }

    @Test func spinner() throws {
        let good = one(#"{"type": "spinner", "label": "Loading", "value": "In progress"}"#)
        #expect(try RuleFixture.findings(.spinnerAnnouncement, good).isEmpty)
        let bad = one(#"{"type": "spinner", "label": "Loading"}"#)
        #expect(try RuleFixture.findings(.spinnerAnnouncement, bad).first?.string("expected") == "In progress")
        // A spinner the screen reader never visits.
        #expect(try RuleFixture.findings(.spinnerAnnouncement, one(#"{"type": "spinner"}"#)).count == 1)
    }

    func tabSet(selected: String, homeValue: String, searchValue: String, searchTraits: String = #"["button"]"#) -> String {
        one("""
            {"type": "tabSet", "component": {"tabs": [{"id": "home", "title": "Home"}, {"id": "search", "title": "Search"}], "selectedTab": "\(selected)"},
             "children": [
               {"type": "view", "label": "Tab Home", "value": "\(homeValue)", "traits": ["button"], "frame": {"x": 0, "y": 800, "width": 100, "height": 44}},
               {"type": "view", "label": "Tab Search", "value": "\(searchValue)", "traits": \(searchTraits), "frame": {"x": 100, "y": 800, "width": 100, "height": 44}}]}
            """)
    }

    @Test func tabSetSelection() throws {
        #expect(try RuleFixture.findings(.tabSetSelection, tabSet(selected: "home", homeValue: "Selected", searchValue: "")).isEmpty)
        let stale = try RuleFixture.findings(.tabSetSelection, tabSet(selected: "search", homeValue: "Selected", searchValue: ""))
        #expect(stale.map { $0.string("tab") } == ["Home", "Search"])
        let notButton = tabSet(selected: "home", homeValue: "Selected", searchValue: "", searchTraits: "[]")
        #expect(try RuleFixture.findings(.tabSetSelection, notButton).map { $0.string("tab") } == ["Search"])
        let missing = one(#"{"type": "tabSet", "component": {"tabs": [{"title": "Home"}], "selectedTab": "Home"}}"#)
        #expect(try RuleFixture.findings(.tabSetSelection, missing).first?.message.contains("not exposed") == true)
    }
}
