import A11yCore
import A11yJSON
import HTTPServer
import A11yModel

/// RFC 9457 problem documents for the service's own errors.
enum Problem {
    static func response(status: Int, type: String, title: String, detail: String, pointer: String? = nil,
                         line: Int? = nil, column: Int? = nil) -> Response {
        var json = JSONWriter(capacity: 160 + detail.utf8.count)
        json.beginObject()
        json.key("type")
        json.string(type)
        json.key("title")
        json.string(title)
        json.key("status")
        json.int(status)
        json.key("detail")
        json.string(detail)
        if let pointer {
            json.key("pointer")
            json.string(pointer)
        }
        // Imported XML: where in the document (extension members, RFC 9457 §3.2).
        if let line, let column {
            json.key("line")
            json.int(line)
            json.key("column")
            json.int(column)
        }
        json.endObject()
        let body = json.bytes
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
