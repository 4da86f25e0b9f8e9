import CEpoll

/// "Date: <IMF-fixdate>\r\n", rebuilt only when the wall-clock second changes.
struct DateHeader {
    private(set) var line: [UInt8] = []
    private var second: Int64 = -1

    mutating func refresh() {
        let now = cepoll_wall_seconds()
        guard now != second else { return }
        second = now
        var text = [UInt8](repeating: 0, count: 29)
        text.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: 29) { cepoll_http_date(now, $0) }
        }
        line = Array("Date: ".utf8) + text + [0x0D, 0x0A]
    }
}
