extension StringProtocol {
    /// Without the white space (spaces, tabs, line breaks) at either end.
    public var trimmed: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// The parts between occurrences of `separator` (n occurrences give n + 1 parts).
    public func components(_ separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    /// Occurrences of `needle`.
    public func count(of needle: String) -> Int { components(needle).count - 1 }
}
