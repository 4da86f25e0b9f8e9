import A11yModel
/// Blueprint `AccessibilityComposition` (BlueprintUIAccessibilityCore) and SwiftUI `.combine` (SwiftUI Accessible Grouping):
/// a subtree read as one element.
extension ElementBuilder {
    /// Elements inside `i` that composition merges: descendant elements are taken whole,
    /// other views are walked through, hidden subtrees skipped. Blueprint's walk (a
    /// `combinable` node) reads transparent views too and takes UIKit accessibilityElements as
    /// listed; SwiftUI's `.combine` (`grouping`) leaves out what VoiceOver does not visit.
    func composedParts(of i: Int) throws(InputError) -> [ElementDraft] {
        let children = visitedChildPositions(of: i)
        var parts: [ElementDraft] = []
        // Usually one part per child.
        parts.reserveCapacity(children.count)
        let blueprint = nodes[i].grouping == nil && nodes[i].has(.combinable)
        for k in children { try collectParts(childStorage[k], blueprint: blueprint, into: &parts) }
        return parts
    }

    private func collectParts(_ i: Int, blueprint: Bool, into parts: inout [ElementDraft]) throws(InputError) {
        switch blueprint ? compositionRole(of: i) : role(of: i) {
        case .skipped: return
        case .container:
            // One element may stand for the whole tree: its walk is where a stop is noticed.
            try interrupt.check()
            // A view with UIKit accessibilityElements gives exactly those entries, hidden ones
            // too, each as the object it is, not walked into (Blueprint
            // `UIView.recursiveAccessibleElements`: `accessibilityElements.compactMap { $0 as? NSObject }`).
            if blueprint && !nodes[i].syntheticChildRange.isEmpty {
                for k in nodes[i].syntheticChildRange { try appendListedEntry(childStorage[k], into: &parts) }
                return
            }
            for k in visitedChildPositions(of: i) { try collectParts(childStorage[k], blueprint: blueprint, into: &parts) }
        case .leaf:
            // Built from the node itself: `appendElement` would skip one VoiceOver does not visit (alpha 0).
            appendOwnElement(i, to: &parts)
        case .strategies:
            appendOwnElement(i, to: &parts)
            applyStrategies(of: i, to: &parts[parts.count - 1])
        case .combine:
            // A nested combined view with nothing to say gives nothing. Deliberate difference:
            // Blueprint's walk (`recursiveAccessibleElements`) would take that view's own
            // elements instead (it is no element), but that composes the same parts again at
            // every level of nesting; what it adds is identifiers, traits and actions only.
            // One found silent is not composed again (`silentCombines`).
            if silentCombines.contains(i) { return }
            _ = try appendCombinedElement(i, to: &parts)
        }
    }

    /// An entry of a view's accessibilityElements read into a combined element as the object it
    /// is: its combined or own element, whatever its visibility; a container gives its own
    /// properties (a label it has is read), not its subviews'.
    private func appendListedEntry(_ i: Int, into parts: inout [ElementDraft]) throws(InputError) {
        switch roleIgnoringVisibility(of: i) {
        case .combine: _ = try appendCombinedElement(i, to: &parts)
        case .strategies:
            appendOwnElement(i, to: &parts)
            applyStrategies(of: i, to: &parts[parts.count - 1])
        case .leaf, .container, .skipped: appendOwnElement(i, to: &parts)
        }
    }

    /// Appends the combined element of a `combine` / `combinable` node to `out`; false (nothing
    /// appended) when it has nothing to say. Composed straight into `out` and finished there
    /// (measured faster than returning the draft).
    func appendCombinedElement(_ i: Int, to out: inout [ElementDraft]) throws(InputError) -> Bool {
        try interrupt.check()
        var settings = nodes[i].combinable ?? Combinable()
        // A combined deferral receiver is Blueprint's `ReceiverContainerView`, which never
        // merges an interactive child (its init sets `mergeInteractiveSingleChild = false`).
        if nodes[i].deferralReceiver { settings.mergeInteractiveSingleChild = false }
        var parts = try composedParts(of: i)
        if settings.sorting == .frame {
            CombineOrder(order).sort(&parts)
        }
        var mergedActivationPoint: Point?, childValues: [String] = []
        out.append(compose(&parts, of: i, settings: settings, activationPoint: &mergedActivationPoint,
                           childValues: &childValues))
        guard finishCombined(&out[out.count - 1], of: i, parts: parts, settings: settings,
                             mergedActivationPoint: mergedActivationPoint, childValues: childValues) else {
            out.removeLast()
            silentCombines?.insert(i)
            return false
        }
        return true
    }

