extension JSONReader {
    /// Consumes and validates the next value, whatever it is, with the same strictness and
    /// limits as the readers. Iterative: nesting uses the reader's own container stack.
    public mutating func skipValue() throws(JSONSyntaxError) {
        let outerDepth = depth
        while true {
            // A value starts here.
            skipWhitespace()
            guard position < buffer.count else { throw endOfInput("expected a value") }
            switch buffer[position] {
            case Byte.quote:
                _ = try scanString(materialize: false)
            case Byte.openBrace:
                try open(object: true)
                skipWhitespace()
                if position < buffer.count, buffer[position] == Byte.closeBrace {
                    close()
                } else {
                    guard position < buffer.count, buffer[position] == Byte.quote else {
                        throw mismatch("expected a string key or '}'")
                    }
                    try skipKey()
                    continue
                }
            case Byte.openBracket:
                try open(object: false)
                skipWhitespace()
                if position < buffer.count, buffer[position] == Byte.closeBracket {
                    close()
                } else {
                    continue
                }
            case Byte.t, Byte.f:
                _ = try readBool()
            case Byte.n:
                try readNull()
            case Byte.minus, Byte.zero...Byte.nine:
                // A skipped number needs only the grammar: one beyond Double's range (1e309) is
                // still JSON, and an unknown field's value is ignored whatever it holds. The
                // reader has consumed the whole number when it finds it out of range.
                do { _ = try readNumber() } catch where error.kind == .range {}
            default:
                throw unexpected("expected a value")
            }
            // A value just ended: close containers until another value is due.
            if try !advanceAfterSkippedValue(outerDepth: outerDepth) {
                atContainerStart = false
                return
            }
        }
    }

    /// Consumes separators and closing brackets after a value. Returns true when another
    /// value follows (positioned at it), false when back at `outerDepth`.
    @usableFromInline mutating func advanceAfterSkippedValue(outerDepth: Int) throws(JSONSyntaxError) -> Bool {
        while depth > outerDepth {
            skipWhitespace()
            if innermostIsObject {
                guard position < buffer.count else { throw endOfInput("expected ',' or '}' after object member") }
                switch buffer[position] {
                case Byte.comma:
                    position += 1
                    try expectKeyStart()
                    try skipKey()
                    return true
                case Byte.closeBrace:
                    close()
                default:
                    throw unexpected("expected ',' or '}' after object member")
                }
            } else {
                guard position < buffer.count else { throw endOfInput("expected ',' or ']' after array element") }
                switch buffer[position] {
                case Byte.comma:
                    position += 1
                    try rejectTrailingComma(inObject: false)
                    return true
                case Byte.closeBracket:
                    close()
                default:
                    throw unexpected("expected ',' or ']' after array element")
                }
            }
        }
        return false
    }

    /// At a key's opening quote: consumes `"key":`.
    @usableFromInline mutating func skipKey() throws(JSONSyntaxError) {
        _ = try scanString(materialize: false)
        try expectColon()
    }
}
