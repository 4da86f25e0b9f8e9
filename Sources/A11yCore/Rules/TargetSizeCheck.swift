/// Shared by 2.5.8 and 2.5.5: the accessibility frame of every enabled interactive element.
enum TargetSizeCheck {
    static func findings(_ ctx: RuleContext, width: Double, height: Double) -> [Finding] {
        let styles = ctx.styles
        var out: [Finding] = []
        for element in ctx.elements where ctx.isInteractive(element) {
            let node = ctx.node(element.node)
            // Disabled targets are exempt; a node without any frame cannot be measured.
            guard !element.traits.contains(.notEnabled), !styles[element.node].disabled,
                  node.effectiveAccessibilityFrame != nil else { continue }
            let frame = element.frame
            guard frame.width < width || frame.height < height else { continue }
            out.append(ctx.finding(
                element: element,
                message: "Target is \(NumberText.format(frame.width))x\(NumberText.format(frame.height)), smaller than \(NumberText.format(width))x\(NumberText.format(height)).",
                data: [("width", .number(frame.width)), ("height", .number(frame.height)),
                       ("requiredWidth", .number(width)), ("requiredHeight", .number(height))]))
        }
        return out
    }
}
