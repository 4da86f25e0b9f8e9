@testable import A11yCore
@testable import A11yEngines
@testable import A11yModel
@testable import A11yReports
@testable import A11yRules

/// Hand-built audit results for the report tests: a small sign-in screen whose nodes cover
/// each fingerprint anchor (author id, composed identifier, label path) and each outcome.
enum ReportFixtures {
    struct Options {
        /// Inserts an unrelated banner before everything else (shifts every array index).
        var bannerFirst = false
        /// Renames the screen's title text (unrelated to every finding's node).
        var title = "Sign in"
        var source: String?
    }

    static func login(_ options: Options = Options()) -> AuditReport {
        var document = Document()
        document.options.source = options.source
        let root = document.append(node(.view, frame: Rect(x: 0, y: 0, width: 390, height: 600)), parent: nil)
        if options.bannerFirst {
            var banner = node(.text, frame: Rect(x: 0, y: 0, width: 390, height: 20))
            banner.text = "Offline"
            _ = document.append(banner, parent: root)
        }
        var title = node(.text, frame: Rect(x: 20, y: 40, width: 200, height: 34))
        title.text = options.title
        title.traits = .header
        let titleIndex = document.append(title, parent: root)

        var form = node(.stack, frame: Rect(x: 20, y: 100, width: 350, height: 200))
        form.a11yRoot = "login"
        let formIndex = document.append(form, parent: root)
        var email = node(.textField, frame: Rect(x: 20, y: 100, width: 350, height: 44))
        email.id = "email"
        email.label = "Email"
        let emailIndex = document.append(email, parent: formIndex)
        var submit = node(.button, frame: Rect(x: 20, y: 160, width: 30, height: 30))
        submit.nestedIdentifier = "submit"
        submit.label = "Go <now> & \"fast\""
        let submitIndex = document.append(submit, parent: formIndex)

        var more = node(.link, frame: Rect(x: 20, y: 320, width: 120, height: 44))
        more.label = "More"
        let moreIndex = document.append(more, parent: root)
        let logoIndex = document.append(node(.image, frame: Rect(x: 300, y: 320, width: 60, height: 60)), parent: root)
        var promo = node(.text, frame: Rect(x: 20, y: 420, width: 350, height: 40))
        promo.text = "Spring sale"
        let promoIndex = document.append(promo, parent: root)

        var analysis = Analysis(document: document)
        analysis.elementOfNode = Array(repeating: nil, count: document.nodes.count)
        analysis.isReachable = Array(repeating: true, count: document.nodes.count)
        analysis.composedIdentifier = Array(repeating: nil, count: document.nodes.count)
        analysis.composedIdentifier[submitIndex] = "login.submit"
        analysis.identifiers = [ComposedIdentifier(node: submitIndex, identifier: "login.submit")]
        let stops: [(Int, String?, Traits, String)] = [
            (titleIndex, options.title, .header, "\(options.title). Heading."),
            (emailIndex, "Email", .textEntry, "Email. Text Field."),
            (submitIndex, submit.label, .button, "\(submit.label!). Button."),
            (moreIndex, "More", .link, "More. Link."),
            (logoIndex, nil, .image, "Image."),
            (promoIndex, "Spring sale", .staticText, "Spring sale."),
        ]
        for (node, label, traits, spoken) in stops {
            var element = AccessibilityElement()
            element.label = label
            element.traits = traits
            element.frame = document.nodes[node].frame!
            element.spoken = spoken
            element.nodes = [node]
            if node == submitIndex { element.identifier = "login.submit" }
            analysis.elementOfNode[node] = analysis.elements.count
            analysis.elements.append(element)
        }

        var run = RuleRun()
        run.rulesRun = ["accessible-name", "label-quality", "link-purpose", "target-size", "text-contrast"]
        run.rulesPassed = ["accessible-name", "label-quality"]
        run.rulesIncomplete = ["text-contrast"]
        run.findings = [
            Finding(rule: "target-size", wcag: ["2.5.8"], level: .AA, impact: .serious,
                    message: "Target is 30x30 pt; needs 44x44 pt.", node: submitIndex,
                    frame: document.nodes[submitIndex].frame,
                    data: [("width", .number(30)), ("height", .number(30)), ("required", .strings(["44", "44"]))]),
            Finding(rule: "link-purpose", wcag: ["2.4.4"], level: .A, impact: .moderate,
                    message: "Link text \"More\" does not say where it goes.", node: moreIndex),
            Finding(rule: "accessible-name", wcag: ["1.1.1"], level: .A, impact: .critical,
                    message: "Image has no accessible name.", node: logoIndex),
            Finding(rule: "text-contrast", wcag: ["1.4.3"], level: .AA, impact: .serious, outcome: .incomplete,
                    message: "Text is drawn over a gradient; check contrast by eye.", node: promoIndex),
        ]
        var suppression = Suppression(pointer: "/options/suppress/0")
        suppression.id = "email"
        suppression.reason = "Design review pending"
        run.suppressed = [SuppressedFinding(
            finding: Finding(rule: "label-quality", wcag: ["2.5.3"], level: .A, impact: .minor,
                             message: "Label repeats the hint.", node: emailIndex),
            suppression: suppression)]
        return AuditReport(analysis: analysis, run: run)
    }

    static func node(_ kind: NodeKind, frame: Rect) -> Node {
        var node = Node()
        node.kind = kind
        node.typeName = kind.rawValue
        node.frame = frame
        return node
    }
}
