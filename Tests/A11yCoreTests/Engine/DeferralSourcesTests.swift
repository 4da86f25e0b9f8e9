import Testing
@testable import A11yCore
@testable import A11yEngines

/// A container's deferred content finds every source with its identifier, in document order,
/// whether the container has a few sources or many.
@Suite struct DeferralSourcesTests {
    /// `count` sources cycling through ids "s0" ... "s4", at nodes 100, 101, ...
    private func sources(_ count: Int) -> DeferralSources {
        var sources = DeferralSources()
        for k in 0..<count { sources.add("s\(k % 5)", node: 100 + k) }
        return sources
    }

    @Test(arguments: [3, 12, 16, 17, 40])
    func findsEverySourceOfAnIdentifierInOrder(count: Int) {
        let found = sources(count)
        for id in 0..<5 {
            let expected = stride(from: id, to: count, by: 5).map { 100 + $0 }
            #expect(found.nodes(for: "s\(id)") == expected)
        }
        #expect(found.nodes(for: "missing").isEmpty)
    }
}
