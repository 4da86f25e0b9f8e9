import Testing
@testable import A11yCore
import A11yTestSupport
import A11yCoreTestSupport

/// `AndroidHierarchyReader` finds a class met before by the bytes it was written with; these
/// dumps (our own) write the same classes in every way a dump can, and each node must get
/// the class, kind and class flags it would get if it were the only one.
@Suite struct AndroidClassLookupTests {
    @Test func classesMetAgainAreTheSameWhateverWroteThem() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <hierarchy index="0" class="hierarchy" rotation="0" width="300" height="600">
          <android.widget.Button index="0" class="android.widget.Button" text="A" bounds="[0,0][10,10]"/>
          <android.widget.Button index="1" class="android.widget.&#66;utton" text="B" bounds="[0,0][10,10]"/>
          <android.widget.Button index="2" text="C" bounds="[0,0][10,10]"/>
          <node index="3" class="android.widget.Button" text="D" bounds="[0,0][10,10]"/>
          <node index="4" class="" text="E" bounds="[0,0][10,10]"/>
          <android.widget.ScrollView index="5" class="android.widget.ScrollView" bounds="[0,0][10,10]"/>
          <node index="6" class="android.widget.ScrollView" bounds="[0,0][10,10]"/>
          <node index="7" class="android.widget.Spinner" bounds="[0,0][10,10]"/>
          <node index="8" class="android.widget.Spinner" checkable="true" bounds="[0,0][10,10]"/>
        </hierarchy>
        """
        let doc = try Android.document(xml)
        #expect(doc.nodes[1...4].map(\.typeName) == Array(repeating: "android.widget.Button", count: 4))
        #expect(doc.nodes[1...4].map(\.kind) == Array(repeating: .button, count: 4))
        // An empty class on a <node> is no class (a plain view).
        #expect(doc.nodes[5].typeName == "android.view.View" && doc.nodes[5].kind == .view)
        #expect(doc.nodes[6].typeName == "android.widget.ScrollView" && doc.nodes[7].typeName == "android.widget.ScrollView")
        #expect(doc.nodes[6].kind == doc.nodes[7].kind)
        #expect(doc.nodes[8].kind == doc.nodes[9].kind && doc.nodes[9].typeName == "android.widget.Spinner")
    }

    @Test func manyDistinctClassesAllKeepTheirNames() throws {
        // More classes than the lookup has slots near each other: the rest are found by name.
        let nodes = (0..<600).map { "<node index=\"\($0)\" class=\"com.example.View\($0 % 300)\" bounds=\"[0,0][10,10]\"/>" }
        let doc = try Android.document(Android.dump(nodes.joined()))
        #expect(doc.nodes.count == 601)
        #expect(doc.nodes[1...].map(\.typeName) == (0..<600).map { "com.example.View\($0 % 300)" })
    }
}