    /// Puts node `i`'s own properties on its composed element `e`; false when `e` has nothing to say.
    private func finishCombined(_ e: inout ElementDraft, of i: Int, parts: [ElementDraft], settings: Combinable,
                                mergedActivationPoint: Point?, childValues: [String]) -> Bool {
        // The node's own properties win over what the children gave, as SwiftUI modifiers
        // after `.accessibilityElement(children: .combine)` do; a field `override` sets (already
        // applied by `compose`) wins over both.
        // Own fields are read as `ownElement` would give them, without building that element.
        let o = settings.override
        if o?.label == nil, let label = pairs.label(forContent: i) ?? nodes[i].label.nonBlank { e.label = label }
        // An own value replaces the interactive children's values too.
        var childValues = childValues
        if o?.value == nil, let value = nodes[i].value.nonEmpty { e.value = value; childValues = [] }
        if o?.hint == nil, let hint = nodes[i].hint.nonEmpty { e.hint = hint }
        if o?.identifier == nil, let identifier = identifiers.composed[i] ?? nodes[i].identifier.nonEmpty { e.identifier = identifier }
        e.traits.formUnion(nodes[i].effectiveTraits)
        let ownActions = ownActions(i)
        var ownContent = nodes[i].customContent
        let deferred = deferral.deferredContent(for: i)
        if !deferred.isEmpty { ownContent = ownContent.appendingUnique(deferred) }
        let ownRotors = nodes[i].rotors
        if !ownActions.isEmpty || !ownContent.isEmpty || !e.rotors.isEmpty || !ownRotors.isEmpty {
            e.setExtras(
                actions: ownActions.isEmpty ? e.actions : e.actions + ownActions,
                customContent: ownContent.isEmpty ? e.customContent : e.customContent + ownContent,
                rotors: ownRotors.isEmpty ? e.rotors : RotorSequencer.sequence(e.rotors + ownRotors))
        }
        if let frame = nodes[i].effectiveAccessibilityFrame {
            e.frame = frame
        } else if let first = parts.first {
            e.frame = parts.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        }
        // Activation goes to the merged interactive child, as Blueprint forwards it.
        e.activationPoint = nodes[i].activationPoint ?? mergedActivationPoint ?? e.frame.center
        e.traits.formUnion(settings.traitsAdd)
        e.traits.subtract(settings.traitsRemove)
        deferral.applyAdditions(for: i, to: &e, maxTextBytes: maxTextBytes)
        // `applyAccessibility` appends the interactive children's values (`joinedAccessibilityString`,
        // repeats kept) to the representation after `merge(with:)` took the deferred content in,
        // so a deferred value comes before them.
        if !childValues.isEmpty {
            e.value = ([e.value].compactMap { $0 } + childValues).joined(separator: ", ").truncated(toBytes: maxTextBytes)
        }
        // Only an element when there is something to read.
        return e.label != nil || e.value != nil || e.hint != nil
    }

