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
