import A11yCore
import HTTPServer

/// POST /v1/audit: bytes in, the core's report out. Runs on a worker thread (large stack).
struct AuditHandler: Sendable {
    let metrics: Metrics
    let limits: DecodeLimits

    func handle(_ request: Request) -> Response {
        let pretty = request.query.map(Self.wantsPretty) ?? false
        guard let format = OutputFormat(accept: request.header("accept")), format != .text else {
            return Problem.response(status: 406, type: "about:blank", title: "Not Acceptable",
                                    detail: "Accept allows none of application/json, application/sarif+json, application/xml, text/html")
        }
        let input: (format: InputFormat?, density: Double?)
        switch Self.inputFormat(request) {
        case .read(let format, let density): input = (format, density)
        case .xml(let density): input = (nil, density)
        case .refused(let problem): return problem
        }
        let outcome = request.body.withUnsafeBytes { bytes in
            Result { () throws(InputError) in
                let format = input.format ?? InputFormat.auto.resolved(for: bytes, xml: true)
                return try AuditRun.run(bytes, format: format, density: input.density, limits: limits)
            }
        }
        switch outcome {
        case .success(let run):
            // By index: `for screen in run.screens` copied each screen (every field retained).
            for i in run.screens.indices { metrics.recordAudit(findings: run.screens[i].report.run.findings) }
            return Response(status: 200, contentType: format.mediaType, body: run.render(format, pretty: pretty))
        case .failure(let error):
            metrics.recordRejectedAudit()
            return Problem.input(error)
        }
    }

    /// "?pretty", "?pretty=1" or "?pretty=true".
    static func wantsPretty(_ query: String) -> Bool {
        query.split(separator: "&").contains { $0 == "pretty" || $0 == "pretty=1" || $0 == "pretty=true" }
    }

    /// 415 unless the body is JSON (application/json or any +json type) or XML (application/xml,
    /// text/xml or any +xml type: an Android dump). A missing Content-Type is taken as either,
    /// recognised from the content, so `curl --data-binary @file` works as is.
    static func contentTypeProblem(_ request: Request) -> Response? {
        // The common case, checked on the bytes: the general path below builds several strings.
        if request.withHeaderBytes("content-type", { $0.map(isPlainJSON) ?? true }) { return nil }
        guard let type = request.header("content-type") else { return nil }
        let media = mediaType(type)
        if media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json")) || isXML(media) { return nil }
        return Problem.response(status: 415, type: "about:blank", title: "Unsupported Media Type",
                                detail: "send the tree as application/json (or an Android dump as application/xml), not \(media)")
    }

    private static func mediaType(_ value: String) -> String {
        value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters() } ?? ""
    }

    private static func isXML(_ media: String) -> Bool {
        media == "application/xml" || media == "text/xml" || (media.hasPrefix("application/") && media.hasSuffix("+xml"))
    }

    /// How to read the body: `?format=auto|json|android|ios` wins, else the Content-Type (JSON
    /// types: json; XML types: the dump the content is; none: recognised from the content); `?density=D`
    /// gives an Android dump's pixels per dp. A bad value is a 400 naming the parameter.
    /// `xml`: a body declared as XML, whose dialect (Android or XCUITest) the content tells.
    enum InputChoice { case read(InputFormat, density: Double?), xml(density: Double?), refused(Response) }

    static func inputFormat(_ request: Request) -> InputChoice {
        var format: InputFormat?
        var density: Double?
        for parameter in (request.query ?? "").split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            if pair[0] == "format" {
                guard let f = InputFormat(rawValue: String(pair[1])) else {
                    return .refused(Problem.response(status: 400, type: "urn:a11y-audit:problem:invalidValue", title: "Invalid value",
                                                     detail: "format takes auto, json, android or ios"))
                }
                format = f
            } else if pair[0] == "density" {
                guard let d = Double(pair[1]), d.isFinite, d > 0 else {
                    return .refused(Problem.response(status: 400, type: "urn:a11y-audit:problem:invalidValue", title: "Invalid value",
                                                     detail: "density takes a positive number (Android pixels per dp)"))
                }
                density = d
            }
        }
        if let format { return .read(format, density: density) }
        if request.withHeaderBytes("content-type", { $0.map(isPlainJSON) ?? false }) { return .read(.json, density: density) }
        guard let type = request.header("content-type") else { return .read(.auto, density: density) }
        return isXML(mediaType(type)) ? .xml(density: density) : .read(.json, density: density)
    }
}

extension AuditHandler {
    /// Whether a Content-Type value is exactly `application/json`, in any letter case.
    static func isPlainJSON(_ value: UnsafeRawBufferPointer) -> Bool {
        // Indexed against a literal's bytes: zipping with a String's UTF-8 view cost ~1.6k instructions a request.
        let json: StaticString = "application/json"
        guard value.count == json.utf8CodeUnitCount else { return false }
        for i in 0..<value.count {
            let byte = value[i]
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if folded != json.utf8Start[i] { return false }
        }
        return true
    }
}

extension OutputFormat {
    /// The best format an `Accept` header allows (RFC 9110 12.5.1: highest q, then order);
    /// JSON when the header is absent or allows anything; nil when nothing it lists is offered.
    init?(accept: String?) {
        guard let accept, !accept.isEmpty else { self = .json; return }
        var best: (q: Double, format: OutputFormat)?
        for entry in accept.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters() }
            guard let media = parts.first, !media.isEmpty else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)) ?? 0
            }
            guard q > 0 else { continue }
            let format: OutputFormat?
            switch media {
            case "application/json", "*/*", "application/*": format = .json
            default: format = ReportFormat(mediaType: media).map { .report($0) }
            }
            if let format, q > (best?.q ?? 0) { best = (q, format) }
        }
        guard let best else { return nil }
        self = best.format
    }
}

extension Substring {
    /// Without surrounding spaces and tabs, lowercased: header values compare case-insensitively.
    func trimmingCharacters() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text.lowercased()
    }
}
