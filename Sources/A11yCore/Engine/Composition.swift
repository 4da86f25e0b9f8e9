/// Blueprint `AccessibilityComposition` (seed 000) and SwiftUI `.combine` (seed 001):
/// a subtree read as one element.
extension ElementBuilder {
    /// Elements inside `i` that composition merges: descendant elements are taken whole,
    /// other views are walked through, hidden subtrees skipped.
    func composedParts(of i: Int) -> [AccessibilityElement] {
        var parts: [AccessibilityElement] = []
        for child in visitedChildren(of: i) { collectParts(child, into: &parts) }
        return parts
    }

    private func collectParts(_ i: Int, into parts: inout [AccessibilityElement]) {
        switch role(of: i) {
        case .skipped: return
        case .container:
            for child in visitedChildren(of: i) { collectParts(child, into: &parts) }
        case .leaf, .strategies, .combine:
            if let e = element(for: i) { parts.append(e) }
        }
    }

    /// The combined element of a `combine` / `combinable` node, nil when it has nothing to say.
    func combinedElement(_ i: Int) -> AccessibilityElement? {
        let node = document.nodes[i]
        let settings = node.combinable ?? Combinable()
        var parts = composedParts(of: i)
        if settings.sorting == .frame {
            parts = ReadingOrder(document: document).sorted(parts) { $0.frame }
        }
        var (e, mergedActivationPoint) = compose(parts, mergeInteractiveSingleChild: settings.mergeInteractiveSingleChild)

        // The node's own properties win over what the children gave, as SwiftUI modifiers
        // after `.accessibilityElement(children: .combine)` do; `override` wins over both.
        let own = ownElement(i)
        e.nodes = [i] + e.nodes
        if let label = pairs.labelForContent[i] ?? node.label.nonEmpty { e.label = label }
        if let value = node.value.nonEmpty { e.value = value }
        if let hint = node.hint.nonEmpty { e.hint = hint }
        if let identifier = own.identifier { e.identifier = identifier }
        e.traits.formUnion(own.traits)
        e.actions += own.actions
        e.customContent += own.customContent
        e.rotors = RotorSequencer.sequence(e.rotors + own.rotors)
        if let frame = node.effectiveAccessibilityFrame {
            e.frame = frame
        } else if let first = parts.first {
            e.frame = parts.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        }
        // Activation goes to the merged interactive child, as Blueprint forwards it.
        e.activationPoint = node.activationPoint ?? mergedActivationPoint ?? e.frame.center
        if let o = settings.override {
            if let v = o.label { e.label = v.isEmpty ? nil : v }
            if let v = o.value { e.value = v.isEmpty ? nil : v }
            if let v = o.hint { e.hint = v.isEmpty ? nil : v }
            if let v = o.identifier { e.identifier = v.isEmpty ? nil : v }
            if let v = o.traits { e.traits = v }
        }
        e.traits.formUnion(settings.traitsAdd)
        e.traits.subtract(settings.traitsRemove)
        if let added = deferral.additions[i] { added.apply(to: &e) }
        // Only an element when there is something to read.
        guard e.label != nil || e.value != nil || e.hint != nil else { return nil }
        return e
    }

    /// Merges sorted parts. Interactive parts stay operable: a single one (or the first when
    /// all are interactive) is merged in; the others become custom actions.
    private func compose(_ parts: [AccessibilityElement], mergeInteractiveSingleChild: Bool)
        -> (element: AccessibilityElement, activationPoint: Point?) {
        let interactive = parts.filter(isInteractive)
        let readOnly = parts.filter { !isInteractive($0) }
        let merged: AccessibilityElement? =
            mergeInteractiveSingleChild && (interactive.count == 1 || (!interactive.isEmpty && readOnly.isEmpty))
            ? interactive[0] : nil

        var labels = OrderedTextList(), values = OrderedTextList(), hints = OrderedTextList(), ids = OrderedTextList()
        var e = AccessibilityElement()
        for part in readOnly + (merged.map { [$0] } ?? []) {
            labels.append(part.label); values.append(part.value); hints.append(part.hint); ids.append(part.identifier)
            e.traits.formUnion(part.traits)
            e.actions += part.actions
            e.customContent += part.customContent
            e.rotors += part.rotors
        }
        for part in interactive where part.node != merged?.node {
            e.actions += activationActions(of: part) + part.actions
            if merged == nil { values.append(displayValue(of: part)) }
        }
        e.label = labels.joined(", ")
        e.value = values.joined(", ")
        e.hint = hints.joined(", ")
        e.identifier = ids.joined("-")
        e.nodes = parts.flatMap(\.nodes)
        return (e, merged?.activationPoint)
    }

    /// Custom actions standing for an interactive child that was not merged.
    private func activationActions(of part: AccessibilityElement) -> [String] {
        let label = part.label ?? ""
        let value = displayValue(of: part) ?? ""
        var names = [label.isEmpty || value.isEmpty ? label + value : "\(label): \(value)"]
        if part.traits.contains(.adjustable) {
            names += ["Increment \(label)", "Decrement \(label)"]
        }
        return names.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// Toggles report "0" / "1" / "2"; people hear "Off" / "On" / "Mixed".
    func displayValue(of e: AccessibilityElement) -> String? {
        guard let value = e.value else { return nil }
        guard e.traits.contains(.toggleButton) || document.nodes[e.node].kind == .toggle else { return value }
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
    private var seen: Set<String> = []
    mutating func append(_ text: String?) {
        guard let text, !text.isEmpty, seen.insert(text).inserted else { return }
        items.append(text)
    }
    func joined(_ separator: String) -> String? { items.isEmpty ? nil : items.joined(separator: separator) }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
