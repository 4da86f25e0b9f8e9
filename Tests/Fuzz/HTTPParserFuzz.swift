// libFuzzer target: RequestHeadParser and ChunkedDecoder. Scripts/fuzz.sh builds it together
// with the sources of the HTTPParser target (Sources/HTTPParser); not a SwiftPM target.

/// Property checks: a failure here is a bug even without a memory error.
@inline(never) func require(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz property violated: \(what)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: size)
    // The first byte picks where the input is split, to exercise the incremental hint.
    let split = Int(input[0]) % size
    let bytes = UnsafeRawBufferPointer(rebasing: input[1...])
    var limits = HeadLimits()
    limits.maxHeadBytes = 2_048
    limits.maxTargetBytes = 512
    limits.maxHeaderCount = 32
    limits.maxBodyBytes = 4_096

    var whole = RequestHead()
    let result = RequestHeadParser.parse(bytes, limits: limits, into: &whole)

    // Fed in two parts, the parser must reach the same verdict as in one.
    var incremental = RequestHead()
    let first = RequestHeadParser.parse(
        UnsafeRawBufferPointer(rebasing: bytes[0..<min(split, bytes.count)]), limits: limits, into: &incremental)
    if first == .needMore {
        let second = RequestHeadParser.parse(bytes, previousLength: min(split, bytes.count), limits: limits, into: &incremental)
        // By design an error inside an unfinished line may wait for its line end (no rescan
        // per byte), unless it is a control byte; otherwise the verdicts must be the same.
        let tail = bytes[min(split, bytes.count)...]
        let deferred = second == .needMore && bytes.count <= limits.maxHeadBytes
            && !tail.contains { $0 == 0x0A || $0 < 0x20 && $0 != 0x09 && $0 != 0x0D || $0 == 0x7F }
        if case .failed = result, deferred {} else { require(second == result, "split parse agrees with whole parse") }
        if result == .complete { require(incremental == whole, "split parse yields the same head") }
    }

    guard result == .complete else { return 0 }
    require(whole.length > 0 && whole.length <= bytes.count, "head length within input")
    require(whole.targetStart < whole.targetEnd && whole.targetEnd <= whole.length, "target within head")
    require(whole.pathStart >= whole.targetStart && whole.pathEnd <= whole.targetEnd, "path within target")
    for field in whole.headers {
        require(field.nameStart < field.nameEnd && field.nameEnd < field.valueStart + 1, "name before value")
        require(field.valueStart <= field.valueEnd && Int(field.valueEnd) <= whole.length, "value within head")
    }
    guard whole.framing == .chunked else { return 0 }

    // The body after the head: decoded whole and byte by byte, the results must agree.
    let body = UnsafeRawBufferPointer(rebasing: bytes[whole.length...])
    var once = ChunkedDecoder(maxBodyBytes: limits.maxBodyBytes, maxLineBytes: 256)
    var onceOut: [UInt8] = []
    let (consumed, status) = once.decode(body, into: &onceOut)
    require(consumed <= body.count, "consumed within input")
    require(onceOut.count <= limits.maxBodyBytes, "body within limit")
    var stepped = ChunkedDecoder(maxBodyBytes: limits.maxBodyBytes, maxLineBytes: 256)
    var steppedOut: [UInt8] = []
    var used = 0
    var steppedStatus = ChunkedDecoder.Status.needMore
    while used < body.count, steppedStatus == .needMore {
        let step = stepped.decode(UnsafeRawBufferPointer(rebasing: body[used..<(used + 1)]), into: &steppedOut)
        used += step.consumed
        steppedStatus = step.status
        if step.consumed == 0 { break }
    }
    switch (status, steppedStatus) {
    case (.done, .done):
        require(onceOut == steppedOut && consumed == used, "chunked: same body and end either way")
    case (.needMore, .needMore):
        require(onceOut == steppedOut, "chunked: same partial body either way")
    case (.failed(let a), .failed(let b)):
        require(a.status == b.status, "chunked: same error either way")
    default:
        require(false, "chunked: same verdict whole and byte by byte")
    }
    return 0
}
