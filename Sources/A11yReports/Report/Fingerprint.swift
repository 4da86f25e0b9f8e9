import A11yEngines
import A11yJSON
import A11yModel
import A11yRules
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
        text.withBorrowedUTF8 { add($0) }
    }

    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    @inline(__always)
    mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* FNVPair.prime
        b = (b ^ UInt64(byte ^ 0x5A)) &* FNVPair.prime
    }

    /// Both states as 16 lowercase hex digits each, zero-padded.
    var hex: String {
        String(unsafeUninitializedCapacity: 32) { out in
            writeHex(to: out.baseAddress!)
            return 32
        }
    }

    /// `hex` written to `out` (32 bytes), so a response needs no String per fingerprint.
    func writeHex(to out: UnsafeMutablePointer<UInt8>) {
        FNVPair.writeHex(a, to: out)
        FNVPair.writeHex(b, to: out + 16)
    }

    /// 16 hex digits of `value`, a byte (two digits, one 16-bit move from `hexPairs`) at a time.
    @inline(__always)
    private static func writeHex(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = UnsafeRawPointer(hexPairs.utf8Start), target = UnsafeMutableRawPointer(out)
        for i in 0..<8 {
            let byte = Int(truncatingIfNeeded: value >> UInt64(56 - 8 * i)) & 0xFF
            target.storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 &* byte, as: UInt16.self), toByteOffset: 2 &* i, as: UInt16.self)
        }
    }

    /// "00" through "ff", for writing two hex digits per lookup.
    private static let hexPairs: StaticString = """
        000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\
        202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f\
        404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f\
        606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f\
        808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\
        a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\
        c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf\
        e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
        """
}

/// Fingerprints for the findings of one screen, with the sibling counts cached per parent.
public struct Fingerprinter {
    // Of the analysis, only the three arrays a fingerprint is made from.
    private let nodes: [Node], childStorage: [Int], composedIdentifier: [String?]
    /// Per node, what has been worked out so far: one array, not a dictionary, since every
    /// finding looks here.
    private var facts: [NodeFacts]
    /// Identities of the nodes asked about and their ancestors up to the anchor, as UTF-8.
    /// Bytes in one buffer rather than a String per node: identities are only hashed, and a
    /// child's starts with a copy of its parent's. Sized so a typical screen's findings fit.
    private var identityBytes = ByteBuffer(capacity: 1024)

    private struct NodeFacts {
        /// Earlier siblings with the same type and label; -1 until its parent's children are counted.
        var ordinal = -1
        /// Where its identity sits in `identityBytes`; `identityEnd` is -1 until it is built.
        var identityStart = 0, identityEnd = -1
        /// While an identity is built: the child on the way down to the node asked about.
        var below = -1

        var identity: Range<Int>? {
            get { identityEnd < 0 ? nil : identityStart..<identityEnd }
            set { (identityStart, identityEnd) = newValue.map { ($0.lowerBound, $0.upperBound) } ?? (0, -1) }
        }
    }

    public init(_ analysis: Analysis) {
        self.init(nodes: analysis.document.nodes, childStorage: analysis.document.childStorage,
                  composedIdentifier: analysis.composedIdentifier)
    }

    /// From the arrays it reads, for writers that reach them through a report.
    init(nodes: [Node], childStorage: [Int], composedIdentifier: [String?]) {
        self.nodes = nodes
        self.childStorage = childStorage
        self.composedIdentifier = composedIdentifier
        facts = Array(repeating: NodeFacts(), count: nodes.count)
    }

    public mutating func fingerprint(_ finding: Finding) -> String {
        digest(rule: finding.rule, node: finding.node).hex
    }

    public mutating func fingerprint(rule: String, node: Int) -> String {
        digest(rule: rule, node: node).hex
    }

    /// The hash behind `fingerprint`, for writers that put its hex digits into the output.
    mutating func digest(rule: String, node: Int) -> FNVPair {
        let span = identitySpan(of: node)
        var state = FNVPair()
        state.add(rule)
        state.add(0)
        identityBytes.withBytes(in: span) { state.add($0) }
        return state
    }

