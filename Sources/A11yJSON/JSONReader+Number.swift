extension JSONReader {
    /// Reads a number with the exact RFC 8259 grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// The result equals Swift's `Double(String)` for the same text; values that round to
    /// infinity are rejected.
    public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        atContainerStart = false
        skipWhitespace()
        if let value = shortNumber() { return value }
        let start = position
        guard position < buffer.count else { throw endOfInput("expected a number") }
        let negative = buffer[position] == Byte.minus
        if negative { position += 1 }
        guard position < buffer.count, isDigit(buffer[position]) else {
            throw negative ? mismatch("expected a digit after '-'") : mismatch("expected a number")
        }

        // Up to 19 digits fit a UInt64; more only happen on the slow path.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        if buffer[position] == Byte.zero {
            position += 1
            if position < buffer.count, isDigit(buffer[position]) {
                throw JSONSyntaxError(message: "leading zeros are not allowed in numbers", offset: start)
            }
        } else {
            while position < buffer.count, isDigit(buffer[position]) {
                accumulate(buffer[position], into: &mantissa, count: &digitCount)
                position += 1
            }
        }
        if position < buffer.count, buffer[position] == Byte.dot {
            position += 1
            guard position < buffer.count, isDigit(buffer[position]) else {
                throw mismatch("expected a digit after '.' in number")
            }
            while position < buffer.count, isDigit(buffer[position]) {
                if mantissa != 0 || buffer[position] != Byte.zero {
                    accumulate(buffer[position], into: &mantissa, count: &digitCount)
                }
                fractionDigits += 1
                position += 1
            }
        }
        var exponent = 0
        if position < buffer.count, buffer[position] | 0x20 == Byte.e {
            position += 1
            var exponentNegative = false
            if position < buffer.count, buffer[position] == Byte.plus || buffer[position] == Byte.minus {
                exponentNegative = buffer[position] == Byte.minus
                position += 1
            }
            guard position < buffer.count, isDigit(buffer[position]) else {
                throw mismatch("expected a digit in number exponent")
            }
            while position < buffer.count, isDigit(buffer[position]) {
                // Saturates: anything this large is settled by the slow path.
                if exponent < 100_000 { exponent = exponent * 10 + Int(buffer[position] - Byte.zero) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // Clinger's fast path: an exact mantissa and an exact power of ten give one
        // correctly rounded IEEE operation, the same result as a full conversion.
        let scale = exponent - fractionDigits
        if digitCount <= 19, mantissa <= 1 << 53, scale >= -22, scale <= 22 {
            var value = Double(mantissa)
            if scale > 0 { value *= Self.powersOfTen[scale] } else if scale < 0 { value /= Self.powersOfTen[-scale] }
            return negative ? -value : value
        }
        let text = String(decoding: buffer[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(message: "number out of range", offset: start, kind: .range)
        }
        return value
    }

    /// The common case without the general grammar: an integer, or a decimal with a fraction,
    /// of at most 15 digits in all (so the digits are exact as a Double and the value is the
    /// one correctly rounded operation `readNumber` does), with no exponent. Returns nil,
    /// having consumed nothing, for anything else (then `readNumber` decides, errors included).
    @inlinable @inline(__always)
    package mutating func shortNumber() -> Double? {
        guard let base = buffer.baseAddress else { return nil }
        let end = buffer.count
        var index = position
        let negative = index < end && base.load(fromByteOffset: index, as: UInt8.self) == Byte.minus
        if negative { index += 1 }
        let first = index
        var value = digitRun(base, &index, end: end)
        let count = index - first
        guard count > 0, count <= 15, count == 1 || base.load(fromByteOffset: first, as: UInt8.self) != Byte.zero else { return nil }
        var scale = 0
        if index < end, base.load(fromByteOffset: index, as: UInt8.self) == Byte.dot {
            index += 1
            let fractionStart = index
            // Digits of the fraction continue the mantissa: 1.25 is 125 / 10^2.
            let fraction = digitRun(base, &index, end: end)
            scale = index - fractionStart
            guard scale > 0, count + scale <= 15 else { return nil }
            value = value &* Self.powersOfTenInt[scale] &+ fraction
        }
        if index < end, base.load(fromByteOffset: index, as: UInt8.self) | 0x20 == Byte.e { return nil }
        position = index
        // value < 10^15 < 2^53: exact as a Double, and the signed conversion skips the unsigned one's branch.
        var result = Double(Int64(bitPattern: value))
        if scale > 0 { result /= Self.powersOfTen[scale] }
        return negative ? -result : result
    }

    /// Reads the digits from `index` on (moving it past them) and returns their value, exact
    /// while there are at most 19. (A word-at-a-time version measured slower: numbers here
    /// are mostly one to three digits.)
    @inlinable @inline(__always)
    package func digitRun(_ base: UnsafeRawPointer, _ index: inout Int, end: Int) -> UInt64 {
        var value: UInt64 = 0
        while index < end {
            let digit = base.load(fromByteOffset: index, as: UInt8.self) &- Byte.zero
            if digit >= 10 { break }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        return value
    }

    @inlinable @inline(__always)
    package func isDigit(_ byte: UInt8) -> Bool { byte &- Byte.zero < 10 }

    @inlinable @inline(__always)
    package func accumulate(_ byte: UInt8, into mantissa: inout UInt64, count: inout Int) {
        count += 1
        if count <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - Byte.zero) }
    }

    /// Scales the integer part of a short decimal to make room for its fraction.
    @usableFromInline package static let powersOfTenInt: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
    ]

    @usableFromInline package static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
