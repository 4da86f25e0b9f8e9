import A11yCore
import CEpoll
import HTTPServer
import A11yImport
import A11yModel
import A11yOptions
import A11yReports

/// POST /v1/audit: bytes in, the core's report out. Runs on a worker thread (large stack);
/// a small body (`objectCount` within bounds) is first tried on the event loop, where the
/// audit, the answer included, may spend `loopSliceNanos`: past it (or past its time
/// budget) it stops and answers `Response.runOnWorker`, and the request runs again on a
/// worker. What the answer costs decides where it is built, not the body's size: four JSON
/// objects may ask for a 16 MB answer.
struct AuditHandler: Sendable {
    /// Work an audit may do on an event loop before it goes to a worker (1 ms): well below
    /// a probe's patience, ten times what a 50-node screen's audit and answer take.
    var loopSliceNanos: UInt64 = 1_000_000
    /// Items a renderer writes on the loop between two looks at the clock: few, as one item
    /// may hold a 64 KiB text.
    static let loopRenderStride = 16

    let metrics: Metrics
    let limits: DecodeLimits
    /// Wall-clock time one audit may take (`--audit-timeout`).
    let timeBudgetNanos: UInt64
    /// What decoding a multipart request's screenshot may cost (`--max-screenshot-pixels`).
    var screenshotLimits = ScreenshotLimits()

    /// The HTML report is self-contained: inline `<style>` and inline SVG, no script, image,
    /// font, form or frame. Nothing else may load, even from a finding's text.
    static let htmlPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func handle(_ request: Request) -> Response {
        guard let format = OutputFormat(accept: request.header("accept")), format != .text else {
            return Problem.response(status: 406, type: "about:blank", title: "Not Acceptable",
                                    detail: "Accept allows none of \(OutputFormat.acceptable.map(\.mediaType).joined(separator: ", "))")
        }
        var settings: FrontEndSettings
        switch Self.settings(request.query) {
        case .success(let read): settings = read
        case .failure(let error):
            return Problem.response(status: 400, type: "urn:a11y-audit:problem:invalidValue", title: "Invalid value", detail: error.message)
        }
        settings.audit.declared = Self.declaredSyntax(request)
        // The audit stops between units of work when its client left (or the drain is over)
        // or when its time budget is spent, read on the monotonic clock.
        let cancellation = request.cancellation
        let onLoop = request.onLoop
        let deadline = cepoll_monotonic_ns() &+ (onLoop ? min(timeBudgetNanos, loopSliceNanos) : timeBudgetNanos)
        let interrupt = AuditInterrupt(renderStride: onLoop ? Self.loopRenderStride : AuditInterrupt.defaultRenderStride) {
            if cancellation.isCancelled { return .cancelled }
            return cepoll_monotonic_ns() >= deadline ? .timeBudget : nil
        }
        let audited: Result<AuditRun, InputError>
        if let form = Self.multipartType(request) {
            // An input and its screenshot (`FormInput`): each part read as a body of its own.
            let read = request.body.withUnsafeBytes { FormInput.read($0, contentType: form, screenshotLimits: screenshotLimits) }
            switch read {
            case .failure(let problem): return problem.response
            case .success(let form):
                audited = request.body.withUnsafeBytes { body in
                    let bytes = UnsafeRawBufferPointer(rebasing: body[form.input.content])
                    return Result { () throws(InputError) in
                        settings.audit.declared = form.input.contentType.map(Self.declaredSyntax(contentType:))
                        settings.audit.screenshot = form.screenshot
                        return try Audit.run(bytes, settings.audit, limits: limits, interrupt: interrupt)
                    }
                }
            }
        } else {
            audited = request.body.withUnsafeBytes { bytes in
                Result { () throws(InputError) in try Audit.run(bytes, settings.audit, limits: limits, interrupt: interrupt) }
            }
        }
        // Writing the answer is the audit's last unit of work and grows with the tree: it stops
        // as the audit does, and a stopped render answers as a stopped audit.
        let outcome = audited.flatMap { run -> Result<(run: AuditRun, body: [UInt8]), InputError> in
            Result { () throws(InputError) in
                (run, try run.render(format, pretty: settings.pretty, interrupt: interrupt))
            }
        }
        switch outcome {
        case .failure(let error) where onLoop && error.kind == .timeBudget:
            // More than a loop may spend: the audit runs again, whole, on a worker.
            return .runOnWorker
        case .success(let (run, body)):
            for i in run.screens.indices { metrics.recordAudit(findings: run.screens[i].report.run.findings, omitted: run.screens[i].report.run.omitted) }
            var response = Response(status: 200, contentType: format.mediaType, body: body)
            if format == .report(.html) { response.headers.append(("Content-Security-Policy", Self.htmlPolicy)) }
            return response
        case .failure(let error) where error.kind == .timeBudget:
            metrics.recordTimedOutAudit()
            return Problem.response(
                status: 503, type: "urn:a11y-audit:problem:timeBudget", title: "Time budget exceeded",
                detail: "the audit did not finish within \(Double(timeBudgetNanos) / 1e9) s; it may pass when the service is less busy, or send fewer nodes")
        case .failure(let error) where error.kind == .cancelled:
            // Only a drain that ran out of time gets here with a client still connected.
            metrics.recordCancelledAudit()
            var response = Problem.response(
                status: 503, type: "urn:a11y-audit:problem:cancelled", title: "Audit cancelled",
                detail: "the server is shutting down; retry on another instance")
            response.headers.append(("Retry-After", "1"))
            response.close = true
            return response
        case .failure(let error):
            metrics.recordRejectedAudit()
            return Problem.input(error)
        }
    }