    public mutating func identity(of node: Int) -> String {
        let span = identitySpan(of: node)
        return identityBytes.withBytes(in: span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Built from the parent's identity, which is cached: findings cluster on few subtrees,
    /// so most steps are looked up rather than walked again.
    private mutating func identitySpan(of node: Int) -> Range<Int> {
        if let known = facts[node].identity { return known }
        let nodes = self.nodes
        // Walk up to the nearest node whose identity is known or anchored (bounded by the
        // decoder's depth cap), then build identities back down, caching each.
        var current = node
        var base: Range<Int>
        while true {
            if let known = facts[current].identity { base = known; break }
            if let anchor = appendAnchor(of: current, nodes) { base = anchor; facts[current].identity = anchor; break }
            guard let parent = nodes[current].parent else {
                base = appendIdentity { $0.append("root") }
                facts[current].identity = base
                break
            }
            facts[parent].below = current
            current = parent
        }
        while current != node {
            let child = facts[current].below
            let ordinal = ordinal(of: child, parent: current, nodes)
            base = appendStep(after: base, isSynthetic: nodes[child].isSynthetic, type: nodes[child].typeName,
                              label: nodes[child].label ?? nodes[child].text ?? "", ordinal: ordinal)
            facts[child].identity = base
            current = child
        }
        return base
    }

    /// `<parent>/[~]type[label]#ordinal` with one reservation (stepKey, as bytes).
    private mutating func appendStep(after parent: Range<Int>, isSynthetic: Bool, type: String, label: String,
                                     ordinal: Int) -> Range<Int> {
        let start = identityBytes.count
        let digits = JSONWriter.digitCount(UInt64(ordinal))
        type.withBorrowedUTF8 { type in
            label.withBorrowedUTF8 { label in
                identityBytes.reserve(parent.count + 5 + type.count + label.count + digits)
                identityBytes.appendCopyReserved(of: parent)
                identityBytes.appendReserved(UInt8(ascii: "/"))
                if isSynthetic { identityBytes.appendReserved(UInt8(ascii: "~")) }
                identityBytes.appendReserved(type)
                identityBytes.appendReserved(UInt8(ascii: "["))
                identityBytes.appendReserved(label)
                identityBytes.appendReserved(UInt8(ascii: "]"))
                identityBytes.appendReserved(UInt8(ascii: "#"))
                JSONWriter.writeDigits(UInt64(ordinal), count: digits, at: identityBytes.tail)
                identityBytes.advance(digits)
            }
        }
        return start..<identityBytes.count
    }

    private mutating func appendIdentity(_ write: (inout ByteBuffer) -> Void) -> Range<Int> {
        let start = identityBytes.count
        write(&identityBytes)
        return start..<identityBytes.count
    }

    private mutating func appendAnchor(of index: Int, _ nodes: [Node]) -> Range<Int>? {
        if let id = nodes[index].id, !id.isEmpty { return appendIdentity { $0.append("id:"); $0.append(id) } }
        if index < composedIdentifier.count, let composed = composedIdentifier[index], !composed.isEmpty {
            return appendIdentity { $0.append("nested:"); $0.append(composed) }
        }
        // The flag first: most nodes have no identifier.
        if nodes[index].has(.nonEmptyIdentifier), let identifier = nodes[index].identifier, !identifier.isEmpty {
            return appendIdentity { $0.append("identifier:"); $0.append(identifier) }
        }
        return nil
    }

    /// Short sibling lists are scanned back from the node, comparing fields rather than building
    /// key Strings, and only to the nearest earlier sibling with the same step whose ordinal is
    /// known: findings on the rows of a list then cost a step each, not a rescan from the first.
    /// Long lists are counted once into a dictionary so a wide parent stays linear.
    private mutating func ordinal(of index: Int, parent: Int, _ nodes: [Node]) -> Int {
        if facts[index].ordinal >= 0 { return facts[index].ordinal }
        let siblings = childStorage[nodes[index].isSynthetic ? nodes[parent].syntheticChildRange : nodes[parent].childRange]
        if siblings.count <= 32 {
            let type = nodes[index].typeName, typeLength = type.utf8.count
            var count = 0
            var position = siblings.firstIndex(of: index) ?? siblings.startIndex
            while position > siblings.startIndex {
                position -= 1
                let sibling = siblings[position]
                guard Fingerprinter.sameStep(sibling, as: index, type: type, typeLength: typeLength, nodes) else { continue }
                if facts[sibling].ordinal >= 0 {
                    count += facts[sibling].ordinal + 1
                    break
                }
                count += 1
            }
            facts[index].ordinal = count
            return count
        }
        var seen: [String: Int] = [:]
        for sibling in siblings {
            let key = Fingerprinter.stepKey(nodes[sibling])
            facts[sibling].ordinal = seen[key, default: 0]
            seen[key, default: 0] += 1
        }
        return max(facts[index].ordinal, 0)
    }

    /// Whether `sibling` has the same `type[label]` step as `index` (whose type is given).
    private static func sameStep(_ sibling: Int, as index: Int, type: String, typeLength: Int, _ nodes: [Node]) -> Bool {
        // Lengths first: most siblings differ in type, and then no bytes need comparing.
        let otherLength = nodes[sibling].typeNameUTF8Count
        if otherLength == typeLength { return nodes[sibling].typeNameEquals(type) && sameLabel(sibling, index, nodes) }
        // Different types give equal steps only when the longer type goes on from the shorter
        // with a "[" (one byte to test, not a scan).
        let longer = otherLength > typeLength ? nodes[sibling].typeName : type
        guard byte(of: longer, at: min(otherLength, typeLength)) == UInt8(ascii: "[") else {
            return false
        }
        return stepKey(nodes[sibling]) == stepKey(nodes[index])
    }

    /// Whether two nodes' `label ?? text ?? ""` agree, told from their flags where they can be
    /// (cheaper than reading the texts). The flags are exact because the decoder
    /// and every setter note them (`Node.note`).
    private static func sameLabel(_ a: Int, _ b: Int, _ nodes: [Node]) -> Bool {
        let aNamed = nodes[a].hasNonEmptyLabel, bNamed = nodes[b].hasNonEmptyLabel
        // Neither a non-empty label nor a non-empty text: the label part is "".
        let aBlank = !aNamed && !nodes[a].hasNonEmptyText, bBlank = !bNamed && !nodes[b].hasNonEmptyText
        if aBlank && bBlank { return true }
        if (aBlank && bNamed) || (bBlank && aNamed) { return false }
        return nodes[a].labelOrTextEquals(nodes[b].label ?? nodes[b].text ?? "")
    }

    /// The UTF-8 byte at `offset` (within the string).
    private static func byte(of text: String, at offset: Int) -> UInt8 {
        text.withBorrowedUTF8 { $0[offset] }
    }

    private static func stepKey(_ node: Node) -> String {
        node.typeName + "[" + (node.label ?? node.text ?? "") + "]"
    }
}
