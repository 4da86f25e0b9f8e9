/// Growable byte storage for `JSONWriter`: appends are a capacity check and a copy, without
/// the generic `Array.append(contentsOf:)` machinery that dominated response encoding.
/// Copy-on-write through `JSONWriter` (`isKnownUniquelyReferenced`), so writers stay values.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    func copy() -> ByteBuffer {
        let other = ByteBuffer(capacity: capacity)
        other.base.update(from: base, count: count)
        other.count = count
        return other
    }

    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Room for `extra` more bytes, growing geometrically.
    @inline(__always) func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends without a capacity check; the caller reserved room.
    @inline(__always) func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Appends without a capacity check; the caller reserved room. Short runs (keys, most
    /// labels) are copied inline, which beats a call to memmove.
    @inline(__always) func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        let target = base + count
        if n <= 16 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
        count += n
    }

    func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(repeating: byte, count: n)
        count += n
    }
}
