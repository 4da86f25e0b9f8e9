/// Shared by 2.5.8 and 2.5.5: the accessibility frame of every enabled interactive element.
enum TargetSizeCheck {
    static func findings(_ ctx: RuleContext, width: Double, height: Double) -> [Finding] {
        let elements = ctx.elements
        var out: [Finding] = []
        for e in ctx.controls {
            let node = elements[e].node
            // Disabled targets are exempt; a node without any frame cannot be measured.
            guard !elements[e].traits.contains(.notEnabled), !ctx.style(ofNode: node).disabled,
                  !ctx.hasNoFrame(node) else { continue }
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
