extension Rule {
    /// The iOS SDK's accessible components: a progress bar has a label ("Progress" by default) and reads "NN% complete".
    ///
    /// Cost: O(n) in nodes (one pass for progress-bar nodes), constant work per bar.
    static let progressAnnouncement = Rule(
        id: "progress-announcement", wcag: ["4.1.2"], level: .A, impact: .serious,
        description: "A progress bar has a label and reads its value as \"NN% complete\".",
        help: "Set the value to \"NN% complete\" from the progress, and keep a label (\"Progress\" or what is progressing).",
        check: { ctx in
            ComponentCheck.all(.progressBar, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                var out = [check.expectNonEmptyLabel(suggestion: "Progress")]
                if let progress = check.component.progress {
                    let percent = progress <= 1 ? progress * 100 : progress
                    if !ProgressValue.reads(check.element?.value, percent: percent) {
                        out.append(check.expect(.value, "\(Int(percent.rounded()))% complete"))
                    }
                }
                return out.compactMap { $0 }
            }
        })
}

enum ProgressValue {
    /// "NN% complete" with NN within one point of `percent` (the SDK truncates, others round).
    static func reads(_ value: String?, percent: Double) -> Bool {
        guard let text = value?.normalizedForComparison, text.hasSuffix("% complete"),
              let number = Double(text.dropLast("% complete".count)) else { return false }
        return abs(number - percent) < 1
    }
}
