extension Rule {
    /// Best practice (ATF duplicate speakable text): two controls that sound the same
    /// cannot be told apart by a screen-reader or Voice Control user.
    static let duplicateLabel = Rule(
        id: "duplicate-label", wcag: [], level: nil, impact: .moderate,
        description: "Interactive elements do not share the same label.",
        help: "Make each label unique, e.g. \"Delete Inception\" rather than \"Delete\" on every row.",
        check: { ctx in
            let controls = ctx.controls
            guard controls.count > 1 else { return [] }
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
                    let duplicateOf = ctx.document.pointer(of: firsts[index].node)
                    firsts[index].text = (label, "Label \"\(label)\" is also used by another control.",
                                          [("label", .string(label)), ("duplicateOf", .string(duplicateOf))])
                }
                // Reported on each repeat, pointing back at the first occurrence.
                let text = firsts[index].text!
                out.append(ctx.finding(elementAt: e, message: text.message, data: text.data))
            }
            return out
        })
}

/// A normalised label as a listener hears it: two are the same when canonically equivalent.
/// Two `isPlainlyComposed` texts are in NFC, so equivalent exactly when their bytes are equal:
/// when every label of a screen is like that (nearly always), they are hashed and compared as
/// bytes, skipping the stdlib's normalising hash; otherwise all go through String's own.
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
