import Testing
@testable import A11yCore

/// The byte-level key lookup of node members agrees with the field names.
@Suite struct NodeFieldLookupTests {
    private func lookup(_ name: String) -> NodeFields.Field? {
        Array(name.utf8).withUnsafeBytes { NodeFields.Field.named(JSONKey(bytes: $0)) }
    }

    @Test func everyFieldIsFoundByItsName() {
        for field in NodeFields.Field.allCases {
            #expect(lookup(field.rawValue) == field, "\(field)")
        }
    }

    @Test func nearMissesAreUnknown() {
        for field in NodeFields.Field.allCases {
            let name = field.rawValue
            #expect(lookup(String(name.dropLast())) == nil, "\(name)")
            #expect(lookup(name + "s") == nil, "\(name)")
            #expect(lookup(name.uppercased()) == nil, "\(name)")
        }
        #expect(lookup("") == nil)
    }
}

/// Node objects check known members for duplicates by bit: every field needs its own.
@Suite struct NodeFieldBitTests {
    @Test func everyFieldHasItsOwnBit() {
        let bits = NodeFields.Field.allCases.map(\.bit)
        #expect(Set(bits).count == NodeFields.Field.allCases.count)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }
}

@Suite struct StyleFieldBitTests {
    @Test func everyStyleFieldHasItsOwnBit() {
        let bits = StyleDecoder.StyleField.allCases.map(\.bit)
        #expect(Set(bits).count == StyleDecoder.StyleField.allCases.count)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }
}

/// The byte-level key lookup of style members agrees with the member names.
@Suite struct StyleFieldLookupTests {
    private func lookup(_ name: String) -> StyleDecoder.StyleField? {
        Array(name.utf8).withUnsafeBytes { StyleDecoder.StyleField.named(JSONKey(bytes: $0)) }
    }

    @Test func everyStyleFieldIsFoundByItsNameAndNearMissesAreNot() {
        for field in StyleDecoder.StyleField.allCases {
            let name = field.rawValue
            #expect(lookup(name) == field, "\(name)")
            #expect(lookup(String(name.dropLast())) == nil, "\(name)")
            #expect(lookup(name + "s") == nil, "\(name)")
            #expect(lookup(name.uppercased()) == nil, "\(name)")
        }
    }
}
