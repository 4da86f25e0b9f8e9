import A11yCore
import HTTPServer
import A11yModel

/// RFC 9457 problem documents for the service's own errors.
enum Problem {
    static func response(status: Int, type: String, title: String, detail: String, pointer: String? = nil,
                         line: Int? = nil, column: Int? = nil) -> Response {
        var body = Array("{\"type\":".utf8)
        JSONText.appendString(type, to: &body)
        body += ",\"title\":".utf8
        JSONText.appendString(title, to: &body)
        body += ",\"status\":\(status),\"detail\":".utf8
        JSONText.appendString(detail, to: &body)
        if let pointer {
            body += ",\"pointer\":".utf8
            JSONText.appendString(pointer, to: &body)
        }
        // Imported XML: where in the document (extension members, RFC 9457 §3.2).
        if let line, let column { body += ",\"line\":\(line),\"column\":\(column)".utf8 }
        body += "}".utf8
        return Response(status: status, contentType: "application/problem+json", body: body)
    }

    /// Bad audit input: 400 with the JSON Pointer of the value at fault.
    static func input(_ error: InputError) -> Response {
        response(status: 400, type: "urn:a11y-audit:problem:\(error.kind.rawValue)", title: title(error.kind),
                 detail: error.message, pointer: error.pointer, line: error.line, column: error.column)
    }

    private static func title(_ kind: InputError.Kind) -> String {
        switch kind {
        case .syntax: "Malformed JSON"
        case .type: "Wrong JSON type"
        case .missing: "Missing member"
        case .invalidValue: "Invalid value"
        case .duplicateID: "Duplicate node id"
        case .unknownReference: "Unknown node reference"
        case .limit: "Limit exceeded"
        case .unknownRule: "Unknown rule"
        case .markup: "Malformed XML"
        case .unsupportedFormat: "Unsupported input format"
        case .screenshot: "Unusable screenshot"
        case .timeBudget: "Time budget exceeded"
        case .cancelled: "Audit cancelled"
        }
    }
}
