extension Rule {
    /// 1.1.1 Non-text Content: an image the screen reader visits needs a text alternative.
    ///
    /// Cost: O(n) in elements.
    static let imageName = Rule(
        id: "image-name", wcag: ["1.1.1"], level: .A, impact: .critical,
        description: "Images that are not hidden have an accessibility label.",
        help: "Describe the image in its label, or hide it (accessibilityHidden) when it is decorative.",
        // Interactive images are named by control-name.
        appliesTo: RuleSelector(.elements, where: { ctx, e in ctx.isImage(elementAt: e) && !ctx.isInteractive(elementAt: e) },
                                none: "no images"),
        check: { ctx, e in
            guard ctx.lacksLabel(elementAt: e) else { return nil }
            return ctx.finding(elementAt: e, message: "Image has no accessibility label and is not hidden.")
        })
}
