import A11yImport
import A11yReports

/// How the front ends name the formats: an output on the command line (`--format NAME`,
/// `--output NAME=FILE`), an input on the command line and in the service's query
/// (`--input-format NAME`, `?format=NAME`). The core knows the formats as cases; these words
/// are what people type.
extension OutputFormat {
    /// Every output format, in the order the usage lists them.
    package static let all: [OutputFormat] = [.json, .text] + ReportFormat.allCases.map { .report($0) }

    /// `json`, `text`, `sarif`, `junit`, `html`, `markdown`, `github`.
    package var name: String {
        switch self {
        case .json: "json"
        case .text: "text"
        case .report(.sarif): "sarif"
        case .report(.junit): "junit"
        case .report(.html): "html"
        case .report(.markdown): "markdown"
        case .report(.github): "github"
        }
    }

    package init?(name: String) {
        guard let format = Self.all.first(where: { $0.name == name }) else { return nil }
        self = format
    }

    /// Every name, as a refusal lists them: "json, text, ... or github".
    package static var namesInWords: String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

extension InputFormat {
    /// `auto`, `json`, `android`, `ios`, `ios-json`, `figma`.
    package var name: String {
        switch self {
        case .auto: "auto"
        case .json: "json"
        case .android: "android"
        case .ios: "ios"
        case .iosJSON: "ios-json"
        case .figma: "figma"
        }
    }

    package init?(name: String) {
        guard let format = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = format
    }
}
