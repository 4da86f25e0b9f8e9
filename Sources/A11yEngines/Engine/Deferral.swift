import A11yModel
/// Content deferred to one receiver, merged as Blueprint's receiver merges it
/// (`CompositeRepresentation.merge(with:)` in AccessibilityComposition.swift): texts appended
/// after the receiver's own, joined with ", " and not de-duplicated; traits unioned; every
/// action of each source (its activation, then its custom actions) appended to the receiver's;
/// and custom content (`Content.customContent`, de-duplicated as the receiver's getter does).
struct DeferredAdditions {
    var labels: [String] = []
    var values: [String] = []
    var hints: [String] = []
    var traits: Traits = []
    var actions: [String] = []
    var customContent: [CustomContent] = []
    var sources: [Int] = []

    // Inlined into the caller: measured faster.
    @inline(__always)
    func apply(to e: inout ElementDraft, maxTextBytes: Int) {
        // `joinedAccessibilityString`: the non-empty texts joined with ", ", repeats kept.
        func join(_ own: String?, _ more: [String]) -> String? {
            // Nothing deferred for this field: the own text stays as it is ("" counts as absent).
            if more.isEmpty { return own.nonEmpty }
            var texts: [String] = []
            if let own = own.nonEmpty { texts.append(own) }
            texts += more
            return texts.isEmpty ? nil : texts.joined(separator: ", ").truncated(toBytes: maxTextBytes)
        }
        e.label = join(e.label, labels)
        e.value = join(e.value, values)
        e.hint = join(e.hint, hints)
        e.traits.formUnion(traits)
        if !customContent.isEmpty || !actions.isEmpty {
            // The draft's lists with the deferred ones added, set together.
            e.setExtras(actions: actions.isEmpty ? e.actions : e.actions + actions,
                        customContent: customContent.isEmpty ? e.customContent : e.customContent.appendingUnique(customContent),
                        rotors: e.rotors)
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

package struct DeferralOutcome {
    // Per node, indexed directly (element building asks for every node); left empty
    // when nothing was deferred.
    /// Sources whose accessibility moved to a receiver.
    private var hiddenSources: [Bool] = []
    /// Index into `receivedAdditions` for each receiver node, -1 for others.
    private var additionsSlot: [Int] = []
    private var receivedAdditions: [DeferredAdditions] = []
    package var diagnostics: [Diagnostic] = []

    func isHiddenSource(_ i: Int) -> Bool { !hiddenSources.isEmpty && hiddenSources[i] }

    /// Whether content was deferred to node `i`.
    func receives(_ i: Int) -> Bool { !additionsSlot.isEmpty && additionsSlot[i] >= 0 }

    /// Adds what was deferred to receiver `i` to its element `e`.
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

/// Blueprint `AccessibilityDeferral` (BlueprintUIAccessibilityCore): inside a `deferral` container, content
/// items hand their source's accessibility to the one receiver.
package enum DeferralResolver {
    /// Diagnostics list at most `maxListEntries` related nodes, each charged to `meter`.
    /// Each source's accessibility is read once, however many entries name it, and an
    /// entry repeating what a receiver already got adds nothing: hostile requests name one
    /// large source thousands of times.
    package static func resolve(_ builder: ElementBuilder, meter: inout OutputMeter,
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
                // The same source handed over again the same way is handed over once. Blueprint
                // would merge it again (its merge keeps repeats); a content list naming one source
                // twice alike is a slip, and hostile requests name one large source thousands of times.
                guard delivered.insert(Delivery(receiver: receiver, source: source, kind: content.kind,
                                                importance: content.importance)).inserted else { continue }
                // The first few hand-overs of an audit (all of nearly every request) are cheaper
                // to read again than to memoise.
                let e: ElementDraft
                handOvers += 1
                if handOvers <= DeferralResolver.fewHandOvers {
                    e = try sourceAccessibility(builder, source)
                } else {
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
                    added.traits.formUnion(e.traits)
                    added.actions += e.actions
                    // `CompositeRepresentation.makeContent(importance:)`: none when an action of
                    // the source is named like its label (the action is preferred); a source
                    // with only a value gives that value as the content's label.
                    var item: CustomContent?
                    if let label = e.label, !e.actions.contains(label) {
                        item = CustomContent(label: label, value: e.value ?? "", importance: content.importance)
                    } else if e.label == nil, let value = e.value {
                        item = CustomContent(label: value, value: "", importance: content.importance)
                    }
                    if var item {
                        if content.kind == .error {
                            // Label "Error", value "<label>, <value>" of the content, importance high.
                            let text = [item.label, item.value].filter { !$0.isEmpty }.joined(separator: ", ")
                            item = CustomContent(label: "Error", value: text.truncated(toBytes: maxTextBytes), importance: .high)
                        }
                        added.customContent.append(item)
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

    /// A source's accessibility as Blueprint's `SourceContainerView` builds it:
    /// `CompositeRepresentation(elements, ignoreInteractive: false)` over the elements inside
    /// (the source itself when it is one). Interactive elements are not split off: their texts
    /// join the others (each list de-duplicated), traits are unioned, and `actions` is the
    /// representation's `allActions`: the activation of the last enabled interactive element,
    /// then every element's custom actions.
    private static func sourceAccessibility(_ builder: ElementBuilder, _ source: Int) throws(InputError) -> ElementDraft {
        var parts: [ElementDraft] = []
        if let own = try builder.element(for: source) { parts.append(own) } else { parts = try builder.composedParts(of: source) }
        var e = ElementDraft(node: source)
        var labels = OrderedTextList(), values = OrderedTextList(), hints = OrderedTextList()
        var activation: String?, custom: [String] = [], traits = Traits()
        for part in parts {
            labels.append(part.label); values.append(part.value); hints.append(part.hint)
            traits.formUnion(part.traits)
            if builder.isInteractive(traits: part.traits, node: part.node) && !part.traits.contains(.notEnabled) {
                activation = builder.activationName(label: part.label, value: part.value, traits: part.traits, node: part.node)
            }
            custom += part.actions
            e.nodes += part.nodes
        }
        let maxTextBytes = builder.maxTextBytes
        e.label = labels.joined(", ", maxBytes: maxTextBytes); e.value = values.joined(", ", maxBytes: maxTextBytes)
        e.hint = hints.joined(", ", maxBytes: maxTextBytes)
        e.traits = traits
        // Actions without a name are dropped when the receiver applies them.
        let actions = ([activation].compactMap { $0 } + custom).filter { !$0.isEmpty }
        if !actions.isEmpty { e.setExtras(actions: actions, customContent: [], rotors: []) }
        return e
    }
}
