import A11yReports

/// How the service names the output formats in HTTP: the `Content-Type` of its answer, and the
/// media types an `Accept` header may ask for. The reports only write their bytes; which media
/// type labels them is the front end's word.
extension OutputFormat {
    /// What an answer in this format is sent as. GitHub annotations are plain text lines (the
    /// CLI's; no `Accept` asks for them); the server adds `; charset=utf-8` where it likes.
    package var mediaType: String {
        switch self {
        case .json: "application/json"
        case .text: "text/plain; charset=utf-8"
        case .report(.sarif): "application/sarif+json"
        case .report(.junit): "application/xml"
        case .report(.html): "text/html"
        case .report(.markdown): "text/markdown"
        case .report(.github): "text/plain; charset=utf-8"
        }
    }

    /// The media types an `Accept` header may name, each with the format it gets, in the order
    /// ties go (JSON first); in lowercase, as the service compares header values. `text/xml` is
    /// read as JUnit too; the terminal text and GitHub annotations are not offered (`text/plain`
    /// is neither).
    package static let acceptable: [(mediaType: String, format: OutputFormat)] = [
        ("application/json", .json),
        ("text/html", .report(.html)),
        ("application/sarif+json", .report(.sarif)),
        ("application/xml", .report(.junit)),
        ("text/xml", .report(.junit)),
        ("text/markdown", .report(.markdown)),
    ]
}
