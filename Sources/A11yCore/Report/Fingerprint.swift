/// The identity of a finding across runs, used for SARIF `partialFingerprints` and baselines.
///
/// Scheme `a11yAudit/v1`: a 128-bit FNV-1a hash (hex) of the rule id and the most stable
/// identity the node has, tried in this order:
/// 1. the author `id` (`id:<id>`);
/// 2. the composed nested identifier (`nested:<identifier>`);
/// 3. the explicit accessibility `identifier` (`identifier:<identifier>`);
/// 4. a path of `type[label or text]#n` steps up to the nearest ancestor that has one of the
///    above (or the root), where `n` counts earlier siblings with the same type and label.
/// Array indices never enter it, so inserting, removing or moving unrelated nodes — and moving
/// a node with an id anywhere — keeps the fingerprint. Changing the node's own label (for a
/// node without ids), its type, or its id yields a new one: for a baseline the old finding is
/// then "fixed" and the new one "new". Frames and messages are left out on purpose: a
/// contrast ratio or a layout shift does not make it a different problem.
public enum Fingerprint {
    /// Key in SARIF `partialFingerprints`; bump the version when the scheme changes.
    public static let scheme = "a11yAudit/v1"

    /// One finding's fingerprint. For many findings of one screen use `Fingerprinter`,
    /// which counts each parent's children once instead of once per finding.
    public static func of(_ finding: Finding, in analysis: Analysis) -> String {
        var fingerprinter = Fingerprinter(analysis)
        return fingerprinter.fingerprint(finding)
    }

    public static func of(rule: String, node: Int, in analysis: Analysis) -> String {
        var fingerprinter = Fingerprinter(analysis)
        return fingerprinter.fingerprint(rule: rule, node: node)
    }

    /// The readable identity the hash is taken over (documented above).
    public static func identity(of node: Int, in analysis: Analysis) -> String {
        var fingerprinter = Fingerprinter(analysis)
        return fingerprinter.identity(of: node)
    }

    /// Two FNV-1a 64-bit passes with different offset bases: deterministic across processes
    /// (unlike `Hasher`) and wide enough that unrelated findings do not collide in practice.
    static func hash(_ text: String) -> String { hash(parts: [text]) }

    /// The hash of the parts' concatenation, without building it.
    static func hash(parts: [String]) -> String {
        var state = FNVPair()
        for part in parts { state.add(part) }
        return state.hex
    }
}

/// The two FNV-1a 64-bit states behind `Fingerprint.hash`, fed part by part.
struct FNVPair {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in for byte in utf8 { add(byte) } }
    }

    @inline(__always)
    mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* FNVPair.prime
        b = (b ^ UInt64(byte ^ 0x5A)) &* FNVPair.prime
    }

    /// Both states as 16 lowercase hex digits each, zero-padded, written in place.
    var hex: String {
        String(unsafeUninitializedCapacity: 32) { out in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for i in 0..<16 {
                    let shift = UInt64(60 - 4 * i)
                    out[i] = digits[Int(a >> shift & 0xF)]
                    out[16 + i] = digits[Int(b >> shift & 0xF)]
                }
            }
            return 32
        }
    }
}

/// Fingerprints for the findings of one screen, with the sibling counts cached per parent.
public struct Fingerprinter {
    public let analysis: Analysis
    /// Per node: number of earlier siblings with the same type and label (-1 until its
    /// parent's children are counted). Arrays, not dictionaries: every finding looks here.
    private var ordinal: [Int]
    /// Per node: its identity, for nodes asked about and their ancestors up to the anchor.
    private var identities: [String?]

    public init(_ analysis: Analysis) {
        self.analysis = analysis
        ordinal = Array(repeating: -1, count: analysis.document.nodes.count)
        identities = Array(repeating: nil, count: analysis.document.nodes.count)
    }

    public mutating func fingerprint(_ finding: Finding) -> String {
        fingerprint(rule: finding.rule, node: finding.node)
    }

    public mutating func fingerprint(rule: String, node: Int) -> String {
        var state = FNVPair()
        state.add(rule)
        state.add(0)
        state.add(identity(of: node))
        return state.hex
    }

    /// Built from the parent's identity, which is cached: findings cluster on few subtrees,
    /// so most steps are looked up rather than walked again.
    public mutating func identity(of node: Int) -> String {
        if let known = identities[node] { return known }
        let document = analysis.document
        // Walk up to the nearest node whose identity is known or anchored (bounded by the
        // decoder's depth cap), then build identities back down, caching each.
        var chain: [Int] = []
        var current = node
        var base: String
        while true {
            if let known = identities[current] { base = known; break }
            if let anchor = anchor(of: current) { base = anchor; identities[current] = anchor; break }
            guard let parent = document.nodes[current].parent else { base = "root"; identities[current] = base; break }
            chain.append(current)
            current = parent
        }
        for child in chain.reversed() {
            let parent = document.nodes[child].parent!
            base += "/" + (document.nodes[child].isSynthetic ? "~" : "") + Fingerprinter.stepKey(document.nodes[child])
                + "#" + String(ordinal(of: child, parent: parent))
            identities[child] = base
        }
        return base
    }

    private func anchor(of index: Int) -> String? {
        let node = analysis.document.nodes[index]
        if let id = node.id, !id.isEmpty { return "id:" + id }
        if index < analysis.composedIdentifier.count, let composed = analysis.composedIdentifier[index], !composed.isEmpty {
            return "nested:" + composed
        }
        if let identifier = node.identifier, !identifier.isEmpty { return "identifier:" + identifier }
        return nil
    }

    private mutating func ordinal(of index: Int, parent: Int) -> Int {
        if ordinal[index] >= 0 { return ordinal[index] }
        let document = analysis.document
        for siblings in [document.children(of: parent), document.syntheticChildren(of: parent)] {
            var seen: [String: Int] = [:]
            for sibling in siblings {
                let key = Fingerprinter.stepKey(document.nodes[sibling])
                ordinal[sibling] = seen[key, default: 0]
                seen[key, default: 0] += 1
            }
        }
        return max(ordinal[index], 0)
    }

    private static func stepKey(_ node: Node) -> String {
        node.typeName + "[" + (node.label ?? node.text ?? "") + "]"
    }
}
