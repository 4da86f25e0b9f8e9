import A11yModel
/// What an audit has produced so far against `AuditBudget.maxOutputBytes`: the bytes of
/// texts and JSON Pointers its elements, identifiers, diagnostics and findings will write.
/// Charged as each is built, so a request that would answer too much stops (or stops
/// listing) before the memory is spent, not after.
package struct OutputMeter {
    let limit: Int
    private(set) var used = 0
    /// The pointer prefix of the screen being audited ("" or "/screens/N"), for pointer
    /// lengths and errors: one meter serves every screen of a batch.
    package var pointerPrefix: String { didSet { prefixBytes = pointerPrefix.utf8.count } }
    private var prefixBytes: Int
    /// The source map of the screen being audited when it was imported (an Android dump, an
    /// iOS page source): its pointers are then element paths, in errors and in lengths.
    package var sourceMap: SourceMap?

    package init(limit: Int, pointerPrefix: String, sourceMap: SourceMap? = nil) {
        self.limit = limit
        self.pointerPrefix = pointerPrefix
        self.sourceMap = sourceMap
        prefixBytes = pointerPrefix.utf8.count
    }

    /// A meter for auditing `document` alone, against `budget`'s output limit.
    package init(_ budget: AuditBudget, for document: Document) {
        self.init(limit: budget.maxOutputBytes, pointerPrefix: document.pointerPrefix, sourceMap: document.sourceMap)
    }

    /// Bytes only findings may use, on top of `limit` (a quarter of it): elements, identifiers
    /// and element paths charged first cannot leave the findings nothing, so a budget spent on
    /// a deep tree's paths still lists its findings. Findings draw on it before the shared limit.
    var findingReserve: Int { limit / 4 }
    private(set) var reserveUsed = 0

    var remaining: Int { limit - used }

    /// Adds `bytes` of a listed finding: from the findings' reserve while it lasts, then from
    /// the shared limit; false (nothing added) when neither can pay.
    package mutating func chargeFinding(_ bytes: Int) -> Bool {
        let fromReserve = min(bytes, max(0, findingReserve - reserveUsed))
        guard charge(bytes - fromReserve) else { return false }
        reserveUsed += fromReserve
        return true
    }

    /// Adds `bytes` when they fit; false (nothing added) when they would pass the limit.
    @inline(__always)
    mutating func charge(_ bytes: Int) -> Bool {
        guard bytes <= limit - used else { return false }
        used += bytes
        return true
    }

    /// Adds `bytes`, or throws `.limit` at node `node`'s pointer when they would pass the limit.
    @inline(__always)
    mutating func charge(_ bytes: Int, at node: Int, in nodes: [Node], what: StaticString) throws(InputError) {
        guard !charge(bytes) else { return }
        throw exceeded(at: node, in: nodes, what: what)
    }

    @inline(never)
    private func exceeded(at node: Int, in nodes: [Node], what: StaticString) -> InputError {
        InputError(.limit, "\(what) would make the answer larger than its budget of \(limit) bytes of texts and pointers (AuditBudget.maxOutputBytes)",
                         at: Document.pointer(of: node, in: nodes, prefix: pointerPrefix, sourceMap: sourceMap))
    }

    /// Keeps at most `maxEntries` of each diagnostic's related nodes, as many as the meter can
    /// pay for (each written as its pointer in quotes, with a comma), and counts the rest in
    /// `relatedOmitted`. The kept entries are a list of their own: many diagnostics may share
    /// one long list (N contents naming one identifier of N sources), which is not kept N times.
    mutating func listRelated(of diagnostics: inout [Diagnostic], maxEntries: Int, in nodes: [Node]) {
        for d in diagnostics.indices where !diagnostics[d].related.isEmpty {
            let related = diagnostics[d].related
            var kept: [Int] = []
            for node in related.prefix(maxEntries) {
                guard charge(pointerBytes(of: node, in: nodes) + 3) else { break }
                kept.append(node)
            }
            diagnostics[d].relatedOmitted += related.count - kept.count
            diagnostics[d].related = kept
        }
    }

    /// Bytes of a reference to `node`: its entry in the screen's path table, paid by each
    /// reference (the index itself is a fixed-size field, like the markup) (`NodePaths`, at most `nodePathSpan` steps, estimated without
    /// walking up: "/root" and twelve bytes a level, "/children/" and two digits). Levels
    /// with 100 or more siblings and synthetic children write a little more; `AuditBudget`'s
    /// response bound leaves room for that. An imported document's steps are measured by its
    /// source map (an element path bounded by its longest step a level; a Figma file's stored
    /// JSON Pointer exactly).
    package func pointerBytes(of node: Int, in nodes: [Node]) -> Int {
        let levels = min(nodes[node].depth, nodePathSpan)
        if let sourceMap { return prefixBytes + sourceMap.pathBytes(of: node, depth: levels) }
        return prefixBytes + 5 + 12 * levels
    }
}
