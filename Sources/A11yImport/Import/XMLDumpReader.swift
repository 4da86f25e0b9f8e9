import A11yXML
import A11yModel

/// What the XML importers (Android dumps, XCUITest page sources) share: a reader bounded by
/// the request's decode limits, and its errors as the `InputError`s every input gives.
extension XMLReader {
    /// A reader whose value and depth bounds follow `limits`: strings as long as in our JSON
    /// format, and two levels of room over the node depth so that limit keeps its own message.
    init(dump bytes: UnsafeRawBufferPointer, limits: DecodeLimits) {
        var xmlLimits = XMLLimits()
        xmlLimits.maxValueBytes = limits.maxStringBytes
        xmlLimits.maxDepth = limits.maxNodeDepth + 2
        self.init(bytes, limits: xmlLimits)
    }

    /// The next event; a markup error or a reader limit becomes an `InputError` with the
    /// line and column where it was found.
    mutating func nextEvent() throws(InputError) -> XMLEvent {
        do throws(XMLError) { return try next() } catch {
            throw InputError(error.kind == .limit ? .limit : .markup, error.message, at: "", line: error.line, column: error.column)
        }
    }
}
