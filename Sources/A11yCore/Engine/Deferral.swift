/// Content deferred to one receiver: appended to its label, value and hint, and exposed
/// as custom content.
struct DeferredAdditions {
    var labels: [String] = []
    var values: [String] = []
    var hints: [String] = []
    var customContent: [CustomContent] = []
    var sources: [Int] = []

    // Inlined into the caller, which reads the additions in place: a call would take
    // them as a copy (a retain of each of the five arrays).
    @inline(__always)
    func apply(to e: inout ElementDraft, maxTextBytes: Int) {
        func join(_ own: String?, _ more: [String]) -> String? {
            // Nothing deferred for this field: the own text stays as it is (joining one
            // text is the text itself, and "" counts as absent).
            if more.isEmpty { return own.nonEmpty }
            var list = OrderedTextList()
            list.append(own)
            more.forEach { list.append($0) }
            return list.joined(", ", maxBytes: maxTextBytes)
        }
        e.label = join(e.label, labels)
        e.value = join(e.value, values)
        e.hint = join(e.hint, hints)
        if !customContent.isEmpty {
            // Built apart and set once: each set of a draft's custom content boxes it anew.
            e.customContent = e.customContent.appendingUnique(customContent)
        }
        if !sources.isEmpty {
            // A receiver may be handed thousands of sources' nodes: membership is hashed past a few.
            var nodes = UniqueNodeList(e.nodes)
            e.nodes = []
            for node in sources { nodes.append(node) }
            e.nodes = nodes.take()
        }
    }
}

struct DeferralOutcome {
    // Per node, indexed directly (element building asks for every node); left empty
    // when nothing was deferred.
    /// Sources whose accessibility moved to a receiver.
    private var hiddenSources: [Bool] = []
    /// Index into `receivedAdditions` for each receiver node, -1 for others.
    private var additionsSlot: [Int] = []
    private var receivedAdditions: [DeferredAdditions] = []
    var diagnostics: [Diagnostic] = []

    func isHiddenSource(_ i: Int) -> Bool { !hiddenSources.isEmpty && hiddenSources[i] }

    /// Whether content was deferred to node `i`.
    func receives(_ i: Int) -> Bool { !additionsSlot.isEmpty && additionsSlot[i] >= 0 }

    /// Adds what was deferred to receiver `i` to its element `e`. Read in place: returning
    /// the additions would copy (retain and release) their five arrays.
    func applyAdditions(for i: Int, to e: inout ElementDraft, maxTextBytes: Int) {
        guard !additionsSlot.isEmpty, additionsSlot[i] >= 0 else { return }
        receivedAdditions[additionsSlot[i]].apply(to: &e, maxTextBytes: maxTextBytes)
    }

    /// Custom content deferred to receiver `i`.
    func deferredContent(for i: Int) -> [CustomContent] {
        guard !additionsSlot.isEmpty, additionsSlot[i] >= 0 else { return [] }
        return receivedAdditions[additionsSlot[i]].customContent
    }

    fileprivate mutating func add(_ source: Int, to receiver: Int, count: Int, _ change: (inout DeferredAdditions) -> Void) {
        if additionsSlot.isEmpty {
            hiddenSources = [Bool](filledWith: false, count: count)
            additionsSlot = [Int](filledWith: -1, count: count)
        }
        if additionsSlot[receiver] < 0 {
            additionsSlot[receiver] = receivedAdditions.count
            receivedAdditions.append(DeferredAdditions())
        }
        change(&receivedAdditions[additionsSlot[receiver]])
        hiddenSources[source] = true
    }
}

