import Testing
@testable import A11yCore

/// The byte-level lookups the decoder uses agree with the model's own names and parser.
@Suite struct WireNameLookupTests {
    private func bytes<R>(_ text: String, _ body: (JSONKey) -> R) -> R {
        Array(text.utf8).withUnsafeBytes { body(JSONKey(bytes: $0)) }
    }

    @Test func everyKindIsFoundByItsName() {
        for kind in NodeKind.allCases {
            #expect(bytes(kind.rawValue, WireNames.kind) == kind, "\(kind)")
            #expect(bytes(String(kind.rawValue.dropLast()), WireNames.kind) == nil, "\(kind)")
            #expect(bytes(kind.rawValue + "s", WireNames.kind) == nil, "\(kind)")
        }
        #expect(bytes("", WireNames.kind) == nil)
    }

    @Test func everyWireTraitIsFoundByItsName() {
        for (name, trait) in Traits.names {
            #expect(bytes(name, WireNames.trait) == trait, "\(name)")
            #expect(bytes(String(name.dropLast()), WireNames.trait) == nil, "\(name)")
            #expect(bytes(name.uppercased(), WireNames.trait) == nil, "\(name)")
        }
        #expect(bytes("textEntry", WireNames.trait) == nil)
    }

    @Test func coloursParseAsColorHexDoes() {
        for text in ["#000000", "#FFFFFF", "#1a2B3c", "#11223344", "#abcdef80", "#12345", "#1234567", "#12345G",
                     "123456", "#", "", "#GG0000", "#00000g00"] {
            #expect(bytes(text, WireNames.color) == Color(hex: text), "\(text)")
        }
    }
}
