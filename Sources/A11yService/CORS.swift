import HTTPServer

/// Cross-origin requests from the browser pages named by `--cors-origin` (a design-tool
/// plugin, a dashboard). A browser sends such a page's request with an `Origin` field and
/// shows the page the answer only when the answer names that origin; for anything beyond a
/// simple request (an `Authorization` field, a JSON body) it first asks with a *preflight*:
/// `OPTIONS` with `Access-Control-Request-Method`, which carries no credentials.
///
/// The outermost layer: it answers preflights for every route (before authentication, which
/// a preflight cannot pass) and adds the CORS fields to every answer for an allowed origin,
/// errors and 401s included, so the page can read why it was refused. Other origins get no
/// CORS fields, and their browsers keep the answer from them.
struct CORS: Middleware {
    var hooks: MiddlewareHooks { [.intercept, .amend] }
    /// Allowed origins as browsers serialise them: lowercase `scheme://host[:port]` without a
    /// default port, or `null` (the opaque origin of a sandboxed frame such as a Figma plugin's UI).
    let origins: Set<String>

    /// Request fields a page may send: what the API reads.
    static let allowHeaders = "Authorization, Content-Type, Accept, X-Request-Id"
    /// Response fields a page may read beyond the always-readable ones (Content-Type, ...).
    static let exposeHeaders = "X-Request-Id, Retry-After, WWW-Authenticate, Allow"
    /// Seconds a browser may reuse a preflight's answer (browsers cap it: Chromium at 2 hours).
    static let maxAge = "600"

    func intercept(_ request: Request, route: RouteMatch?) -> Response? {
        guard let route, request.method == .options, request.header("access-control-request-method") != nil,
              request.header("origin") != nil else { return nil }
        // A preflight gets 204 whatever its origin; only an allowed one also gets the fields
        // (`amend`) without which the browser refuses to send the real request.
        var response = Response(status: 204)
        if allowedOrigin(request) != nil {
            response.headers.append(("Access-Control-Allow-Methods", route.allow))
            response.headers.append(("Access-Control-Allow-Headers", Self.allowHeaders))
            response.headers.append(("Access-Control-Max-Age", Self.maxAge))
        }
        return response
    }

    func amend(_ response: inout Response, for request: Request?) {
        // Every answer depends on Origin once CORS is on: caches must keep them apart.
        response.headers.append(("Vary", "Origin"))
        guard let request, let origin = allowedOrigin(request) else { return }
        response.headers.append(("Access-Control-Allow-Origin", origin))
        response.headers.append(("Access-Control-Expose-Headers", Self.exposeHeaders))
    }

    /// The request's Origin when it is one of `origins`.
    private func allowedOrigin(_ request: Request) -> String? {
        guard let origin = request.header("origin") else { return nil }
        return origins.contains(origin.lowercased()) ? origin : nil
    }

    /// `origin` as a browser would send it (see `origins`), or why it can never match one.
    static func normalised(_ origin: String) -> Result<String, CORSOriginError> {
        let text = origin.lowercased()
        if text == "null" { return .success(text) }
        let scheme: String
        if text.hasPrefix("https://") { scheme = "https" } else if text.hasPrefix("http://") { scheme = "http" } else {
            return .failure(CORSOriginError(origin: origin, reason: "must start with http:// or https:// (or be null)"))
        }
        let authority = text.dropFirst(scheme.count + 3)
        guard !authority.isEmpty else { return .failure(CORSOriginError(origin: origin, reason: "has no host")) }
        guard !authority.contains("/"), !authority.contains("?"), !authority.contains("#") else {
            return .failure(CORSOriginError(origin: origin, reason: "must be scheme://host[:port] with no path (not even a trailing /)"))
        }
        guard !authority.contains("@"), !authority.contains("*") else {
            return .failure(CORSOriginError(origin: origin, reason: "must name one host, with no user or wildcard"))
        }
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            // An IPv6 literal: [::1] or [::1]:8080.
            guard let close = host.firstIndex(of: "]") else {
                return .failure(CORSOriginError(origin: origin, reason: "has an unclosed [ in its host"))
            }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return .failure(CORSOriginError(origin: origin, reason: "has text after its host")) }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        let hostBytes = host.utf8
        // Browsers send an internationalised name in its ASCII (punycode) form: xn--...
        guard hostBytes.allSatisfy({ $0 < 0x80 }) else {
            return .failure(CORSOriginError(origin: origin, reason: "must name its host in ASCII, as browsers send it (punycode: xn--...)"))
        }
        guard !host.isEmpty,
              host.hasPrefix("[") || hostBytes.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                  || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return .failure(CORSOriginError(origin: origin, reason: "has a host with characters a host cannot have")) }
        guard let port else { return .success("\(scheme)://\(host)") }
        guard !port.isEmpty, port.count <= 5, port.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = Int(port), (1...65_535).contains(number) else {
            return .failure(CORSOriginError(origin: origin, reason: "has a port that is not 1...65535"))
        }
        // Browsers leave out the scheme's default port.
        if (scheme == "https" && number == 443) || (scheme == "http" && number == 80) { return .success("\(scheme)://\(host)") }
        return .success("\(scheme)://\(host):\(number)")
    }
}

/// A `--cors-origin` no browser could send.
struct CORSOriginError: Error {
    let origin: String
    let reason: String
    var message: String { "\"\(origin)\" \(reason)" }
}
