/// Bounds the parser enforces before any handler runs.
public struct HeadLimits: Sendable, Equatable {
    /// Request line plus header section; more is 431.
    public var maxHeadBytes = 16_384
    /// Request target; longer is 414.
    public var maxTargetBytes = 8_192
    /// Header fields; more is 431.
    public var maxHeaderCount = 100
    /// Declared or decoded body; more is 413.
    public var maxBodyBytes = 8 * 1_048_576

    public init() {}
}
