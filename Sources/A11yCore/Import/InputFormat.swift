/// The formats a request body or input file may be in. `auto` recognises the format from
/// the content: a document whose first significant byte (after a UTF-8 byte order mark and
/// whitespace) is `<` is XML, which today means an Android hierarchy dump; anything else is
/// read as our JSON tree format, which then names what is wrong with it.
public enum InputFormat: String, Sendable, CaseIterable {
    case auto, json, android

    /// The format `bytes` are in, when this is `auto`; else this format.
    public func resolved(for bytes: UnsafeRawBufferPointer) -> InputFormat {
        guard self == .auto else { return self }
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, XMLCharacters.isSpace(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == 0x3C ? .android : .json
    }
}

extension AuditRun {
    /// Audits a request in `format` (recognised from the content for `auto`). An imported
    /// document is one screen with default options, which `adjust` may change (CLI flags);
    /// `density` (Android: pixels per dp) overrides the inferred one.
    public static func run(_ bytes: UnsafeRawBufferPointer, format: InputFormat, density: Double? = nil,
                           limits: DecodeLimits = .default, baseline: Baseline? = nil, interrupt: AuditInterrupt = .never,
                           adjust: (inout AuditOptions) -> Void = { _ in }) throws(InputError) -> AuditRun {
        switch format.resolved(for: bytes) {
        case .auto, .json:
            return try run(json: bytes, limits: limits, baseline: baseline, interrupt: interrupt, adjust: adjust)
        case .android:
            var document = try AndroidImporter.document(bytes, density: density, limits: limits)
            adjust(&document.options)
            let report = try Audit.run(document, interrupt: interrupt)
            return AuditRun(screens: [ScreenReport(name: "screen", report: report)], isBatch: false, baseline: baseline)
        }
    }
}
