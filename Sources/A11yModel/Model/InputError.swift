/// Bad input: what is wrong and where: an RFC 6901 JSON Pointer into a JSON request, or for
/// an imported XML document an element path (`/hierarchy/node[2]`, empty when the document
/// is not well-formed) plus the line and column.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case syntax, type, missing, invalidValue, duplicateID, unknownReference, limit, unknownRule
        /// An imported XML document that is not well-formed, or uses what the reader refuses
        /// (a DOCTYPE, entities, an encoding other than UTF-8).
        case markup
        /// A document in a format we recognise but do not read (`InputFormat.foreignFormat`).
        case unsupportedFormat
        /// The screenshot beside the input: not a PNG we can read, or not of this screen's size.
        case screenshot
        /// Not the input's fault alone: the audit was stopped (`AuditInterrupt`).
        case timeBudget, cancelled
    }
    public var kind: Kind
    public var message: String
    public var pointer: String
    /// Line and column in an imported text document (nil for JSON requests).
    public var line: Int?
    public var column: Int?

    public init(_ kind: Kind, _ message: String, at pointer: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind; self.message = message; self.pointer = pointer; self.line = line; self.column = column
    }

    public var description: String {
        guard let line, let column else { return "\(message) (at \(pointer.isEmpty ? "/" : pointer))" }
        return "\(message) (at \(pointer.isEmpty ? "" : pointer + ", ")line \(line), column \(column))"
    }
}

/// Bounds on what one request may hold, so a hostile document cannot exhaust memory
/// or the stack. Defaults are documented in docs/reliability.md ("Limits").
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
