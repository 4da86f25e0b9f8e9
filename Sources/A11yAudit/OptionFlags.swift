import A11yCore

/// CLI flags that set request `options`; they win over the file's own options.
struct OptionFlags {
    var level: WCAGLevel?
    var enable: [String] = []
    var disable: [String] = []
    var only: [String]?
    var thresholds: [(flag: String, value: Double)] = []
    var suppressions: [Suppression] = []

    static let help = """
      --level A|AA|AAA            WCAG level to check (default AA)
      --enable ID[,ID]            also run these rules
      --disable ID[,ID]           do not run these rules
      --only ID[,ID]              run only these rules
      --target-size N|WxH         minimum target size (default by platform)
      --contrast-text R           minimum text contrast (default 4.5)
      --contrast-large-text R     minimum large-text contrast (default 3)
      --contrast-non-text R       minimum non-text contrast (default 3)
      --suppress K=V[,K=V]        suppress findings; keys rule, id, identifier, node, reason
                                  (a comma starts a new pair only before KEY=, so a reason may hold commas)
    """

    /// Returns an error message for a bad value.
    mutating func set(_ flag: String, _ value: String) -> String? {
        let list = value.split(separator: ",").map(String.init)
        switch flag {
        case "--level":
            guard let l = WCAGLevel(rawValue: value) else { return "--level takes A, AA or AAA" }
            level = l
        case "--enable": enable += list
        case "--disable": disable += list
        case "--only": only = (only ?? []) + list
        case "--target-size":
            // Every side must be a number: "100x" and "x100" are typos, not 100.
            let parts = value.split(separator: "x", omittingEmptySubsequences: false)
            let sides = parts.compactMap { Double($0) }
            // Finite like the request's JSON numbers: "inf" and "1e400" parse as infinity.
            guard sides.count == parts.count, (sides.count == 1 || sides.count == 2),
                  sides.allSatisfy({ $0 > 0 && $0.isFinite }) else {
                return "--target-size takes N or WxH, e.g. 44 or 48x48"
            }
            thresholds.append(("width", sides[0]))
            thresholds.append(("height", sides.last!))
        case "--contrast-text", "--contrast-large-text", "--contrast-non-text":
            guard let r = Double(value), r >= 1, r <= 21 else { return "\(flag) takes a ratio from 1 to 21" }
            thresholds.append((flag, r))
        case "--suppress":
            var s = Suppression(pointer: "--suppress \(value)")
            for pair in Self.suppressionPairs(value) {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard kv.count == 2 else { return "--suppress takes key=value pairs, e.g. rule=target-size,id=close" }
                switch kv[0] {
                case "rule": s.rule = kv[1]
                case "id": s.id = kv[1]
                case "identifier": s.identifier = kv[1]
                case "node": s.node = kv[1]
                case "reason": s.reason = kv[1]
                default: return "--suppress: unknown key \(kv[0]) (use rule, id, identifier, node, reason)"
                }
            }
            guard s.rule != nil || s.id != nil || s.identifier != nil || s.node != nil else {
                return "--suppress needs at least one of rule, id, identifier, node"
            }
            suppressions.append(s)
        default:
            return "unknown option \(flag)"
        }
        return nil
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

    func apply(to options: inout AuditOptions) {
        if let level { options.level = level }
        // Pointers name the flag, so an unknown rule id is reported against it.
        options.enable += enable.map { Located($0, at: "--enable \($0)") }
        options.disable += disable.map { Located($0, at: "--disable \($0)") }
        if let only { options.only = only.map { Located($0, at: "--only \($0)") } }
        for (flag, value) in thresholds {
            switch flag {
            case "width": options.thresholds.targetWidth = value
            case "height": options.thresholds.targetHeight = value
            case "--contrast-text": options.thresholds.contrastText = value
            case "--contrast-large-text": options.thresholds.contrastLargeText = value
            default: options.thresholds.contrastNonText = value
            }
        }
        options.suppressions += suppressions
    }
}
