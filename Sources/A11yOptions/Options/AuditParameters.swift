import A11yCore
import A11yImport
import A11yModel
import A11yReports
import A11yRules
/// What one front end is asked for: how to write the answer, when the run fails, and what
/// the audit itself takes (`audit`). The CLI's flags and the service's query parameters are
/// read into this, through the same `AuditParameter` table, so both accept and refuse the
/// same values with the same words.
public struct FrontEndSettings: Sendable {
    /// How to write the answer (CLI `--format`; the service reads `Accept` instead).
    public var format = OutputFormat.json
    /// Indented JSON.
    public var pretty = false
    /// The impact at or above which a remaining violation fails the run.
    public var failOn = FailThreshold.default
    /// The input format, density and options the audit is given (`Audit.run`).
    public var audit = AuditSettings()

    public init() {}
}

/// A value a front end refused; the message names the flag or parameter as it was spelled.
public struct AuditParameterError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One per-audit parameter: its CLI flag, its query parameter when the service takes it, the
/// help line, and how its text is read. The table `AuditParameter.all` is the one place a
/// parameter is declared; the checks it shares with the request's `options` object are in
/// `OptionRules`.
public struct AuditParameter: Sendable {
    /// `--flag` on the command line.
    public let flag: String
    /// `?name=` on `POST /v1/audit`; nil when the service does not take it there.
    public let query: String?
    /// What the value looks like in the usage (`N|WxH`); nil for a switch, which takes no value.
    public let valueName: String?
    /// The usage's help, one entry per line.
    public let help: [String]
    /// Reads `value` (nil: a switch given alone) into the settings; `name` is how the front
    /// end spells the parameter, for the message.
    let reader: @Sendable (inout FrontEndSettings, _ value: String?, _ name: String) throws(AuditParameterError) -> Void

    /// Reads a value given as `name` (the flag or the query parameter).
    public func read(_ value: String?, as name: String, into settings: inout FrontEndSettings) throws(AuditParameterError) {
        try reader(&settings, value, name)
    }

    /// The parameter of a CLI flag.
    public static func flag(_ flag: String) -> AuditParameter? { all.first { $0.flag == flag } }

    /// The parameter of a service query name.
    public static func query(_ name: some StringProtocol) -> AuditParameter? { all.first { $0.query.map { $0 == name } ?? false } }
}

