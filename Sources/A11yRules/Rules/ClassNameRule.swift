import A11yModel

extension Rule {
    /// Best practice on Android (ATF `ClassNameCheck`, a WARNING): TalkBack says a node's role
    /// from the class it reports for accessibility, and knows only the SDK's classes; a custom
    /// class name (or none) leaves the role unsaid. Reads `className` (an Android dump's
    /// `class`) of every visible node that has one and is not marked unimportant for
    /// accessibility (`importantForAccessibility` false). Android trees only.
    ///
    /// Cost: O(n) in nodes.
    static let className = Rule(
        id: "class-name", wcag: [], level: nil, impact: .minor,
        description: "Android nodes report an Android SDK class for accessibility (android.widget.Button, not com.example.FancyButton).",
        help: "Return an SDK class from getAccessibilityClassName() (or set the role in AccessibilityNodeInfo), e.g. android.widget.Button.",
        check: { ctx in
            guard ctx.document.platform == .android else { return [] }
            var out: [Finding] = []
            for (i, node) in ctx.nodes.enumerated() {
                // Not important for accessibility: ATF does not run (NOT_RUN).
                guard let name = node.className, node.importantForAccessibility != false, ctx.isReachable(i),
                      !AndroidClassNames.isSDK(name), ctx.isInActiveWindow(i) else { continue }
                let message = name.isEmpty
                    ? "Node reports no class name: accessibility services cannot tell its role."
                    : "Class \(name) is not an Android SDK type: accessibility services may not know its role."
                out.append(ctx.finding(node: i, message: message, data: [("className", .string(name))]))
            }
            return out
        })
}

/// The package prefixes ATF's `ClassNameCheck` accepts (`VALID_UI_PACKAGE_NAME_PREFIXES`),
/// compared as plain prefixes as ATF does (`androidx` also matches `androidxyz`).
enum AndroidClassNames {
    static let sdkPrefixes = [
        "android.app", "android.appwidget", "android.inputmethodservice", "android.support",
        "android.view", "android.webkit", "android.widget", "androidx",
    ]

    static func isSDK(_ className: String) -> Bool {
        sdkPrefixes.contains { className.hasPrefix($0) }
    }
}
