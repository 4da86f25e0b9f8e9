/// Word-level helpers for label rules (ASCII-insensitive; labels are short).
enum LabelWords {
    /// Lowercased words: runs of letters or digits.
    static func words(_ text: String) -> [String] {
        if let ascii = asciiWords(text) { return ascii }
        var out: [String] = [], current = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// `words` for all-ASCII text (nearly every label), byte by byte: the same result
    /// without Character segmentation and Unicode property lookups. nil otherwise.
    private static func asciiWords(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { utf8 -> [String]? in
            var out: [String] = []
            var current: [UInt8] = []
            for byte in utf8 {
                guard byte < 0x80 else { return nil }
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 0x20)
                default:
                    if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)); current.removeAll(keepingCapacity: true) }
                }
            }
            if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
            return out
        }
    }

    /// Whether `phrase` (lowercase words) occurs as consecutive words of `words`.
    static func contains(_ words: [String], phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start..<(start + phrase.count)].elementsEqual(phrase) {
            return true
        }
        return false
    }
}