    /// Merges sorted parts into an element standing for node `i`, as Blueprint's
    /// `CombinableView` does: `CompositeRepresentation` over the parts, then `override(with:)`,
    /// then `applyAccessibility`. Interactive parts stay operable: a single one (or the first
    /// when all are interactive) is merged in; the others become custom actions.
    /// `activationPoint` is the merged part's. The texts of the parts merged in are moved out
    /// of them (the caller only needs their frames afterwards).
    private func compose(_ parts: inout [ElementDraft], of i: Int, settings: Combinable,
                         activationPoint: inout Point?, childValues: inout [String]) -> ElementDraft {
        var interactive = [Bool](filledWith: false, count: parts.count)
        var interactiveCount = 0, firstInteractive = -1, nodeCount = 1
        for k in parts.indices {
            nodeCount += parts[k].nodes.count
            guard isInteractive(traits: parts[k].traits, node: parts[k].node) else { continue }
            interactive[k] = true
            if firstInteractive < 0 { firstInteractive = k }
            interactiveCount += 1
        }
        // "All interactive" compares with the representation's `elementsCount`, which
        // `override(with:)` rebuilds from no elements (0): with an override only a single
        // interactive child is merged.
        let override = settings.override
        let allInteractive = override == nil && interactiveCount > 0 && interactiveCount == parts.count
        let merged = settings.mergeInteractiveSingleChild && (interactiveCount == 1 || allInteractive) ? firstInteractive : -1

        var labels = OrderedTextList(), values = OrderedTextList(), hints = OrderedTextList(), ids = OrderedTextList()
        var traits = Traits()
        // The parts' actions, custom content and rotors, gathered and set together (`setExtras`).
        var actions: [String] = [], customContent: [CustomContent] = [], rotors: [Rotor] = []
        // `CompositeRepresentation.init`: the read-only parts, in order (interactive ones are
        // kept apart as `interactiveChildren`).
        for k in parts.indices where !interactive[k] {
            // Taken: the part's texts are not read again.
            labels.append(parts[k].label.take()); values.append(parts[k].value.take())
            hints.append(parts[k].hint.take()); ids.append(parts[k].identifier.take())
            traits.formUnion(parts[k].traits)
            // Most parts have none of these; appending an empty array still costs a call.
            if !parts[k].actions.isEmpty { actions += parts[k].actions }
            if !parts[k].customContent.isEmpty { customContent += parts[k].customContent }
            if !parts[k].rotors.isEmpty { rotors += parts[k].rotors }
        }
        // `override(with:)`: its traits replace the parts' unless empty (`.none` keeps them).
        if let v = override?.traits, !v.isEmpty { traits = v }
        // `applyAccessibility` hands the rotors to a `RotorSequencer` before any child is merged.
        if !rotors.isEmpty { rotors = RotorSequencer.sequence(rotors) }
        var childLabel: String?, childValue: String?, childHint: String?, childIdentifier: String?
        if merged >= 0 {
            // The merged child's texts follow (`text`); its traits join; its custom actions
            // follow the parts' own; its rotors are appended unsequenced. Its custom content is
            // not taken (Blueprint sets custom content from the read-only parts only).
            childLabel = parts[merged].label.take(); childValue = parts[merged].value.take()
            childHint = parts[merged].hint.take(); childIdentifier = parts[merged].identifier.take()
            traits.formUnion(parts[merged].traits)
            if !parts[merged].actions.isEmpty { actions += parts[merged].actions }
            if !parts[merged].rotors.isEmpty { rotors += parts[merged].rotors }
            activationPoint = parts[merged].activationPoint
        }
        let label = text(&labels, override?.label, childLabel, ", "), hint = text(&hints, override?.hint, childHint, ", ")
        let value = text(&values, override?.value, childValue, ", ")
        let identifier = text(&ids, override?.identifier, childIdentifier, "-")
        // With a merged child, the other interactive children's actions follow the parts' own;
        // without one, every interactive child's actions come first, and their values (toggles
        // read On / Off / Mixed) are given in `childValues`, appended to the value once deferred
        // content is in (`finishCombined`). Their traits, custom content and rotors are not taken.
        var childActions: [String] = []
        for k in parts.indices where k != merged && interactive[k] {
            childActions += allActions(of: k, in: parts)
            if merged < 0, let v = displayValue(parts[k].value, traits: parts[k].traits, node: parts[k].node).nonEmpty { childValues.append(v) }
        }
        actions = merged >= 0 ? actions + childActions : childActions + actions
        actions = actions.filter { !$0.isEmpty }
        var nodes: [Int] = []
        nodes.reserveCapacity(nodeCount)
        nodes.append(i)
        for k in parts.indices { nodes += parts[k].nodes }
        // Built in one go as the result (measured faster than filling a draft field by field).
        return ElementDraft(label: label, value: value, hint: hint, identifier: identifier, traits: traits, actions: actions,
                            customContent: customContent, rotors: rotors, nodes: nodes)
    }

    /// One text field of the combined element: the read-only parts' texts joined, or the text
    /// `override(with:)` sets ("" for none), then the merged child's text unless equal to that
    /// whole (`applyAccessibility`: `[own, child].removingDuplicates`).
    private func text(_ list: inout OrderedTextList, _ override: String?, _ child: String?, _ separator: String) -> String? {
        guard let override else { return list.joined(thenDistinct: child, separator, maxBytes: maxTextBytes) }
        var own = OrderedTextList()
        own.append(override)
        return own.joined(thenDistinct: child, separator, maxBytes: maxTextBytes)
    }

