/// The checks request `options` and the parameters share, and their words: the request's
/// JSON (`OptionsDecoder`) and the CLI's flags refuse the same values the same way.
package enum OptionRules {
    /// A target side: a positive, finite number of points.
    package static func isTargetSide(_ side: Double) -> Bool { side > 0 && side.isFinite }

    /// Contrast ratios run from 1:1 to 21:1.
    package static func isContrastRatio(_ ratio: Double) -> Bool { (1...21).contains(ratio) }

    package static func contrastRatioMessage(_ name: String) -> String { "\(name) takes a ratio from 1 to 21" }

    package static func suppressionMessage(_ name: String) -> String { "\(name) needs at least one of rule, id, identifier, node" }
}

extension Suppression {
    /// Whether it says which findings it suppresses (a reason alone suppresses nothing).
    package var selectsFindings: Bool { rule != nil || id != nil || identifier != nil || node != nil }
}
