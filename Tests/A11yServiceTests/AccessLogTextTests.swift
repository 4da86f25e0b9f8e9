import Testing
@testable import A11yService

@Suite("Access log number text")
struct AccessLogTextTests {
    /// The log once printed `Double(micros) / 1000`; the digit writer must read the same.
    @Test func millisecondsReadAsSwiftPrintsTheDouble() {
        var samples: [UInt64] = [0, 1, 9, 10, 100, 120, 999, 1_000, 1_001, 1_010, 1_100, 12_345, 999_999, 1_000_000,
                                 86_400_000_000, 999_999_999_999, 1_000_000_000_000, 123_456_789_012_345]
        samples += 0..<2_000
        samples += stride(from: 2_000, to: 50_000_000, by: 7_919)
        for micros in samples {
            var line: [UInt8] = []
            AccessLog.appendMilliseconds(micros: micros, to: &line)
            #expect(String(decoding: line, as: UTF8.self) == "\(Double(micros) / 1_000)", "micros \(micros)")
        }
    }
}
