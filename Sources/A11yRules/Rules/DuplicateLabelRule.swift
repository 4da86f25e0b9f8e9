import A11yJSON

extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user. Any tree: each repeat
    /// among the interactive elements' labels. Android trees that say which nodes are
    /// clickable: ATF's check (`speakableTextFindings`).
    ///
    /// Cost: O(n) in controls (normalised labels hashed; Android: labels hashed).
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        // Labels are compared with each other, so the check sees the controls all at once.
        appliesTo: RuleSelector(.screen, none: "", notRunOnScreen: { ctx in
            if ctx.document.platform == .android, ctx.statesClickability { return nil }
            return ctx.controls.count < 2 ? "fewer than two controls" : nil
        }),
        checkTogether: { ctx, _ in
            if ctx.document.platform == .android, ctx.statesClickability { return speakableTextFindings(ctx) }
            let controls = ctx.controls
            var labelled: [(element: Int, label: String, heard: HeardLabel)] = []
            labelled.reserveCapacity(controls.count)
            for e in controls where !ctx.lacksLabel(elementAt: e) {
                guard let label = ctx.elements[e].label else { continue }
                labelled.append((e, label, HeardLabel(label.normalizedForComparison)))
            }
            HeardLabel.settleComparison(&labelled)
            // Normalised label -> the first control with it. Repeats mostly share one spelling:
            // the finding's message and data are made once per first control and spelling.
            var first: [HeardLabel: Int] = Dictionary(minimumCapacity: labelled.count)
            var firsts: [(node: Int, text: (label: String, message: String, data: [(key: String, value: DataValue)])?)] = []
            firsts.reserveCapacity(labelled.count)
            var out: [Finding] = []
            for (e, label, heard) in labelled {
                guard let index = first[heard] else {
                    first[heard] = firsts.count
                    firsts.append((ctx.elements[e].node, nil))
                    continue
                }
                // Compared by bytes: == would call two spellings of one text equal.
                if firsts[index].text.map({ !HeardLabel.sameBytes($0.label, label) }) ?? true {
                    firsts[index].text = (label, "Label \"\(label)\" is also used by another control.",
                                          [("label", .string(label)), ("duplicateOf", .node(firsts[index].node))])
                }
                // Reported on each repeat, pointing back at the first occurrence.
                let text = firsts[index].text!
                out.append(ctx.finding(elementAt: e, message: text.message, data: text.data))
            }
            return out
        })
}

extension Rule {
    /// ATF `DuplicateSpeakableTextCheck`: the elements TalkBack focuses grouped by what it
    /// speaks for them (our label, trimmed; compared exactly, as ATF's map of strings does).
    /// Each text two or more of them share is reported once: on its first clickable element
    /// (`moderate`, ATF's WARNING), or when none is clickable on its first element (`minor`,
    /// ATF's INFO). Clickable is the node's own `clickable`, as ATF reads `isClickable()`.
    static func speakableTextFindings(_ ctx: RuleContext) -> [Finding] {
        var groups: [(text: String, elements: [Int])] = []
        var groupOf: [String: Int] = [:]
        for (e, element) in ctx.elements.enumerated() {
            guard let label = element.label.map(javaTrimmed), !label.isEmpty else { continue }
            if let g = groupOf[label] { groups[g].elements.append(e) } else {
                groupOf[label] = groups.count
                groups.append((label, [e]))
            }
        }
        var out: [Finding] = []
        for group in groups where group.elements.count > 1 {
            let clickable = group.elements.first { ctx.nodes[ctx.elements[$0].node].clickable == true }
            let others = group.elements.count - 1
            let message = "\(clickable == nil ? "Non-clickable" : "Clickable") element speaks \"\(group.text)\" as \(others) other element\(others == 1 ? " does" : "s do")."
            out.append(ctx.finding(elementAt: clickable ?? group.elements[0], message: message,
                                   impact: clickable == nil ? .minor : .moderate,
                                   data: [("label", .string(group.text)), ("others", .number(Double(others)))]))
        }
        return out
    }
}

/// Java's `String.trim()`, which ATF applies: without leading and trailing characters up to
/// U+0020 (spaces and control characters).
private func javaTrimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { $0.value > 0x20 }),
          let last = scalars.lastIndex(where: { $0.value > 0x20 }) else { return "" }
    return String(scalars[start...last])
}

/// A normalised label as a listener hears it: two are the same when canonically equivalent.
/// Two `isPlainlyComposed` texts are in NFC, so equivalent exactly when their bytes are equal:
/// when every label of a screen is like that (nearly always), they are hashed and compared as
/// bytes; otherwise all go through String's own.
private struct HeardLabel: Hashable {
    let text: String
    var byBytes = false

    init(_ text: String) { self.text = text }

    /// Compares the labels by bytes when all of them allow it (one rule for the whole set, so
    /// equal labels always hash alike).
    static func settleComparison(_ labels: inout [(element: Int, label: String, heard: HeardLabel)]) {
        let composed = labels.allSatisfy { item in
            item.heard.text.utf8.withContiguousStorageIfAvailable(String.isPlainlyComposed) ?? false
        }
        guard composed else { return }
        for i in labels.indices { labels[i].heard.byBytes = true }
    }

    static func == (a: HeardLabel, b: HeardLabel) -> Bool {
        a.byBytes && b.byBytes ? sameBytes(a.text, b.text) : a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
        guard byBytes, text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) != nil
        else { return hasher.combine(text) }
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.count == 0 || JSONReader.sameBytes(x.baseAddress!, y.baseAddress!, count: x.count))
            }
        }.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
    }
}
