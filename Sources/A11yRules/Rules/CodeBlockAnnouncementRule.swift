extension Rule {
    /// The iOS SDK's accessible components: "Code block in <language>", value "<N> lines of code".
    ///
    /// Cost: O(n) in nodes (one pass for code-block nodes), constant work per code block.
    static let codeBlockAnnouncement = Rule(
        id: "code-block-announcement", wcag: ["1.3.1"], level: .A, impact: .moderate,
        description: "A code block reads its language and line count.",
        help: "Label it \"Code block in <language>\" and set the value to \"<N> lines of code\".",
        check: { ctx in
            ComponentCheck.all(.codeBlock, in: ctx).flatMap { check -> [Finding] in
                guard check.element != nil else { return [check.notExposed()] }
                var out = [check.expect(.label, "Code block in \(check.component.language ?? "unknown language")")]
                if let lines = check.component.lineCount { out.append(check.expect(.value, "\(lines) lines of code")) }
                return out.compactMap { $0 }
            }
        })
}