    /// The JSON objects or XML tags in a body (every `{` or `<` byte, those inside strings too,
    /// so never fewer), counting no further than `limit + 1`: what decides whether an audit is
    /// cheap enough to run on an event loop. Each node is at least one object, or one element
    /// of an Android dump or iOS page source (which has no `{` at all).
    static func objectCount(_ body: [UInt8], atMost limit: Int) -> Int {
        body.withUnsafeBufferPointer { bytes in
            // In blocks of 256 with no exit inside, so the compiler counts a vector at a time
            // (an 8 KB body costs well under a microsecond).
            var count = 0, start = 0
            while start < bytes.count, count <= limit {
                let end = min(start + 256, bytes.count)
                var block = 0
                for index in start..<end { block &+= bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "<") ? 1 : 0 }
                count += block
                start = end
            }
            return min(count, limit + 1)
        }
    }

    /// The query's per-audit parameters (`AuditParameter.query`: `format`, `density`, `pretty`, `preset`),
    /// read as the CLI reads its flags; a bad value is refused naming the parameter. Other
    /// parameters are ignored. `format=` and a bare `format` are values too (empty ones),
    /// refused like any bad value; a bare `pretty` is the switch.
    static func settings(_ query: String?, only names: Set<Substring>? = nil) -> Result<FrontEndSettings, AuditParameterError> {
        var settings = FrontEndSettings()
        for parameter in (query ?? "").split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard names?.contains(pair[0]) ?? true, let known = AuditParameter.query(pair[0]) else { continue }
            do throws(AuditParameterError) {
                try known.read(pair.count == 2 ? String(pair[1]) : nil, as: String(pair[0]), into: &settings)
            } catch {
                return .failure(error)
            }
        }
        return .success(settings)
    }

    /// "?pretty", "?pretty=1" or "?pretty=true" (any other parameter is not looked at).
    static func wantsPretty(_ query: String) -> Bool {
        (try? settings(query, only: ["pretty"]).get())?.pretty ?? false
    }

    /// 415 unless the body is JSON (application/json or any +json type) or XML (application/xml,
    /// text/xml or any +xml type: an Android dump or an XCUITest page source), in UTF-8 with no
    /// content coding. A missing Content-Type is taken as either, recognised from the content,
    /// so `curl --data-binary @file` works as is.
    static func contentTypeProblem(_ request: Request) -> Response? {
        if let coding = request.header("content-encoding"), !isIdentityCoding(coding) {
            // RFC 9110 §15.5.16: say which codings are accepted.
            var problem = Problem.response(
                status: 415, type: "about:blank", title: "Unsupported Media Type",
                detail: "send the tree without a content coding, not \(coding)")
            problem.headers.append(("Accept-Encoding", "identity"))
            return problem
        }
        // The common case, checked on the bytes: the general path below builds several strings.
        if request.withHeaderBytes("content-type", { $0.map(isPlainJSON) ?? true }) { return nil }
        guard let type = request.header("content-type") else { return nil }
        // A form with the input and its screenshot: its parts are checked when it is read.
        if mediaType(type) == "multipart/form-data" { return nil }
        let parts = type.split(separator: ";")
        let media = parts.first.map { $0.trimmingCharacters() } ?? ""
        guard media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json")) || isXML(media) else {
            return Problem.response(status: 415, type: "about:blank", title: "Unsupported Media Type",
                                    detail: "send the tree as application/json (or an Android dump or iOS page source as application/xml), not \(media)")
        }
        for parameter in parts.dropFirst() {
            let text = parameter.trimmingCharacters()
            guard text.lowercased().hasPrefix("charset=") else { continue }
            var charset = Substring(text.dropFirst(8))
            if charset.count >= 2, charset.first == "\"", charset.last == "\"" { charset = charset.dropFirst().dropLast() }
            // Charset names are case-insensitive (RFC 9110 §8.3.2): UTF-8 as often as utf-8.
            let name = charset.lowercased()
            if name != "utf-8", name != "utf8" {
                return Problem.response(status: 415, type: "about:blank", title: "Unsupported Media Type",
                                        detail: "send the tree as UTF-8, not charset \(charset)")
            }
        }
        return nil
    }

    /// `identity` or an empty list: the body is as sent.
    static func isIdentityCoding(_ value: String) -> Bool {
        value.split(separator: ",").allSatisfy { $0.trimmingCharacters() == "identity" || $0.trimmingCharacters().isEmpty }
    }

    private static func mediaType(_ value: String) -> String {
        value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters() } ?? ""
    }

    private static func isXML(_ media: String) -> Bool {
        media == "application/xml" || media == "text/xml" || (media.hasPrefix("application/") && media.hasSuffix("+xml"))
    }

    /// The syntax the body is declared in by its Content-Type, for `InputFormat.of` when no
    /// `?format=` is given: XML types are XML, any other type JSON (our tree or a Figma
    /// response, as the content says); none: nil, the content alone tells.
    static func declaredSyntax(_ request: Request) -> InputFormat.Syntax? {
        if request.withHeaderBytes("content-type", { $0.map(isPlainJSON) ?? false }) { return .json }
        guard let type = request.header("content-type") else { return nil }
        return declaredSyntax(contentType: type)
    }

    /// The same for a multipart form's `input` part, by the part's own Content-Type.
    static func declaredSyntax(contentType: String) -> InputFormat.Syntax {
        isXML(mediaType(contentType)) ? .xml : .json
    }

    /// The request's Content-Type when it is `multipart/form-data`.
    /// The bytes decoding a form's screenshot will hold (its PNG header's size: the RGBA
    /// output and the inflated rows), 0 for other requests or a form that will be refused
    /// (a screenshot past `limits.maxPixels` is refused from its header, before decoding).
    static func screenshotMemory(_ request: Request, limits: ScreenshotLimits) -> Int {
        guard let form = multipartType(request) else { return 0 }
        return request.body.withUnsafeBytes { body -> Int in
            guard case .success(let read) = FormInput.read(body, contentType: form, screenshotLimits: limits),
                  let shot = read.screenshot else { return 0 }
            return shot.decodingBytes
        }
    }

    static func multipartType(_ request: Request) -> String? {
        guard let type = request.header("content-type"), mediaType(type) == "multipart/form-data" else { return nil }
        return type
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
    /// What the audit can answer (`OutputFormat.acceptable`), split at the `/` to match
    /// ranges against, in the order ties go (JSON first).
    private static let offered: [(type: Substring, subtype: Substring, format: OutputFormat)] = acceptable.map { offer in
        let halves = offer.mediaType.split(separator: "/", maxSplits: 1)
        return (halves[0], halves[1], offer.format)
    }

    /// The best format an `Accept` header allows (RFC 9110 §12.5.1): each offered type gets
    /// the q of the most specific range that matches it (`type/subtype` over `type/*` over
    /// `*/*`); the highest q above 0 wins, ties in the order of `offered`. JSON when the
    /// header is absent; nil when nothing offered is acceptable.
    init?(accept: String?) {
        guard let accept, !accept.isEmpty else { self = .json; return }
        // Per offered type: (specificity of the best match so far, its q).
        var matches = [(specificity: Int, q: Double)](repeating: (-1, 0), count: Self.offered.count)
        for entry in accept.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters() }
            guard let media = parts.first, !media.isEmpty else { continue }
            let halves = media.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2 else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            for (index, candidate) in Self.offered.enumerated() {
                let specificity: Int
                if halves[0] == "*", halves[1] == "*" {
                    specificity = 0
                } else if halves[0] == candidate.type, halves[1] == "*" {
                    specificity = 1
                } else if halves[0] == candidate.type, halves[1] == candidate.subtype {
                    specificity = 2
                } else {
                    continue
                }
                if specificity > matches[index].specificity { matches[index] = (specificity, q) }
            }
        }
        var best: (q: Double, format: OutputFormat)?
        for (index, match) in matches.enumerated() where match.specificity >= 0 && match.q > (best?.q ?? 0) {
            best = (match.q, Self.offered[index].format)
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
