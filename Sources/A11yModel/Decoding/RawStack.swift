/// A stack of plain values in memory it owns, for the cursor's per-key bookkeeping (path
/// tokens, open keys). An `Array` held in a struct pays a uniqueness check and a bounds check
/// on every write; here a push, a pop or a write to the top is a compare and a store.
/// Noncopyable, so exactly one owner frees the memory.
struct RawStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func pop() {
        precondition(count > 0, "pop from an empty stack")
        count -= 1
    }

    /// The element pushed last.
    var top: Element {
        @inline(__always) get {
            precondition(count > 0, "top of an empty stack")
            return base[count - 1]
        }
        @inline(__always) set {
            precondition(count > 0, "top of an empty stack")
            base[count - 1] = newValue
        }
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "stack index out of range")
        return base[index]
    }

    /// Pushes all of `other`, bottom first, in one copy.
    mutating func push(contentsOf other: borrowing RawStack<Element>) {
        while capacity - count < other.count { grow() }
        (base + count).initialize(from: other.base, count: other.count)
        count += other.count
    }

    /// Drops everything above the first `newCount` elements.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "truncating a stack beyond its count")
        count = newCount
    }

    /// The elements from `start` up, bottom first, in place: valid until the next change.
    @inline(__always)
    func buffer(from start: Int) -> UnsafeBufferPointer<Element> {
        precondition(start >= 0 && start <= count, "stack index out of range")
        return UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// The elements from `start` up, bottom first, copied out.
    package func elements(from start: Int = 0) -> [Element] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