extension AuditParameter {
    /// Every per-audit parameter, in the order of the CLI's usage.
    public static let all: [AuditParameter] = [
        AuditParameter(flag: "--format", query: nil, valueName: "FORMAT",
                       help: ["json (default), text (grouped by element), sarif, junit, html, markdown, github"]) { s, v, name throws(AuditParameterError) in
            guard let format = OutputFormat(name: v ?? "") else { throw AuditParameterError("\(name) takes \(OutputFormat.namesInWords)") }
            s.format = format
        },
        // The service has always taken `?pretty`, `?pretty=1` and `?pretty=true`; any other
        // value leaves the answer compact.
        AuditParameter(flag: "--pretty", query: "pretty", valueName: nil, help: ["indent JSON"]) { s, v, _ throws(AuditParameterError) in
            if v == nil || v == "1" || v == "true" { s.pretty = true }
        },
        AuditParameter(flag: "--input-format", query: "format", valueName: "auto|json|android|ios|ios-json|figma", help: [
            "how to read inputs (default auto: XML is an Android UI Automator /",
            "Appium dump or an XCUITest page source, JSON with a top-level",
            "\"document\" or \"nodes\" a Figma REST response (a screen per frame),",
            "with \"type\" and \"rect\" a WebDriverAgent JSON source (ios-json),",
            "anything else our JSON tree; a folder means its .json and .xml",
            "files, with android or ios its .xml, with json, ios-json or figma its .json)",
        ]) { s, v, name throws(AuditParameterError) in
            guard let format = InputFormat(name: v ?? "") else { throw AuditParameterError("\(name) takes auto, json, android, ios, ios-json or figma") }
            s.audit.inputFormat = format
        },
        AuditParameter(flag: "--density", query: "density", valueName: "D",
                       help: ["Android pixels per dp, 0.1 to 100 (e.g. 2.625); default: inferred (docs/importing.md)"]) { s, v, name throws(AuditParameterError) in
            guard let density = v.flatMap({ DecimalNumber.double($0, in: AndroidDensity.acceptedRange) }) else {
                throw AuditParameterError("\(name) takes a decimal number from 0.1 to 100 (Android pixels per dp, e.g. 2.625)")
            }
            s.audit.density = density
        },
        AuditParameter(flag: "--fail-on", query: nil, valueName: "minor|moderate|serious|critical|none",
                       help: ["exit 1 when a violation at or above this impact remains (default serious)"]) { s, v, name throws(AuditParameterError) in
            guard let threshold = FailThreshold(v ?? "") else { throw AuditParameterError("\(name) takes minor, moderate, serious, critical or none") }
            s.failOn = threshold
        },
        AuditParameter(flag: "--level", query: nil, valueName: "A|AA|AAA", help: ["WCAG level to check (default AA)"]) { s, v, name throws(AuditParameterError) in
            guard let level = WCAGLevel(rawValue: v ?? "") else { throw AuditParameterError("\(name) takes A, AA or AAA") }
            s.audit.options.level = level
        },
        AuditParameter(flag: "--preset", query: "preset", valueName: "NAME[@N]",
                       help: ["rules on by default: wcag22-a, wcag22-aa or wcag22-aaa, @N pinning a version",
                              "(default: the latest of --level)"]) { s, v, name throws(AuditParameterError) in
            guard RulePresets.preset(named: v ?? "") != nil else { throw AuditParameterError("\(name): " + RulePresets.unknownMessage(v ?? "")) }
            s.audit.options.preset = Located(v ?? "", at: "\(name) \(v ?? "")")
        },
        // Pointers name the flag, so an unknown rule id is reported against it.
        AuditParameter(flag: "--enable", query: nil, valueName: "ID[,ID]", help: ["also run these rules"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.enable += ruleList(v, name)
        },
        AuditParameter(flag: "--disable", query: nil, valueName: "ID[,ID]", help: ["do not run these rules"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.disable += ruleList(v, name)
        },
        AuditParameter(flag: "--only", query: nil, valueName: "ID[,ID]", help: ["run only these rules"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.only = (s.audit.options.only ?? []) + ruleList(v, name)
        },
        AuditParameter(flag: "--target-size", query: nil, valueName: "N|WxH", help: ["minimum target size (default by platform)"]) { s, v, name throws(AuditParameterError) in
            // Every side must be a number: "100x" and "x100" are typos, not 100.
            let parts = (v ?? "").split(separator: "x", omittingEmptySubsequences: false)
            let sides = parts.compactMap { DecimalNumber.double($0) }
            guard sides.count == parts.count, sides.count == 1 || sides.count == 2, sides.allSatisfy(OptionRules.isTargetSide) else {
                throw AuditParameterError("\(name) takes N or WxH, e.g. 44 or 48x48")
            }
            s.audit.options.thresholds.targetWidth = sides[0]
            s.audit.options.thresholds.targetHeight = sides[sides.count - 1]
        },
        AuditParameter(flag: "--contrast-text", query: nil, valueName: "R", help: ["minimum text contrast (default 4.5)"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.thresholds.contrastText = try ratio(v, name)
        },
        AuditParameter(flag: "--contrast-large-text", query: nil, valueName: "R", help: ["minimum large-text contrast (default 3)"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.thresholds.contrastLargeText = try ratio(v, name)
        },
        AuditParameter(flag: "--contrast-non-text", query: nil, valueName: "R", help: ["minimum non-text contrast (default 3)"]) { s, v, name throws(AuditParameterError) in
            s.audit.options.thresholds.contrastNonText = try ratio(v, name)
        },
        AuditParameter(flag: "--suppress", query: nil, valueName: "K=V[,K=V]", help: [
            "suppress findings; keys rule, id, identifier, node, reason",
            "(a comma starts a new pair only before KEY=, so a reason may hold commas)",
        ]) { s, v, name throws(AuditParameterError) in
            s.audit.options.suppressions.append(try suppression(v ?? "", name))
        },
    ]

    private static func ruleList(_ value: String?, _ name: String) -> [Located<String>] {
        (value ?? "").split(separator: ",").map { Located(String($0), at: "\(name) \($0)") }
    }

    private static func ratio(_ value: String?, _ name: String) throws(AuditParameterError) -> Double {
        guard let ratio = value.flatMap({ DecimalNumber.double($0) }), OptionRules.isContrastRatio(ratio) else {
            throw AuditParameterError(OptionRules.contrastRatioMessage(name))
        }
        return ratio
    }

    /// `rule=target-size,id=close,reason=…`: the keys of a suppression object.
    private static func suppression(_ value: String, _ name: String) throws(AuditParameterError) -> Suppression {
        var s = Suppression(pointer: "\(name) \(value)")
        for pair in suppressionPairs(value) {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw AuditParameterError("\(name) takes key=value pairs, e.g. rule=target-size,id=close") }
            switch kv[0] {
            case "rule": s.rule = kv[1]
            case "id": s.id = kv[1]
            case "identifier": s.identifier = kv[1]
            case "node": s.node = kv[1]
            case "reason": s.reason = kv[1]
            default: throw AuditParameterError("\(name): unknown key \(kv[0]) (use rule, id, identifier, node, reason)")
            }
        }
        guard s.selectsFindings else { throw AuditParameterError(OptionRules.suppressionMessage(name)) }
        return s
    }

    /// Splits `rule=a,reason=late, not urgent` into its pairs. A comma ends a pair only when
    /// a key follows it (letters, then `=`); any other comma belongs to the value, so a reason
    /// or an identifier may contain commas. A mistyped key after a comma is still a key, and
    /// is refused as unknown rather than swallowed into the value before it.
    static func suppressionPairs(_ value: String) -> [String] {
        var pairs: [String] = []
        var current = ""
        var rest = Substring(value)
        while let comma = rest.firstIndex(of: ",") {
            current += rest[..<comma]
            let after = rest[rest.index(after: comma)...]
            let key = after.prefix { $0.isASCII && $0.isLetter }
            if !key.isEmpty, after.dropFirst(key.count).first == "=" {
                pairs.append(current)
                current = ""
            } else {
                current += ","
            }
            rest = after
        }
        pairs.append(current + rest)
        return pairs
    }
}
