/// Incremental decoder for the chunked transfer coding (RFC 9112 §7.1). Pure: feed it
/// bytes, it appends chunk data to `body` and says how many input bytes it used.
/// Chunk extensions are ignored and trailer fields discarded, both bounded in size.
public struct ChunkedDecoder: Sendable {
    public enum Status: Equatable, Sendable {
        case needMore
        /// The last chunk and trailer section ended; bytes after `consumed` are the next request.
        case done
        case failed(ParseError)
    }

    private enum State: Equatable {
        case size, extensions, sizeLF
        case data(Int)
        case dataCR, dataLF
        case trailerStart, trailer, trailerLF, finalLF
        case done
    }

    private var state = State.size
    private var size = 0
    private var sizeDigits = 0
    private var lineBytes = 0
    private var trailerBytes = 0
    private var decoded = 0
    private let maxBodyBytes: Int
    private let maxLineBytes: Int

    public init(maxBodyBytes: Int, maxLineBytes: Int = 4_096) {
        self.maxBodyBytes = maxBodyBytes
        self.maxLineBytes = maxLineBytes
    }

    public mutating func decode(
        _ input: UnsafeRawBufferPointer, into body: inout [UInt8], discard: Bool = false
    ) -> (consumed: Int, status: Status) {
        var i = 0
        let n = input.count
        func fail(_ status: Int, _ detail: String) -> (consumed: Int, status: Status) {
            (i, .failed(ParseError(status, detail)))
        }
        while i < n {
            let byte = input[i]
            switch state {
            case .size:
                if let digit = ByteClass.hexValue(byte) {
                    sizeDigits += 1
                    if sizeDigits > 15 { return fail(400, "chunk size too long") }
                    size = size * 16 + digit
                } else if sizeDigits == 0 {
                    return fail(400, "invalid chunk size")
                } else if byte == ByteClass.cr {
                    state = .sizeLF
                } else if byte == UInt8(ascii: ";") {
                    state = .extensions
                } else {
                    // Whitespace too: RFC 9112 allows BWS before ";", but h11 and
                    // llhttp refuse it, and a front end that disagrees could be smuggled past.
                    return fail(400, "invalid chunk size")
                }
                i += 1
            case .extensions:
                if byte == ByteClass.cr {
                    state = .sizeLF
                } else if !ByteClass.isFieldContent(byte) {
                    return fail(400, "invalid chunk extension")
                }
                lineBytes += 1
                if lineBytes > maxLineBytes { return fail(400, "chunk extension too long") }
                i += 1
            case .sizeLF:
                guard byte == ByteClass.lf else { return fail(400, "bare CR in chunk size line") }
                i += 1
                lineBytes = 0
                if size == 0 {
                    state = .trailerStart
                } else {
                    if size > maxBodyBytes - decoded { return fail(413, "request body too large") }
                    state = .data(size)
                }
                size = 0
                sizeDigits = 0
            case .data(let remaining):
                let take = min(remaining, n - i)
                // A body only skipped (the request was already answered) is never kept.
                if !discard { body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[i..<(i + take)])) }
                decoded += take
                i += take
                state = remaining == take ? .dataCR : .data(remaining - take)
            case .dataCR:
                guard byte == ByteClass.cr else { return fail(400, "chunk data longer than its size") }
                state = .dataLF
                i += 1
            case .dataLF:
                guard byte == ByteClass.lf else { return fail(400, "bare CR after chunk data") }
                state = .size
                i += 1
            case .trailerStart:
                if byte == ByteClass.cr {
                    state = .finalLF
                } else if byte == ByteClass.lf || byte == ByteClass.sp || byte == ByteClass.htab {
                    return fail(400, "malformed trailer section")
                } else {
                    state = .trailer
                    trailerBytes += 1
                }
                i += 1
            case .trailer:
                if byte == ByteClass.cr {
                    state = .trailerLF
                } else if !ByteClass.isFieldContent(byte) {
                    return fail(400, "invalid character in trailer field")
                }
                trailerBytes += 1
                if trailerBytes > maxLineBytes { return fail(431, "trailer section too large") }
                i += 1
            case .trailerLF:
                guard byte == ByteClass.lf else { return fail(400, "bare CR in trailer section") }
                state = .trailerStart
                i += 1
            case .finalLF:
                guard byte == ByteClass.lf else { return fail(400, "bare CR ending the chunked body") }
                state = .done
                return (i + 1, .done)
            case .done:
                return (i, .done)
            }
        }
        return (i, state == .done ? .done : .needMore)
    }
}
