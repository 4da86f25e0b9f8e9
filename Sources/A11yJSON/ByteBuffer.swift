/// Growable byte storage for `JSONWriter`: one contiguous allocation written through a raw
/// pointer. A writer reserves room once per value (`reserve`), then stores its bytes without
/// further checks (`appendReserved`, or `tail` + `advance` for bytes filled in place).
///
/// A struct whose count lives inline: with the count in a class, every append paid an
/// exclusivity check and a retain. Copies of a writer share the allocation until one of them
/// reserves room, which gives that one its own (copy on write).
@usableFromInline package struct ByteBuffer {
    /// Owns the allocation. Its fields are constants, so reading them needs no exclusivity
    /// check; growing or unsharing replaces the whole object.
    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline let capacity: Int
        /// False for room lent by the caller (see `init(lending:)`), which the caller frees.
        let owned: Bool

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
            owned = true
        }

        init(lending room: UnsafeMutableBufferPointer<UInt8>) {
            base = room.baseAddress!
            capacity = room.count
            owned = false
        }

        deinit { if owned { base.deallocate() } }
    }

    @usableFromInline var storage: Storage
    @usableFromInline package internal(set) var count = 0
    /// Set only while a caller guarantees no copy of this buffer writes (see
    /// `JSONWriter.withExclusiveStorage`): `reserve` then skips the ownership check, a runtime
    /// call per value.
    @usableFromInline var exclusive = false

    @usableFromInline package init(capacity: Int) {
        storage = Storage(capacity: max(capacity, 64))
    }

    /// Writes into `room` (at least 64 bytes, left uninitialized by the caller) until it is
    /// full, then moves to storage of its own. The buffer must not outlive `room`.
    @usableFromInline package init(lending room: UnsafeMutableBufferPointer<UInt8>) {
        storage = Storage(lending: room)
    }

    /// Everything written so far is still in the room given to `init(lending:)`.
    @usableFromInline package var isInLentRoom: Bool { !storage.owned }

    /// Everything written so far.
    /// Copied with one memcpy: `Array(UnsafeBufferPointer)` went byte by byte, about one
    /// instruction per byte of a response.
    @usableFromInline package var array: [UInt8] {
        Array(unsafeUninitializedCapacity: count) { out, initialized in
            if count > 0 { out.baseAddress!.initialize(from: storage.base, count: count) }
            initialized = count
        }
    }

    /// Room for `extra` more bytes in storage of our own; every unchecked write below relies on it.
    @inlinable @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count + extra > storage.capacity || (!exclusive && !isKnownUniquelyReferenced(&storage)) {
            reallocate(minimum: count + extra)
        }
    }

    /// Makes the storage our own, then lets `reserve` skip the ownership check until `setExclusive(false)`.
    @usableFromInline package mutating func setExclusive(_ on: Bool) {
        exclusive = false
        if on { reserve(0) }
        exclusive = on
    }

    /// `reserve` without the ownership check, for a writer that already reserved during the
    /// same mutation (so no copy can share the storage): saves a runtime call per value.
    @inlinable @inline(__always)
    package mutating func reserveMore(_ extra: Int) {
        if count + extra > storage.capacity { reallocate(minimum: count + extra) }
    }

    @inline(never)
    @usableFromInline mutating func reallocate(minimum: Int) {
        let grown = Storage(capacity: Swift.max(minimum, storage.capacity * 2))
        grown.base.update(from: storage.base, count: count)
        storage = grown
    }

    /// The first byte written, for callers that copy from earlier output (valid until the next reserve).
    @inlinable @inline(__always)
    package var start: UnsafePointer<UInt8> { UnsafePointer(storage.base) }

    /// The first free byte, for callers that fill reserved room in place and then `advance`.
    @inlinable @inline(__always)
    package var tail: UnsafeMutablePointer<UInt8> { storage.base + count }

    /// Ends the written bytes at `end`, a pointer into the reserved room from `tail`.
    @inlinable @inline(__always)
    package mutating func advance(to end: UnsafeMutablePointer<UInt8>) {
        assert(end >= storage.base + count && end <= storage.base + storage.capacity, "wrote past reserved room")
        count = end - storage.base
    }

    @inlinable @inline(__always)
    package mutating func advance(_ n: Int) {
        assert(count + n <= storage.capacity, "wrote past reserved room")
        count += n
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        appendReserved(bytes)
    }

    /// Appends without a capacity check; the caller reserved room.
    @inlinable @inline(__always)
    package mutating func appendReserved(_ byte: UInt8) {
        assert(count < storage.capacity, "wrote past reserved room")
        storage.base[count] = byte
        count += 1
    }

    /// Appends without a capacity check; the caller reserved room.
    @inlinable @inline(__always)
    package mutating func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(count + bytes.count <= storage.capacity, "wrote past reserved room")
        ByteBuffer.copy(bytes, to: storage.base + count)
        count += bytes.count
    }

    /// Copies `bytes` to `target`. Short runs (keys, most labels) are copied inline, which
    /// beats a call to memmove.
    @inlinable @inline(__always)
    package static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        if n <= 16 {
            // Two overlapping word moves cover 4 to 16 bytes without a loop.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            if n >= 8 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
            } else if n >= 4 {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
            } else {
                for i in 0..<n { target[i] = source[i] }
            }
        } else {
            target.update(from: source, count: n)
        }
    }

    @usableFromInline package mutating func append(_ text: String) {
        text.withBorrowedUTF8 { append($0) }
    }

    /// Appends a copy of bytes already written (`range` within `0..<count`); the caller reserved room.
    @inlinable @inline(__always)
    package mutating func appendCopyReserved(of range: Range<Int>) {
        assert(count + range.count <= storage.capacity, "wrote past reserved room")
        tail.update(from: storage.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// The bytes in `range` (within `0..<count`), valid during `body`.
    @usableFromInline package func withBytes<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: storage.base + range.lowerBound, count: range.count)) }
    }

    @usableFromInline package mutating func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        tail.initialize(repeating: byte, count: n)
        count += n
    }
}

extension String {
    /// `withUTF8` without the copy it needs to be mutating: a native string (every string
    /// here) lends its bytes in place, which saves a retain and release per string written.
    @inlinable @inline(__always)
    package func withBorrowedUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
