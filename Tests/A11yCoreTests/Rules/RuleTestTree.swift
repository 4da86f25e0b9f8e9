@testable import A11yCore

/// Builds an `Analysis` by hand until the decoder and engines are on main: each node marked
/// as an element becomes one element read from its own fields, in insertion order.
struct RuleTestTree {
    var document = Document()
    var elements: [AccessibilityElement] = []
    var diagnostics: [Diagnostic] = []
    /// Node -> element, for nodes merged into an element built with `element(...)`.
    var owner: [Int: Int] = [:]

    init(platform: Platform = .ios) { document.platform = platform }

    /// Adds a node; leaf kinds and labelled nodes become elements unless `element` says otherwise.
    @discardableResult
    mutating func add(_ kind: NodeKind, parent: Int? = 0, element: Bool? = nil, synthetic: Bool = false,
                      _ configure: (inout Node) -> Void = { _ in }) -> Int {
        var node = Node()
        node.kind = kind
        node.typeName = kind.rawValue
        node.frame = Rect(x: 0, y: Double(document.nodes.count) * 50, width: 100, height: 44)
        configure(&node)
        let index = document.append(node, parent: document.nodes.isEmpty ? nil : parent, synthetic: synthetic)
        if element ?? (kind.isLeafByDefault || node.label != nil) { self.element(for: [index]) }
        return index
    }

    /// Makes one element of `nodes` (the first is the node it stands for), read from the first node.
    mutating func element(for nodes: [Int], _ configure: (inout AccessibilityElement) -> Void = { _ in }) {
        let node = document.nodes[nodes[0]]
        var e = AccessibilityElement()
        e.label = node.label ?? node.text
        e.value = node.value
        e.hint = node.hint
        e.traits = node.effectiveTraits
        e.identifier = node.identifier
        e.frame = node.effectiveAccessibilityFrame ?? .zero
        e.nodes = nodes
        configure(&e)
        for n in nodes { owner[n] = elements.count }
        elements.append(e)
    }

    var analysis: Analysis {
        var a = Analysis(document: document)
        a.elements = elements
        a.elementOfNode = document.nodes.indices.map { owner[$0] }
        a.isReachable = document.nodes.indices.map { i in
            var at: Int? = i
            while let n = at { if document.nodes[n].hidden || document.nodes[n].opacity == 0 { return false }; at = document.nodes[n].parent }
            return true
        }
        a.composedIdentifier = Array(repeating: nil, count: document.nodes.count)
        a.diagnostics = diagnostics
        return a
    }

    /// A tree whose root is a plain view.
    static func screen(platform: Platform = .ios, _ build: (inout RuleTestTree) -> Void) -> RuleTestTree {
        var tree = RuleTestTree(platform: platform)
        tree.add(.view, parent: nil, element: false) { $0.frame = Rect(x: 0, y: 0, width: 390, height: 844) }
        build(&tree)
        return tree
    }

    /// Findings of one rule, through the real runner.
    func findings(_ rule: Rule, _ configure: (inout AuditOptions) -> Void = { _ in }) throws -> [Finding] {
        var options = AuditOptions()
        options.only = [Located(rule.id, at: "/options/rules/only/0")]
        configure(&options)
        return try RuleRunner.run(analysis, options: options).findings
    }
}

extension Finding {
    func number(_ key: String) -> Double? {
        if case .number(let n)? = data.first(where: { $0.key == key })?.value { return n }
        return nil
    }

    func string(_ key: String) -> String? {
        if case .string(let s)? = data.first(where: { $0.key == key })?.value { return s }
        return nil
    }
}

func style(fg: String? = nil, bg: String? = nil, size: Double? = nil, weight: Double? = nil,
           background kind: Style.BackgroundKind = .solid) -> Style {
    var s = Style()
    s.foreground = fg.flatMap(Color.init(hex:))
    s.background = bg.flatMap(Color.init(hex:))
    s.fontSize = size
    s.fontWeight = weight
    s.backgroundKind = kind
    return s
}
