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

    private func expectTableFindsEveryCase<E: WireEnum & Equatable>(_ type: E.Type) {
        for value in E.allCases {
            #expect(bytes(value.rawValue, E.wireNames.value(named:)) == value, "\(value)")
            for text in [String(value.rawValue.dropLast()), value.rawValue + "x", value.rawValue.uppercased(), ""] {
                #expect(bytes(text, E.wireNames.value(named:)) == E(rawValue: text), "\(text)")
            }
        }
    }

    @Test func everyEnumerationValueIsFoundByItsName() {
        expectTableFindsEveryCase(Platform.self)
        expectTableFindsEveryCase(Idiom.self)
        expectTableFindsEveryCase(LayoutDirection.self)
        expectTableFindsEveryCase(WCAGLevel.self)
        expectTableFindsEveryCase(Grouping.self)
        expectTableFindsEveryCase(CustomContent.Importance.self)
        expectTableFindsEveryCase(Combinable.Sorting.self)
        expectTableFindsEveryCase(Deferral.Content.Kind.self)
        expectTableFindsEveryCase(LabeledPair.Role.self)
        expectTableFindsEveryCase(StringStrategy.KeyPath.self)
        expectTableFindsEveryCase(Style.BackgroundKind.self)
    }

    /// Escaped spellings are matched on their decoded bytes.
    @Test func escapedEnumerationSpellingDecodes() throws {
        let json = #"{"platform": "\u0069os", "root": {"type": "view", "grouping": "c\u006fmbine"}}"#
        let document = try Array(json.utf8).withUnsafeBytes { bytes throws(InputError) in try DocumentDecoder.decode(bytes) }
        #expect(document.platform == .ios)
        #expect(document.nodes[0].grouping == .combine)
    }
}
