extension Rule {
    /// 1.1.1 Non-text Content: an image the screen reader visits needs a text alternative.
    ///
    /// Cost: O(n) in elements.
    static let imageName = Rule(
        id: "image-name", wcag: ["1.1.1"], level: .A, impact: .critical,
        description: "Images that are not hidden have an accessibility label.",
        help: "Describe the image in its label, or hide it (accessibilityHidden) when it is decorative.",
        check: { ctx in
            ctx.elements.indices.compactMap { e in
                // Interactive images are named by control-name.
                guard ctx.isImage(elementAt: e), !ctx.isInteractive(elementAt: e), ctx.lacksLabel(elementAt: e) else { return nil }
                return ctx.finding(elementAt: e, message: "Image has no accessibility label and is not hidden.")
            }
        })
}
