import Testing
@testable import A11yCore
@testable import A11yModel
import A11yCoreTestSupport

/// Hostile sizes fail fast with a pointer instead of exhausting the stack or memory.
@Suite struct DecodingLimitsTests {
    private func failure(_ json: String, limits: DecodeLimits = .default) -> InputError? {
        Tree.failure(json, limits: limits)
    }

    @Test func hundredThousandOpenArraysAsTheDocument() throws {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(failure(json))
        #expect(error.kind == .type)
        #expect(error.pointer == "")
    }

    @Test func hundredThousandOpenArraysAsRoot() throws {
        let json = "{\"root\": " + String(repeating: "[", count: 100_000)
        let error = try #require(failure(json))
        #expect(error.kind == .type)
        #expect(error.pointer == "/root")
    }

    @Test func hundredThousandOpenArraysInAnUnknownField() throws {
        // Skipped values are still bounded by the JSON depth limit.
        let json = "{\"root\": {\"extra\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}"
        let error = try #require(failure(json))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/extra")
    }

    @Test func hundredThousandNestedChildren() throws {
        let open = String(repeating: "{\"children\": [", count: 100_000)
        let close = String(repeating: "]}", count: 100_000)
        let error = try #require(failure("{\"root\": \(open)\(close)}"))
        #expect(error.kind == .limit)
        // The first node past the depth limit (512 below root).
        #expect(error.pointer == "/root" + String(repeating: "/children/0", count: 513))
    }

    @Test func nodeDepthLimitIsInclusive() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{\"children\": [", count: depth) + "{}" + String(repeating: "]}", count: depth)
        }
        var limits = DecodeLimits()
        limits.maxNodeDepth = 3
        #expect(try Tree.decode("{\"root\": \(nested(3))}", limits: limits).nodes.count == 4)
        let error = try #require(failure("{\"root\": \(nested(4))}", limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/children/0/children/0/children/0/children/0")
    }

    @Test func defaultDepthOf512Analyzes() throws {
        let json = "{\"root\": " + String(repeating: "{\"type\": \"stack\", \"children\": [", count: 512)
            + "{\"type\": \"text\", \"text\": \"Deep\"}" + String(repeating: "]}", count: 512) + "}"
        let analysis = try Tree.analyze(json)
        #expect(analysis.labels == ["Deep"])
    }

    @Test func nodeCountLimit() throws {
        var limits = DecodeLimits()
        limits.maxNodes = 3
        #expect(try Tree.decode(#"{"root": {"children": [{}, {}]}}"#, limits: limits).nodes.count == 3)
        let error = try #require(failure(#"{"root": {"children": [{}, {"children": [{}]}]}}"#, limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/children/1/children/0")
    }

    /// Nodes store their positions in 32 bits, so no limit may admit more.
    @Test func nodeLimitStaysWithinThirtyTwoBits() {
        var limits = DecodeLimits()
        limits.maxNodes = .max
        #expect(limits.maxNodes == Int(Int32.max))
        limits.maxNodes = 10
        #expect(limits.maxNodes == 10)
    }

    @Test func syntheticChildrenCountTowardsTheNodeLimit() throws {
        var limits = DecodeLimits()
        limits.maxNodes = 2
        let error = try #require(failure(#"{"root": {"accessibilityChildren": [{}, {}]}}"#, limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/accessibilityChildren/1")
    }

    @Test func stringLengthLimit() throws {
        var limits = DecodeLimits()
        limits.maxStringBytes = 8
        #expect(try Tree.decode(#"{"root": {"label": "12345678"}}"#, limits: limits).nodes[0].label == "12345678")
        let error = try #require(failure(#"{"root": {"label": "123456789"}}"#, limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/label")
    }

    @Test func jsonDepthLimit() throws {
        var limits = DecodeLimits()
        limits.maxJSONDepth = 4
        // root object (1), node (2), children array (3), child node (4).
        #expect(try Tree.decode(#"{"root": {"children": [{}]}}"#, limits: limits).nodes.count == 2)
        let error = try #require(failure(#"{"root": {"children": [{"children": []}]}}"#, limits: limits))
        #expect(error.kind == .limit)
        #expect(error.pointer == "/root/children/0/children")
    }

    @Test func deeplyJoinedStrategiesFailFast() throws {
        let open = String(repeating: "{\"joined\": [", count: 100_000)
        let close = String(repeating: "]}", count: 100_000)
        let error = try #require(failure("{\"root\": {\"strategies\": {\"label\": \(open)\(close)}}}"))
        #expect(error.kind == .limit)
        // Four objects down to the first strategy, then two levels per `joined`: the array that
        // would be level 1,101 is the value at fault.
        let expected = "/root/strategies/label" + String(repeating: "/joined/0", count: 548) + "/joined"
        #expect(error.pointer == expected, "pointer has \(error.pointer.count) characters, expected \(expected.count)")
    }
}
