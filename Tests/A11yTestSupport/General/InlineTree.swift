/// Pieces of inline JSON trees (our request format), written as text so a test shows exactly
/// the bytes a client would send.
public enum InlineTree {
    /// `"frame": {...}` for inline trees.
    public static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        "\"frame\": {\"x\": \(x), \"y\": \(y), \"width\": \(width), \"height\": \(height)}"
    }

    /// A request for `platform` with `options` (a JSON object) whose root is a full-screen
    /// view (id "screen", 390 x 844) holding `children` (node JSON objects).
    public static func screen(_ children: String..., platform: String = "ios", options: String = "{}") -> String {
        """
        {"platform": "\(platform)", "options": \(options),
         "root": {"id": "screen", "type": "view", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
                  "children": [\(children.joined(separator: ",\n"))]}}
        """
    }

    /// A request whose root is a plain view the size of the 402 x 874 pt iPhone on which
    /// cashapp/AccessibilitySnapshot's reference images were recorded, holding `children`
    /// (node JSON objects, comma separated). `settings` are top-level fields written before
    /// `root`, each followed by a comma.
    public static func snapshotScreen(_ children: String, settings: String = "") -> String {
        "{\(settings)\"root\": {\"type\": \"view\", \(frame(0, 0, 402, 874)), \"children\": [\(children)]}}"
    }
}
