/// Decoding of request `options` (rule selection, thresholds, suppressions, baseline).
/// Rule ids are checked against the registry later, so they keep their pointers. The checks
/// and words it shares with the CLI's flags are `OptionRules`'.
enum OptionsDecoder {
    static func decode(_ c: inout JSONCursor) throws(InputError) -> AuditOptions {
        var o = AuditOptions()
        try c.object("an options object") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "level": o.level = try c.enumeration(WCAGLevel.self, "WCAG level")
            case "rules":
                try c.object("a rules object {enable, disable, only}") { c, key throws(InputError) in
                    if try c.consumeNull() { return }
                    switch key {
                    case "enable": o.enable = try located(&c)
                    case "disable": o.disable = try located(&c)
                    case "only": o.only = try located(&c)
                    default: try c.skip()
                    }
                }
            case "thresholds": o.thresholds = try thresholds(&c)
            case "suppress":
                try c.array { c, _ throws(InputError) in o.suppressions.append(try suppression(&c)) }
            case "baseline":
                try c.object("a baseline object {fingerprints}") { c, key throws(InputError) in
                    guard key == "fingerprints" else { try c.skip(); return }
                    o.baseline = try located(&c)
                }
            case "source": o.source = try c.string()
            default: try c.skip()
            }
        }
        return o
    }

    private static func located(_ c: inout JSONCursor) throws(InputError) -> [Located<String>] {
        var out: [Located<String>] = []
        try c.array { c, _ throws(InputError) in out.append(Located(try c.string(), at: c.pointer)) }
        return out
    }

    private static func positive(_ c: inout JSONCursor) throws(InputError) -> Double {
        let v = try c.number()
        guard OptionRules.isTargetSide(v) else { throw c.error(.invalidValue, "threshold must be positive") }
        return v
    }

    private static func thresholds(_ c: inout JSONCursor) throws(InputError) -> Thresholds {
        var t = Thresholds()
        try c.object("a thresholds object") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "targetSize":
                if try c.kind() == .number {
                    let side = try positive(&c)
                    t.targetWidth = side; t.targetHeight = side
                    return
                }
                try c.object("a targetSize object {width, height} or a number") { c, key throws(InputError) in
                    switch key {
                    case "width": t.targetWidth = try positive(&c)
                    case "height": t.targetHeight = try positive(&c)
                    default: try c.skip()
                    }
                }
            case "contrastText": t.contrastText = try ratio(&c, "contrastText")
            case "contrastLargeText": t.contrastLargeText = try ratio(&c, "contrastLargeText")
            case "contrastNonText": t.contrastNonText = try ratio(&c, "contrastNonText")
            default: try c.skip()
            }
        }
        return t
    }

    private static func ratio(_ c: inout JSONCursor, _ key: String) throws(InputError) -> Double {
        let v = try c.number()
        guard OptionRules.isContrastRatio(v) else { throw c.error(.invalidValue, OptionRules.contrastRatioMessage(key)) }
        return v
    }

    private static func suppression(_ c: inout JSONCursor) throws(InputError) -> Suppression {
        var s = Suppression(pointer: c.pointer)
        try c.object("a suppression object {rule, id, identifier, node, reason}") { c, key throws(InputError) in
            if try c.consumeNull() { return }
            switch key {
            case "rule": s.rule = try c.string()
            case "id": s.id = try c.string()
            case "identifier": s.identifier = try c.string()
            case "node": s.node = try c.string()
            case "reason": s.reason = try c.string()
            default: try c.skip()
            }
        }
        guard s.selectsFindings else { throw c.error(.missing, OptionRules.suppressionMessage("a suppression")) }
        return s
    }
}
