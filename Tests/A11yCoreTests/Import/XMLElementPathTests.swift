import Testing
@testable import A11yCore
import A11yCoreTestSupport
import A11yTestSupport

/// Element paths of XML dumps (`SourceMapBuilder`): each step is the element name and its
/// ordinal among the siblings of that name, as an XPath would count them. The builder counts
/// runs of same-named siblings without its table, so these dumps (our own) interleave names,
/// nest runs inside runs and come back to a name after others.
@Suite struct XMLElementPathTests {
    @Test func ordinalsCountSameNamedSiblingsAcrossOtherNamesAndNesting() throws {
        let xml = """
        <hierarchy rotation="0">
          <a bounds="[0,0][1,1]"><a bounds="[0,0][1,1]"/><a bounds="[0,0][1,1]"/><b bounds="[0,0][1,1]"/><a bounds="[0,0][1,1]"/></a>
          <a bounds="[0,0][1,1]"/>
          <b bounds="[0,0][1,1]"><a bounds="[0,0][1,1]"/></b>
          <a bounds="[0,0][1,1]"/>
          <c bounds="[0,0][1,1]"/>
          <b bounds="[0,0][1,1]"/>
        </hierarchy>
        """
        let doc = try Android.document(xml)
        let paths = (0..<doc.nodes.count).map { doc.pointer(of: $0) }
        #expect(paths == [
            "/hierarchy",
            "/hierarchy/a[1]", "/hierarchy/a[1]/a[1]", "/hierarchy/a[1]/a[2]", "/hierarchy/a[1]/b[1]", "/hierarchy/a[1]/a[3]",
            "/hierarchy/a[2]",
            "/hierarchy/b[1]", "/hierarchy/b[1]/a[1]",
            "/hierarchy/a[3]",
            "/hierarchy/c[1]",
            "/hierarchy/b[2]",
        ])
    }
}