/// Blueprint `AccessibilityDeferral` (seed 000): inside a `deferral` container, content
/// items hand their source's accessibility to the one receiver.
enum DeferralResolver {
    /// Diagnostics list at most `maxListEntries` related nodes, each charged to `meter`.
    /// Each source's accessibility is read once, however many entries name it, and an
    /// entry repeating what a receiver already got adds nothing: hostile requests name one
    /// large source thousands of times.
    static func resolve(_ builder: ElementBuilder, meter: inout OutputMeter,
                        maxListEntries: Int) throws(InputError) -> DeferralOutcome {
        let nodes = builder.nodes
        var outcome = DeferralOutcome()
        var accessibilityOf: [Int: ElementDraft] = [:]
        /// (receiver, source, kind, importance) already handed over.
        var delivered: Set<Delivery> = []
        var handOvers = 0
        func listed(_ related: [Int]) -> (nodes: [Int], omitted: Int) {
            var kept: [Int] = []
            for node in related.prefix(maxListEntries) {
                guard meter.charge(meter.pointerBytes(of: node, in: nodes) + 3) else { break }
                kept.append(node)
            }
            return (kept, related.count - kept.count)
        }
        for c in nodes.indices {
            // The flag first: only deferral containers' rows are read.
            guard nodes[c].has(.deferral), builder.visibility.isVisible[c], let deferral = nodes[c].deferral else { continue }
            try builder.interrupt.check()
            // The first receiver; all of them only once there is a second (a diagnostic lists them).
            var receiver = -1, receivers: [Int] = []
            var sourcesByID = DeferralSources()
            // Pre-order storage: the subtree of `c` ends at the first later node whose parent
            // comes before `c` (only containers pay for finding their end).
            var i = c + 1
            while i < nodes.count, let parent = nodes[i].parent, parent >= c {
                defer { i += 1 }
                guard builder.visibility.isVisible[i] else { continue }
                if nodes[i].deferralReceiver {
                    if receiver < 0 {
                        receiver = i
                    } else {
                        if receivers.isEmpty { receivers.append(receiver) }
                        receivers.append(i)
                    }
                }
                if nodes[i].has(.deferredSource), let id = nodes[i].deferredSource { sourcesByID.add(id, node: i) }
            }
            if receivers.count > 1 {
                let related = listed(receivers)
                outcome.diagnostics.append(Diagnostic(.deferralSeveralReceivers, node: c,
                    message: "Deferral container has \(receivers.count) receivers, so none of its content is deferred.",
                    related: related.nodes, relatedOmitted: related.omitted))
                continue
            }
            for (n, content) in deferral.content.enumerated() {
                if n & 1023 == 1023 { try builder.interrupt.check() }
                let sources = sourcesByID.nodes(for: content.identifier)
                guard sources.count == 1, let source = sources.first else {
                    let kind: Diagnostic.Kind = sources.isEmpty ? .deferralContentWithoutSource : .deferralContentWithSeveralSources
                    let what = sources.isEmpty ? "no source" : "\(sources.count) sources"
                    let related = listed(sources)
                    outcome.diagnostics.append(Diagnostic(kind, node: c,
                        message: "Deferred content \"\(content.identifier)\" has \(what), so it is not deferred.",
                        related: related.nodes, relatedOmitted: related.omitted))
                    continue
                }
                guard receiver >= 0 else {
                    if content.kind == .error {
                        outcome.diagnostics.append(Diagnostic(.deferralErrorWithoutReceiver, node: source,
                            message: "Error \"\(content.identifier)\" has no receiver to announce it with its field."))
                    }
                    continue
                }
                // The same source handed over again the same way repeats texts, content and
                // nodes the receiver already holds: applying the additions drops repeats. The
                // first few hand-overs of an audit (all of nearly every request) are cheaper
                // to make than to hash; a repeat of one of them is merely made twice.
                let e: ElementDraft
                handOvers += 1
                if handOvers <= DeferralResolver.fewHandOvers {
                    e = try sourceAccessibility(builder, source)
                } else {
                    guard delivered.insert(Delivery(receiver: receiver, source: source, kind: content.kind,
                                                    importance: content.importance)).inserted else { continue }
                    if let known = accessibilityOf[source] {
                        e = known
                    } else {
                        e = try sourceAccessibility(builder, source)
                        accessibilityOf[source] = e
                    }
                }
                let maxTextBytes = builder.maxTextBytes
                outcome.add(source, to: receiver, count: nodes.count) { added in
                    if let v = e.label { added.labels.append(v) }
                    if let v = e.value { added.values.append(v) }
                    if let v = e.hint { added.hints.append(v) }
                    switch content.kind {
                    case .inherited:
                        added.customContent.append(CustomContent(label: e.label ?? "", value: e.value ?? "", importance: content.importance))
                    case .error:
                        let text = [e.label, e.value].compactMap { $0 }.joined(separator: ", ").truncated(toBytes: maxTextBytes)
                        added.customContent.append(CustomContent(label: "Error", value: text, importance: .high))
                    }
                    added.sources += e.nodes
                }
            }
        }
        return outcome
    }

    /// Hand-overs read without memo or repeat check, per audit.
    private static let fewHandOvers = 16

    /// One hand-over of a source to a receiver: repeats of it change nothing.
    private struct Delivery: Hashable {
        var receiver: Int, source: Int
        var kind: Deferral.Content.Kind, importance: CustomContent.Importance
    }

    /// A source's combined accessibility: its element, or its subtree read as one.
    private static func sourceAccessibility(_ builder: ElementBuilder, _ source: Int) throws(InputError) -> ElementDraft {
        if let e = try builder.element(for: source) { return e }
        var e = ElementDraft(node: source)
        var labels = OrderedTextList(), values = OrderedTextList(), hints = OrderedTextList()
        for part in try builder.composedParts(of: source) {
            labels.append(part.label); values.append(part.value); hints.append(part.hint)
            e.nodes += part.nodes
        }
        let maxTextBytes = builder.maxTextBytes
        e.label = labels.joined(", ", maxBytes: maxTextBytes); e.value = values.joined(", ", maxBytes: maxTextBytes)
        e.hint = hints.joined(", ", maxBytes: maxTextBytes)
        return e
    }
}
