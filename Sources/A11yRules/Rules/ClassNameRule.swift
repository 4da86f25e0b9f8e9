import A11yModel

extension Rule {
    /// Best practice on Android (ATF `ClassNameCheck`, a WARNING): TalkBack says a node's role
    /// from the class it reports for accessibility, and knows only the SDK's classes; a custom
    /// class name (or none) leaves the role unsaid. Reads `className` (an Android dump's
    /// `class`) of every visible node of the active window that has one; a node marked
    /// unimportant for accessibility (`importantForAccessibility` false) is not run on, as ATF
    /// does not. Android trees only.
    ///
    /// Cost: O(n) in nodes.
    static let className = Rule(
        id: "class-name", wcag: [], level: nil, impact: .minor,
        description: "Android nodes report an Android SDK class for accessibility (android.widget.Button, not com.example.FancyButton).",
        help: "Return an SDK class from getAccessibilityClassName() (or set the role in AccessibilityNodeInfo), e.g. android.widget.Button.",
        appliesTo: RuleSelector(
            .nodes, where: { ctx, node in ctx.nodes[node].className != nil && ctx.isReachable(node) && ctx.isInActiveWindow(node) },
            none: "no node reports a class name",
            notRunOnScreen: { ctx in ctx.document.platform == .android ? nil : NotRunReason.notAndroid },
            notRun: { ctx, node in ctx.nodes[node].importantForAccessibility == false ? "not important for accessibility" : nil }),
        check: { ctx, node in
            let name = ctx.nodes[node].className!
            guard !AndroidClassNames.isSDK(name) else { return nil }
            let message = name.isEmpty
                ? "Node reports no class name: accessibility services cannot tell its role."
                : "Class \(name) is not an Android SDK type: accessibility services may not know its role."
            return ctx.finding(node: node, message: message, data: [("className", .string(name))])
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
