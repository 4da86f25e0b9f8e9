/// Growable byte storage for `JSONWriter`: appends are a capacity check and a copy into a
/// small chunk, without the generic `Array.append(contentsOf:)` machinery per value; full
/// chunks move into `flushed` in one piece, so the finished bytes are an array already
/// (no final copy of a large response). Copy-on-write through `JSONWriter`.
final class ByteBuffer {
    private var flushed: [UInt8]
    private var chunk: UnsafeMutablePointer<UInt8>
    private var chunkCount = 0
    private var chunkCapacity: Int

    static let chunkSize = 16 * 1024

    init(capacity: Int) {
        flushed = []
        flushed.reserveCapacity(capacity)
        chunkCapacity = ByteBuffer.chunkSize
        chunk = .allocate(capacity: chunkCapacity)
    }

    deinit { chunk.deallocate() }

    func copy() -> ByteBuffer {
        let other = ByteBuffer(capacity: 0)
        other.flushed = flushed
        other.reserve(chunkCount)
        other.chunk.update(from: chunk, count: chunkCount)
        other.chunkCount = chunkCount
        return other
    }

    /// Everything written so far.
    var array: [UInt8] {
        flush()
        return flushed
    }

    private func flush() {
        guard chunkCount > 0 else { return }
        flushed.append(contentsOf: UnsafeBufferPointer(start: chunk, count: chunkCount))
        chunkCount = 0
    }

    /// Room for `extra` more bytes in the chunk.
    @inline(__always) func reserve(_ extra: Int) {
        if chunkCount + extra > chunkCapacity { makeRoom(extra) }
    }

    private func makeRoom(_ extra: Int) {
        flush()
        if extra > chunkCapacity {
            chunk.deallocate()
            chunkCapacity = extra
            chunk = .allocate(capacity: extra)
        }
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        chunk[chunkCount] = byte
        chunkCount += 1
    }

    @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        appendReserved(bytes)
    }

    /// Appends without a capacity check; the caller reserved room.
    @inline(__always) func appendReserved(_ byte: UInt8) {
        chunk[chunkCount] = byte
        chunkCount += 1
    }

    /// Appends without a capacity check; the caller reserved room. Short runs (keys, most
    /// labels) are copied inline, which beats a call to memmove.
    @inline(__always) func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        let target = chunk + chunkCount
        if n <= 16 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
        chunkCount += n
    }

    func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (chunk + chunkCount).initialize(repeating: byte, count: n)
        chunkCount += n
    }
}
