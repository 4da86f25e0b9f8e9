import Testing
@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports

@Suite struct FingerprintTests {
    private func fingerprints(_ report: AuditReport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: report.run.findings.map { ($0.rule, Fingerprint.of($0, in: report.analysis)) })
    }

    @Test func stableWhenUnrelatedNodesAreInsertedOrEdited() {
        let before = ReportFixtures.login()
        var options = ReportFixtures.Options()
        options.bannerFirst = true
        options.title = "Welcome back"
        let after = ReportFixtures.login(options)
        // The edit really moved the nodes: every finding's pointer changed.
        let pointersBefore = before.run.findings.map { before.analysis.document.pointer(of: $0.node) }
        let pointersAfter = after.run.findings.map { after.analysis.document.pointer(of: $0.node) }
        #expect(zip(pointersBefore, pointersAfter).allSatisfy { $0 != $1 })
        #expect(fingerprints(before) == fingerprints(after))
    }

    @Test func differsByRuleAndByNode() {
        let report = ReportFixtures.login()
        let all = report.run.findings.map { Fingerprint.of($0, in: report.analysis) }
        #expect(Set(all).count == all.count)
        let node = report.run.findings[0].node
        #expect(Fingerprint.of(rule: "a", node: node, in: report.analysis) != Fingerprint.of(rule: "b", node: node, in: report.analysis))
    }

    @Test func identityPrefersIdThenComposedIdentifierThenLabelPath() {
        let report = ReportFixtures.login()
        let document = report.analysis.document
        let email = document.indexByID["email"]!
        #expect(Fingerprint.identity(of: email, in: report.analysis) == "id:email")
        let submit = report.analysis.identifiers[0].node
        #expect(Fingerprint.identity(of: submit, in: report.analysis) == "nested:login.submit")
        let logo = report.run.findings.first { $0.rule == "accessible-name" }!.node
        #expect(Fingerprint.identity(of: logo, in: report.analysis) == "root/image[]#0")
    }

    @Test func siblingsWithTheSameTypeAndLabelAreCounted() {
        var document = Document()
        let root = document.append(ReportFixtures.node(.view, frame: .zero), parent: nil)
        var row = ReportFixtures.node(.button, frame: .zero)
        row.label = "Delete"
        let first = document.append(row, parent: root)
        let second = document.append(row, parent: root)
        let analysis = Analysis(document: document)
        #expect(Fingerprint.identity(of: first, in: analysis) == "root/button[Delete]#0")
        #expect(Fingerprint.identity(of: second, in: analysis) == "root/button[Delete]#1")
    }

    @Test func siblingsAreCountedByTheirWholeStep() {
        var document = Document()
        let root = document.append(ReportFixtures.node(.view, frame: .zero), parent: nil)
        func add(type: String, label: String?, text: String?) -> Int {
            var node = ReportFixtures.node(.view, frame: .zero)
            node.typeName = type
            node.label = label
            node.text = text
            return document.append(node, parent: root)
        }
        // `a[b` + `[c]` spells the same step as `a` + `[b[c]`.
        _ = add(type: "a", label: "b[c", text: nil)
        let joined = add(type: "a[b", label: "c", text: nil)
        // The text stands in for a missing label, and an empty label hides the text.
        _ = add(type: "text", label: nil, text: "Hi")
        let labelled = add(type: "text", label: "Hi", text: nil)
        _ = add(type: "text", label: nil, text: nil)
        let hidden = add(type: "text", label: "", text: "Hi")
        let other = add(type: "text", label: "Ho", text: nil)
        let analysis = Analysis(document: document)
        #expect(Fingerprint.identity(of: joined, in: analysis) == "root/a[b[c]#1")
        #expect(Fingerprint.identity(of: labelled, in: analysis) == "root/text[Hi]#1")
        #expect(Fingerprint.identity(of: hidden, in: analysis) == "root/text[]#1")
        #expect(Fingerprint.identity(of: other, in: analysis) == "root/text[Ho]#0")
    }

    @Test func hashIsFixedAcrossProcesses() {
        // A baseline written by one run is read by another: the hash must not be seeded.
        // The first half is standard 64-bit FNV-1a (published test vector for "a").
        #expect(Fingerprint.hash("a").prefix(16) == "af63dc4c8601ec8c")
        #expect(Fingerprint.hash("target-size\u{0}id:ok").count == 32)
    }
}
