/// Word-level helpers for label rules (ASCII-insensitive; labels are short).
enum LabelWords {
    /// Lowercased words: runs of letters or digits.
    static func words(_ text: String) -> [String] {
        var out: [String] = [], current = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Whether `phrase` (lowercase words) occurs as consecutive words of `words`.
    static func contains(_ words: [String], phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase {
            return true
        }
        return false
    }
}
