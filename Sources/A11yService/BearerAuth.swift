/// Checks `Authorization: Bearer <token>` in time independent of where a guess differs.
struct BearerAuth: Sendable {
    let token: [UInt8]

    func allows(_ authorization: UnsafeRawBufferPointer?) -> Bool {
        guard let value = authorization, value.count > 7 else { return false }
        let scheme = Array("bearer ".utf8)
        for k in 0..<7 where (value[k] | (k < 6 ? 0x20 : 0)) != scheme[k] { return false }
        var start = 7
        while start < value.count, value[start] == 0x20 { start += 1 }
        return Self.constantTimeEqual(UnsafeRawBufferPointer(rebasing: value[start...]), token)
    }

    /// Compares every byte of the expected token whatever the candidate is.
    static func constantTimeEqual(_ candidate: UnsafeRawBufferPointer, _ expected: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: candidate.count ^ expected.count)
        if candidate.count != expected.count { difference |= 1 }
        for k in 0..<expected.count {
            let other = k < candidate.count ? candidate[k] : 0
            difference |= other ^ expected[k]
        }
        return difference == 0
    }
}
