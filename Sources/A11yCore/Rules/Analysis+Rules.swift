/// Lookups the rules and the runner share. Tolerant of partially filled per-node tables
/// (an analysis built by hand may leave them empty).
extension Analysis {
    /// Index of the element `node` belongs to, if any.
    public func element(ofNode node: Int) -> Int? {
        node < elementOfNode.count ? elementOfNode[node] : nil
    }

    public func reachable(_ node: Int) -> Bool {
        node < isReachable.count ? isReachable[node] : !document.nodes[node].hidden
    }

    /// Composed nested identifier, else the node's explicit identifier.
    public func identifier(ofNode node: Int) -> String? {
        if node < composedIdentifier.count, let composed = composedIdentifier[node] { return composed }
        return document.nodes[node].identifier
    }

    /// The element's frame when `node` is the node an element stands for, else the node's own.
    public func frame(ofNode node: Int) -> Rect? {
        if let e = element(ofNode: node), elements[e].node == node { return elements[e].frame }
        return document.nodes[node].effectiveAccessibilityFrame
    }
}

extension AccessibilityElement {
    /// Traits that mean "the user can operate this".
    static let operableTraits: Traits = [
        .button, .link, .playsSound, .toggleButton, .adjustable, .keyboardKey, .tab, .textEntry, .searchField,
        .backButton,
    ]
}

extension Node {
    /// Operable by the user: a control kind, an operable component, or operable traits.
    var isInteractive: Bool {
        if kind.isControl || kind == .tab || kind == .ratingInput || kind == .accordion { return true }
        return !effectiveTraits.intersection(AccessibilityElement.operableTraits).isEmpty
    }

    /// Text drawn by the node, if any.
    var visibleText: String? {
        if let text, !text.isEmpty { return text }
        if kind == .text, let label, !label.isEmpty { return label }
        return nil
    }
}

extension RuleContext {
    /// Interactive elements are those a user operates (traits or the kind of their node).
    public func isInteractive(_ element: AccessibilityElement) -> Bool {
        !element.traits.intersection(AccessibilityElement.operableTraits).isEmpty || node(element.node).isInteractive
    }
}

extension String {
    /// Trimmed and lowercased, for comparisons that ignore case and padding.
    var normalizedForComparison: String {
        if let ascii = asciiNormalizedForComparison { return ascii }
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s.lowercased()
    }

    var isBlank: Bool {
        var text = self
        // All-ASCII text (nearly every label) needs no Character segmentation.
        if let ascii = text.withUTF8({ utf8 in utf8.allSatisfy { $0 < 0x80 } ? utf8.allSatisfy(Self.isASCIIWhitespace) : nil }) {
            return ascii
        }
        return allSatisfy(\.isWhitespace)
    }

    /// Unicode White_Space within ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// `normalizedForComparison` of all-ASCII text, byte by byte; nil for other text.
    private var asciiNormalizedForComparison: String? {
        var text = self
        return text.withUTF8 { utf8 -> String? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            var start = 0, end = utf8.count
            while start < end, Self.isASCIIWhitespace(utf8[start]) { start += 1 }
            while end > start, Self.isASCIIWhitespace(utf8[end - 1]) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { out in
                for i in start..<end {
                    let byte = utf8[i]
                    out[i - start] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
                }
                return end - start
            }
        }
    }
}

extension Optional where Wrapped == String {
    var isBlankOrNil: Bool { self?.isBlank ?? true }
}
