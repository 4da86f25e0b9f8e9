/// Bad input: what is wrong and where (RFC 6901 JSON Pointer into the request).
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case syntax, type, missing, invalidValue, duplicateID, unknownReference, limit, unknownRule
        /// Not the input's fault alone: the audit was stopped (`AuditInterrupt`).
        case timeBudget, cancelled
    }
    public var kind: Kind
    public var message: String
    public var pointer: String

    public init(_ kind: Kind, _ message: String, at pointer: String) {
        self.kind = kind; self.message = message; self.pointer = pointer
    }

    public var description: String { "\(message) (at \(pointer.isEmpty ? "/" : pointer))" }
}

/// Bounds on what one request may hold, so a hostile document cannot exhaust memory
/// or the stack. Defaults are documented in README.
public struct DecodeLimits: Sendable {
    /// JSON nesting of arrays and objects.
    public var maxJSONDepth = 1_100
    /// Node nesting below root (root is 0). Engines recurse at most this deep.
    public var maxNodeDepth = 512
    /// Nodes of a request. Node positions are stored in 32 bits (`Node`), so a larger value
    /// is taken as `Int32.max`.
    public var maxNodes: Int {
        get { nodeLimit }
        set { nodeLimit = min(newValue, Int(Int32.max)) }
    }
    private var nodeLimit = 250_000
    /// Bytes of one decoded string.
    public var maxStringBytes = 65_536
    public init() {}
    public static let `default` = DecodeLimits()
}
