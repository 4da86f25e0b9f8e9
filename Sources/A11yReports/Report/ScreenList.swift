/// The screens a response is written from: a run's screens or a lone report, read where
/// they are. Valid only inside the `with…` call that made it.
struct ScreenList {
    let count: Int
    private let screens: UnsafePointer<ScreenReport>?
    private let single: UnsafePointer<AuditReport>?

    /// A lone report, as the plain single-tree response has.
    init(report: UnsafePointer<AuditReport>) {
        count = 1; screens = nil; single = report
    }

    init(_ screens: UnsafeBufferPointer<ScreenReport>) {
        count = screens.count; self.screens = screens.baseAddress; single = nil
    }

    var indices: Range<Int> { 0..<count }

    /// The report of screen `i`, found at its field's offset in the `ScreenReport`.
    func report(_ i: Int) -> UnsafePointer<AuditReport> {
        guard let screens else { return single! }
        let offset = MemoryLayout<ScreenReport>.offset(of: \.report)!
        return UnsafeRawPointer(screens + i).advanced(by: offset).assumingMemoryBound(to: AuditReport.self)
    }

    /// Only batches, which come from a run's screens, have names.
    func name(_ i: Int) -> String { screens![i].name }

    /// Screen `i` alone, for its own summary.
    func only(_ i: Int) -> ScreenList {
        guard let screens else { return self }
        return ScreenList(UnsafeBufferPointer(start: screens + i, count: 1))
    }
}
