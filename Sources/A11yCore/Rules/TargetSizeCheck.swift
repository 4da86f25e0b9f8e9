/// Shared by 2.5.8 and 2.5.5: the accessibility frame of every enabled interactive element.
enum TargetSizeCheck {
    static func findings(_ ctx: RuleContext, width: Double, height: Double) -> [Finding] {
        let styles = ctx.scan.styles, elements = ctx.elements, flags = ctx.scan.flags
        var out: [Finding] = []
        for (e, facts) in ctx.facts.enumerated() where facts.isInteractive {
            let node = facts.node
            // Disabled targets are exempt; a node without any frame cannot be measured.
            guard !facts.traits.contains(.notEnabled), !styles[node].disabled,
                  !flags[node].contains(.unknownFrame) else { continue }
            let frame = elements[e].frame
            guard frame.width < width || frame.height < height else { continue }
            out.append(ctx.finding(
                elementAt: e,
                message: "Target is \(NumberText.format(frame.width))x\(NumberText.format(frame.height)), smaller than \(NumberText.format(width))x\(NumberText.format(height)).",
                data: [("width", .number(frame.width)), ("height", .number(frame.height)),
                       ("requiredWidth", .number(width)), ("requiredHeight", .number(height))]))
        }
        return out
    }
}