    /// The custom actions standing for an interactive child that was not merged, Blueprint's
    /// `allActions`: its activation ("label: value", or the label; `accessibilityAction(didFire:)`),
    /// its own custom actions, then for an adjustable child "Increment <name>" and
    /// "Decrement <name>" (the label, else the value). A disabled child (`notEnabled`) has no
    /// activation, increment or decrement: the representation takes those only when
    /// `isAccessibilityEnabled`. Takes the parts and an index, not a part: measured faster.
    private func allActions(of k: Int, in parts: [ElementDraft]) -> [String] {
        guard !parts[k].traits.contains(.notEnabled) else { return parts[k].actions }
        var names = [activationName(label: parts[k].label, value: parts[k].value, traits: parts[k].traits, node: parts[k].node)]
        names += parts[k].actions
        if parts[k].traits.contains(.adjustable) {
            let name = parts[k].label ?? parts[k].value ?? ""
            names += ["Increment \(name)".trimmingSpaces.truncated(toBytes: maxTextBytes),
                      "Decrement \(name)".trimmingSpaces.truncated(toBytes: maxTextBytes)]
        }
        return names
    }

    /// Toggles report "0" / "1" / "2"; people hear "Off" / "On" / "Mixed".
    func displayValue(_ value: String?, traits: Traits, node: Int) -> String? {
        guard let value else { return nil }
        guard traits.contains(.toggleButton) || nodes[node].kind == .toggle else { return value }
        switch value {
        case "0": return "Off"
        case "1": return "On"
        case "2": return "Mixed"
        default: return value
        }
    }
}

/// Texts joined in first-seen order, without empties or repeats.
struct OrderedTextList {
    private(set) var items: [String] = []
    /// Only built past `linearLimit` items: short lists (nearly all) are searched one by one,
    /// which is cheaper than hashing every text.
    private var seen: Set<String> = []
    private static let linearLimit = 8

    mutating func append(_ text: consuming String?) {
        guard let text, !text.isEmpty else { return }
        if items.count < OrderedTextList.linearLimit {
            guard !items.contains(text) else { return }
        } else {
            if seen.isEmpty { seen = Set(items) }
            guard seen.insert(text).inserted else { return }
        }
        items.append(text)
    }

    /// nil when empty; a single text is returned as it is, without a copy. Texts past
    /// `maxBytes` are not copied: the result is cut there (`String.truncated`).
    func joined(_ separator: String, maxBytes: Int) -> String? {
        switch items.count {
        case 0: return nil
        case 1: return items[0].truncated(toBytes: maxBytes)
        default:
            var bytes = 0, end = 0
            while end < items.count && bytes <= maxBytes {
                bytes += items[end].utf8.count + separator.utf8.count
                end += 1
            }
            let text = end == items.count ? String.concatenating(items, separator: separator)
                : String.concatenating(Array(items[..<end]), separator: separator)
            return text.truncated(toBytes: maxBytes)
        }
    }
}

extension OrderedTextList {
    /// Blueprint's `[whole, child].removingDuplicates.joined(separator:)`: the items joined,
    /// then `child` unless it equals that whole text (so a repeat of one item of several is kept).
    mutating func joined(thenDistinct child: String?, _ separator: String, maxBytes: Int) -> String? {
        if let child, !child.isEmpty, !isWhole(child, separator) { items.append(child) }
        return joined(separator, maxBytes: maxBytes)
    }

    private func isWhole(_ text: String, _ separator: String) -> Bool {
        switch items.count {
        case 0: return false
        case 1: return items[0] == text
        default:
            // Lengths first: the whole is only built when they agree.
            let bytes = items.reduce(separator.utf8.count * (items.count - 1)) { $0 + $1.utf8.count }
            return bytes == text.utf8.count && String.concatenating(items, separator: separator) == text
        }
    }
}

extension Array where Element: Hashable {
    /// `self` followed by the items of `more` it does not hold yet, in order; a set answers
    /// membership once the lists are long (a receiver can be handed thousands of items).
    func appendingUnique(_ more: [Element]) -> [Element] {
        var result = self
        if count + more.count <= 16 {
            for item in more where !result.contains(item) { result.append(item) }
        } else {
            var seen = Set(self)
            for item in more where seen.insert(item).inserted { result.append(item) }
        }
        return result
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
