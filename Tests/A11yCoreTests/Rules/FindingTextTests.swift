import Testing
@testable import A11yCore
@testable import A11yModel
@testable import A11yEngines
@testable import A11yRules

/// The byte-level formatters used in finding messages give exactly what the plain
/// String-building versions give (numbers: see NumberTextTests).
@Suite struct FindingTextTests {
    @Test func hexCodesMatchHex() {
        var colors = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1), Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.5),
                      Color(red: 1, green: 0, blue: 0, alpha: 0), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1.5),
                      Color(red: 1.2, green: -0.1, blue: 0.5), Color(red: 0.5, green: 0.5, blue: 0.5, alpha: -0.5)]
        for v in stride(from: 0.0, through: 1.0, by: 1.0 / 510) {
            colors.append(Color(red: v, green: 1 - v, blue: v / 2, alpha: v))
        }
        for color in colors { #expect(color.hexCode == color.hex) }
    }
}
