import HTTPServer

/// `Cache-Control: no-store` on every answer. An audit's answer holds the text of the
/// screens sent (labels and values, often personal data) and an error answer may quote the
/// input: no browser cache or proxy on the way may keep a copy (RFC 9111 §5.2.2.5). What
/// could be cached (the rule catalogue, the OpenAPI document) is small and read rarely.
struct NoStore: Middleware {
    var hooks: MiddlewareHooks { [.amend] }
    private static let cacheControl = HeaderLine(name: "Cache-Control", value: "no-store")

    func amend(_ response: inout Response, for request: Request?) {
        response.add(Self.cacheControl)
    }
}
