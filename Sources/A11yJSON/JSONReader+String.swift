extension JSONReader {
    /// At an opening quote: validates the string (escapes, surrogates, control characters,
    /// UTF-8, length) and consumes it. Returns the decoded text when `materialize` is set,
    /// otherwise "" (skipping costs no allocation).
    @inlinable @inline(__always)
    package mutating func scanString(materialize: Bool) throws(JSONSyntaxError) -> String {
        let openingQuote = position
        position += 1
        let start = position
        // Fast path: a run with no escapes is already the decoded text.
        while true {
            position = scanPlainRun(from: position)
            guard position < buffer.count else {
                throw JSONSyntaxError(message: "unterminated string", offset: openingQuote)
            }
            let byte = buffer[position]
            if byte == Byte.quote {
                let length = position - start
                position += 1
                guard length <= maxStringBytes else { throw tooLong(at: openingQuote) }
                return materialize ? makeString(start: start, count: length) : ""
            }
            if byte == Byte.backslash { break }
            if byte < Byte.space { throw controlCharacter() }
            try validateUTF8Sequence()
        }
        return try scanEscapedString(openingQuote: openingQuote, start: start, materialize: materialize)
    }

    /// At an opening quote: validates and consumes a string like `scanString`, but makes no
    /// String: returns the bytes between the quotes, which are the text unless `hasEscapes`
    /// (then `decodedText(of:)` gives it).
    @inlinable @inline(__always)
    package mutating func scanRawString() throws(JSONSyntaxError) -> RawString {
        let openingQuote = position
        position += 1
        let start = position
        while true {
            position = scanPlainRun(from: position)
            guard position < buffer.count else {
                throw JSONSyntaxError(message: "unterminated string", offset: openingQuote)
            }
            let byte = buffer[position]
            if byte == Byte.quote {
                let length = position - start
                position += 1
                guard length <= maxStringBytes else { throw tooLong(at: openingQuote) }
                return RawString(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: length),
                                 hasEscapes: false, openingQuote: openingQuote)
            }
            if byte == Byte.backslash { break }
            if byte < Byte.space { throw controlCharacter() }
            try validateUTF8Sequence()
        }
        _ = try scanEscapedString(openingQuote: openingQuote, start: start, materialize: false)
        return RawString(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: position - 1 - start),
                         hasEscapes: true, openingQuote: openingQuote)
    }

    /// The usual string value, plain ASCII with no escapes, read with none of the general
    /// checks (like `compactNextKey` for keys); nil for anything else, then `readRawString`
    /// or `readString` decide (same results, same errors).
    @inlinable @inline(__always)
    package mutating func compactRawString() -> RawString? {
        skipWhitespace()
        let quote = position
        guard quote < buffer.count, buffer[quote] == Byte.quote else { return nil }
        let end = scanPlainRun(from: quote + 1)
        let length = end - quote - 1
        guard end < buffer.count, buffer[end] == Byte.quote, length <= maxStringBytes else { return nil }
        position = end + 1
        atContainerStart = false
        return RawString(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress! + quote + 1, count: length),
                         hasEscapes: false, openingQuote: quote)
    }

    /// The decoded text of a string already read by `scanRawString` (escaped strings are rare,
    /// so they are scanned a second time rather than decoded on every read).
    @usableFromInline package func decodedText(of string: RawString) -> String {
        guard string.hasEscapes else { return makeString(start: string.openingQuote + 1, count: string.bytes.count) }
        var copy = self
        copy.position = string.openingQuote
        // Cannot fail: the same bytes passed the same checks when first read.
        return (try? copy.scanString(materialize: true)) ?? ""
    }

    /// Returns the index of the first byte at or after `index` that is a quote, a backslash,
    /// a control character or non-ASCII (or the end of the buffer). Checks 8 bytes per step.
    @inlinable @inline(__always)
    package func scanPlainRun(from index: Int) -> Int {
        var index = index
        let end = buffer.count
        if let base = buffer.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // "Has zero byte" tricks: a byte's high bit ends up set when it equals '"' or '\\',
                // is below 0x20, or is non-ASCII. Borrows only run upwards from a true match,
                // so the lowest flagged byte is exact.
                let quotes = word ^ (ones &* UInt64(Byte.quote))
                let backslashes = word ^ (ones &* UInt64(Byte.backslash))
                let flagged = (((quotes &- ones) & ~quotes)
                    | ((backslashes &- ones) & ~backslashes)
                    | (word &- ones &* UInt64(Byte.space))
                    | word) & highs
                if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end {
            let byte = buffer[index]
            if byte == Byte.quote || byte == Byte.backslash || byte < Byte.space || byte >= 0x80 { return index }
            index += 1
        }
        return index
    }

    /// The slow path once a backslash shows up: decodes into `scratch`.
    @usableFromInline package mutating func scanEscapedString(openingQuote: Int, start: Int, materialize: Bool) throws(JSONSyntaxError) -> String {
        var decodedLength = position - start
        if materialize {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: bytes(start, position))
        }
        while true {
            let runStart = position
            position = scanPlainRun(from: position)
            decodedLength += position - runStart
            if materialize { scratch.append(contentsOf: bytes(runStart, position)) }
            guard position < buffer.count else {
                throw JSONSyntaxError(message: "unterminated string", offset: openingQuote)
            }
            let byte = buffer[position]
            if byte == Byte.quote {
                position += 1
                guard decodedLength <= maxStringBytes else { throw tooLong(at: openingQuote) }
                return materialize ? String(decoding: scratch, as: UTF8.self) : ""
            } else if byte == Byte.backslash {
                let scalar = try readEscape()
                decodedLength += scalar.utf8Length
                if materialize { scalar.appendUTF8(to: &scratch) }
            } else if byte < Byte.space {
                throw controlCharacter()
            } else {
                let sequenceStart = position
                try validateUTF8Sequence()
                decodedLength += position - sequenceStart
                if materialize { scratch.append(contentsOf: bytes(sequenceStart, position)) }
            }
            // Checked as we go so a huge escaped string fails before it is copied whole.
            guard decodedLength <= maxStringBytes else { throw tooLong(at: openingQuote) }
        }
    }

    /// At a backslash: consumes one escape (a surrogate pair counts as one) and returns its scalar.
    @usableFromInline package mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = position
        guard position + 1 < buffer.count else {
            throw JSONSyntaxError(message: "unterminated string", offset: escapeStart)
        }
        let simple: UInt8
        switch buffer[position + 1] {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case Byte.b: simple = 0x08
        case Byte.f: simple = 0x0C
        case Byte.n: simple = Byte.newline
        case Byte.r: simple = Byte.carriageReturn
        case Byte.t: simple = Byte.tab
        case Byte.u:
            let unit = try hexQuad(at: position + 2, escapeStart: escapeStart)
            position += 6
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < buffer.count,
                      buffer[position] == Byte.backslash, buffer[position + 1] == Byte.u else {
                    throw JSONSyntaxError(message: "unpaired high surrogate in \\u escape", offset: escapeStart)
                }
                let low = try hexQuad(at: position + 2, escapeStart: position)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(message: "high surrogate not followed by a low surrogate", offset: escapeStart)
                }
                position += 6
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value)!
            case 0xDC00...0xDFFF:
                throw JSONSyntaxError(message: "unpaired low surrogate in \\u escape", offset: escapeStart)
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw JSONSyntaxError(message: "invalid escape sequence", offset: escapeStart)
        }
        position += 2
        return Unicode.Scalar(simple)
    }

    /// Four hex digits of a \u escape.
    @usableFromInline package func hexQuad(at index: Int, escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= buffer.count else {
            throw JSONSyntaxError(message: "incomplete \\u escape", offset: escapeStart)
        }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = buffer[index + offset]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw JSONSyntaxError(message: "invalid \\u escape, expected 4 hex digits", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// At a byte >= 0x80: consumes one well-formed UTF-8 sequence (no overlongs, no surrogates,
    /// nothing past U+10FFFF) or fails at its first byte.
    @usableFromInline package mutating func validateUTF8Sequence() throws(JSONSyntaxError) {
        let lead = buffer[position]
        var continuationCount = 0
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondHigh = 0x9F
        case 0xF0: continuationCount = 3; secondLow = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondHigh = 0x8F
        default: throw invalidUTF8()
        }
        guard position + continuationCount < buffer.count else { throw invalidUTF8() }
        let second = buffer[position + 1]
        guard second >= secondLow && second <= secondHigh else { throw invalidUTF8() }
        for index in 2..<(continuationCount + 1) where buffer[position + index] & 0xC0 != 0x80 {
            throw invalidUTF8()
        }
        position += continuationCount + 1
    }

    /// Decoded text of a span with no escapes (already validated).
    @inlinable @inline(__always)
    package func makeString(start: Int, count: Int) -> String {
        guard count > 0, let base = buffer.baseAddress else { return "" }
        // Measured faster than String(decoding:as:) here: one validating copy, no repair path.
        return String(unsafeUninitializedCapacity: count) { destination in
            UnsafeMutableRawPointer(destination.baseAddress!).copyMemory(from: base + start, byteCount: count)
            return count
        }
    }

    /// A span of the buffer as typed bytes, so copies take the contiguous fast paths.
    /// Request buffers hold plain bytes, so viewing them as UInt8 is sound.
    @inlinable @inline(__always)
    package func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = buffer.baseAddress, end > start else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self), count: end - start)
    }

    @usableFromInline package func tooLong(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: "string longer than \(maxStringBytes) bytes", offset: offset, kind: .limit)
    }

    @usableFromInline package func controlCharacter() -> JSONSyntaxError {
        JSONSyntaxError(message: "unescaped control character in string", offset: position)
    }

    @usableFromInline package func invalidUTF8() -> JSONSyntaxError {
        JSONSyntaxError(message: "invalid UTF-8 in string", offset: position)
    }
}

extension Unicode.Scalar {
    @usableFromInline package var utf8Length: Int {
        switch value {
        case ..<0x80: 1
        case ..<0x800: 2
        case ..<0x10000: 3
        default: 4
        }
    }

    @usableFromInline package func appendUTF8(to bytes: inout [UInt8]) {
        let v = value
        switch v {
        case ..<0x80:
            bytes.append(UInt8(v))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | v >> 6))
            bytes.append(UInt8(0x80 | v & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | v >> 12))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | v >> 18))
            bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
