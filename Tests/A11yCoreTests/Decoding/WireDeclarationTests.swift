import Testing
@testable import A11yCore
import A11yJSON
@testable import A11yModel
import A11yCoreTestSupport

/// The decoder's lookups are compiled from the wire declarations (`NodeWire.fields`,
/// `NodeKind.wire`, `Traits.declarations`, the `WireEnum`s): each answers every declared name
/// and nothing else.
@Suite struct WireDeclarationTests {
    private func bytes<Value>(_ text: String, _ lookup: (JSONKey) -> Value?) -> Value? {
        Array(text.utf8).withUnsafeBytes { lookup(JSONKey(bytes: $0)) }
    }

    /// `name` is found as `value`; near misses (shorter, longer, other case, empty) are not.
    private func answersOnly<Value: Equatable>(_ declared: [(String, Value)], _ lookup: (JSONKey) -> Value?) {
        let names = Set(declared.map(\.0))
        for (name, value) in declared {
            #expect(bytes(name, lookup) == value, "\(name)")
            for miss in [String(name.dropLast()), name + "s", name.uppercased(), "x" + name] where !names.contains(miss) {
                #expect(bytes(miss, lookup) == nil, "\(miss)")
            }
        }
        #expect(bytes("", lookup) == nil)
    }

    @Test func nodeFields() {
        let declared = NodeWire.fields.enumerated().map { ($1.name, $0) }
        #expect(Set(declared.map(\.0)).count == declared.count, "a field is declared twice")
        answersOnly(declared) { NodeFieldKey.named($0)?.index }
        // The word table the reader's fast path uses holds the short names, each once.
        for (name, index) in declared where name.utf8.count <= KnownKeyWords<NodeFieldKey>.maxLength {
            let (low, high) = KnownKeyWords<NodeFieldKey>.words(Array(name.utf8))
            #expect(NodeFieldKey.keyWords.key(length: name.utf8.count, low: low, high: high)?.index == index, "\(name)")
        }
    }

    @Test func kindsTraitsAndEnumerations() {
        answersOnly(NodeKind.allCases.map { ($0.rawValue, $0) }) { NodeKind.wire.lookup.value(bytes: $0) }
        answersOnly(Traits.names.map { ($0.name, $0.trait) }) { Traits.wire.value(bytes: $0) }
        #expect(bytes("textEntry", Traits.wire.value(bytes:)) == nil, "private traits are not on the wire")
        // Responses list traits by bit: the declarations are in bit order from bit 0.
        #expect(Traits.declarations.enumerated().allSatisfy { $1.trait.rawValue == 1 << $0 })
        func check<E: WireEnum & Equatable>(_ type: E.Type) {
            #expect(E.wire.names == E.allCases.map(\.rawValue))
            answersOnly(E.allCases.map { ($0.rawValue, $0) }) { E.wire.lookup.value(bytes: $0) }
        }
        check(Platform.self); check(Idiom.self); check(LayoutDirection.self); check(WCAGLevel.self)
        check(Grouping.self); check(CustomContent.Importance.self); check(Combinable.Sorting.self)
        check(Deferral.Content.Kind.self); check(LabeledPair.Role.self); check(StringStrategy.KeyPath.self)
        check(Style.BackgroundKind.self)
    }

    /// A spelling canonically equivalent to a declared name (U+212A KELVIN SIGN for "K") is that
    /// name, as Swift's String comparison has always made it; unknown names fail with the noun.
    @Test func canonicalSpellingsAndUnknownNames() throws {
        let kelvin = try Tree.decode(#"{"root":{"traits":["keyboard\u212Aey"]}}"#)
        #expect(kelvin.nodes[0].traits == .keyboardKey)
        let trait = try #require(Tree.failure(#"{"root":{"traits":["buton"]}}"#))
        #expect(trait.message == #"unknown trait "buton""#)
        let grouping = try #require(Tree.failure(#"{"root":{"grouping":"merge"}}"#))
        #expect(grouping.message == #"unknown grouping "merge""#)
        #expect(try Tree.decode(#"{"root":{"type":"gauge"}}"#).nodes[0].kind == .view)
    }

    @Test func coloursReadFromBytesAsFromText() {
        for text in ["#000000", "#FFFFFF", "#1a2B3c", "#11223344", "#abcdef80", "#12345", "#1234567", "#12345G",
                     "123456", "#", "", "#GG0000", "#00000g00"] {
            #expect(bytes(text, WireNames.color) == Color(hex: text), "\(text)")
        }
    }
}
