import A11yCore
import A11yImport
import HTTPParser
import HTTPServer
import A11yModel

/// A `multipart/form-data` audit request (RFC 7578): the part named `input` is the body an
/// audit reads on its own (our tree, a batch, an Android or iOS dump, a Figma response: its
/// Content-Type, or the content, says which; `application/octet-stream` and `text/plain` say
/// nothing), and the optional part named `screenshot` is a PNG of that screen (`image/png`,
/// `application/octet-stream` or untyped: the PNG signature decides). Any other part name, a second `input` or `screenshot`, a screenshot
/// that is not `image/png`, or an input part that is neither JSON nor XML is refused with
/// 400 naming the part.
struct FormInput {
    var input: MultipartPart
    var screenshot: ScreenshotFile?

    /// The 400 answer for a form that is refused.
    struct FormProblem: Error { var response: Response }

    static let problemType = "urn:a11y-audit:problem:multipart"

    static func read(_ body: UnsafeRawBufferPointer, contentType: String,
                     screenshotLimits: ScreenshotLimits) -> Result<FormInput, FormProblem> {
        let parts: [MultipartPart]
        do throws(MultipartError) {
            let boundary = try Multipart.boundary(contentType: contentType)
            parts = try Multipart.parts(body, boundary: boundary)
        } catch {
            return .failure(problem(error.description))
        }
        var input: MultipartPart?, screenshot: MultipartPart?
        for part in parts {
            switch part.name {
            case "input":
                guard input == nil else { return .failure(problem("the form has two parts named input; send one")) }
                input = part
            case "screenshot":
                guard screenshot == nil else { return .failure(problem("the form has two parts named screenshot; one input has one screenshot")) }
                screenshot = part
            default:
                return .failure(problem("the form has a part named \"\(part.name)\"; only input and screenshot are read"))
            }
        }
        guard var input else { return .failure(problem("the form has no part named input (the tree, dump or Figma file to audit)")) }
        // A part a client did not type (curl -F sends application/octet-stream for files it
        // does not know, text/plain for plain fields) is read as undeclared: its content says.
        if let type = input.contentType, isUndeclared(type) { input.contentType = nil }
        if let type = input.contentType, !isInputType(type) {
            return .failure(problem("the input part's Content-Type is \(type); send JSON (application/json) or XML (application/xml)"))
        }
        var file: ScreenshotFile?
        if let shot = screenshot {
            if let type = shot.contentType, mediaType(type) != "image/png", mediaType(type) != "application/octet-stream" {
                return .failure(problem("the screenshot part's Content-Type is \(type), not image/png"))
            }
            let bytes = ArraySlice(UnsafeRawBufferPointer(rebasing: body[shot.content]))
            file = ScreenshotFile(name: shot.filename ?? "screenshot", bytes: bytes, limits: screenshotLimits)
        }
        return .success(FormInput(input: input, screenshot: file))
    }

    /// `application/octet-stream` or `text/plain`: no more said than "bytes" or "text".
    static func isUndeclared(_ type: String) -> Bool {
        ["application/octet-stream", "text/plain"].contains(mediaType(type))
    }

    /// JSON (`application/json`, `+json`) or XML (`application/xml`, `text/xml`, `+xml`), UTF-8.
    static func isInputType(_ type: String) -> Bool {
        let media = mediaType(type)
        let known = media == "application/json" || media == "application/xml" || media == "text/xml"
            || (media.hasPrefix("application/") && (media.hasSuffix("+json") || media.hasSuffix("+xml")))
        let charset = type.split(separator: ";").dropFirst().map { $0.trimmingCharacters() }.first { $0.hasPrefix("charset=") }
        let utf8 = charset.map { ["charset=utf-8", "charset=utf8", "charset=\"utf-8\""].contains($0) } ?? true
        return known && utf8
    }

    static func mediaType(_ value: String) -> String {
        value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters() } ?? ""
    }

    static func problem(_ detail: String) -> FormProblem {
        FormProblem(response: Problem.response(status: 400, type: problemType, title: "Malformed multipart form", detail: detail))
    }
}
