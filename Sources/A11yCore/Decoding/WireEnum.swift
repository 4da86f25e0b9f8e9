/// A string enumeration the decoder reads by its bytes: no String is made and nothing is
/// hashed for the usual spelling; anything else falls back to `init(rawValue:)`, which also
/// matches canonically equivalent spellings and keeps the error messages as they were.
protocol WireEnum: RawRepresentable<String>, CaseIterable, Sendable {
    static var wireNames: WireNameTable<Self> { get }
}

/// The raw values of an enumeration's cases as bytes, back to back, with the case each ends.
struct WireNameTable<Value: WireEnum>: Sendable {
    private let bytes: [UInt8]
    /// Byte offset where each case's name ends, in `values` order.
    private let ends: [Int]
    private let values: [Value]

    init() {
        values = Array(Value.allCases)
        bytes = values.flatMap { Array($0.rawValue.utf8) }
        var end = 0
        ends = values.map { end += $0.rawValue.utf8.count; return end }
    }

    /// The case whose raw value is exactly `name`'s bytes.
    func value(named name: JSONKey) -> Value? {
        bytes.withUnsafeBytes { all in
            var start = 0
            for (index, end) in ends.enumerated() {
                if JSONKey.equal(UnsafeRawBufferPointer(rebasing: all[start..<end]), name.bytes) { return values[index] }
                start = end
            }
            return nil
        }
    }
}

extension Platform: WireEnum { static let wireNames = WireNameTable<Platform>() }
extension Idiom: WireEnum { static let wireNames = WireNameTable<Idiom>() }
extension LayoutDirection: WireEnum { static let wireNames = WireNameTable<LayoutDirection>() }
extension WCAGLevel: WireEnum { static let wireNames = WireNameTable<WCAGLevel>() }
extension Grouping: WireEnum { static let wireNames = WireNameTable<Grouping>() }
extension CustomContent.Importance: WireEnum { static let wireNames = WireNameTable<CustomContent.Importance>() }
extension Combinable.Sorting: WireEnum { static let wireNames = WireNameTable<Combinable.Sorting>() }
extension Deferral.Content.Kind: WireEnum { static let wireNames = WireNameTable<Deferral.Content.Kind>() }
extension LabeledPair.Role: WireEnum { static let wireNames = WireNameTable<LabeledPair.Role>() }
extension StringStrategy.KeyPath: WireEnum { static let wireNames = WireNameTable<StringStrategy.KeyPath>() }
extension Style.BackgroundKind: WireEnum { static let wireNames = WireNameTable<Style.BackgroundKind>() }
