/// UI Automator dumps (what `uiautomator dump` writes on Android), written as text so a test
/// shows exactly the XML the importer reads.
public enum Android {
    /// A UI Automator dump: `<hierarchy>` around `body`.
    public static func dump(_ body: String) -> String {
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" + body + "</hierarchy>"
    }

    /// A `<node>` with UI Automator's full attribute set (every value written; `attributes`
    /// override the defaults by name) and `children` inside.
    public static func node(_ attributes: [String: String] = [:], _ children: String = "") -> String {
        let defaults: [(String, String)] = [
            ("index", "0"), ("text", ""), ("resource-id", ""), ("class", "android.view.View"), ("package", "com.example"),
            ("content-desc", ""), ("checkable", "false"), ("checked", "false"), ("clickable", "false"), ("enabled", "true"),
            ("focusable", "false"), ("focused", "false"), ("scrollable", "false"), ("long-clickable", "false"),
            ("password", "false"), ("selected", "false"), ("bounds", "[0,0][100,100]"),
        ]
        var written = Set<String>()
        var out = "<node"
        for (name, value) in defaults {
            out += " \(name)=\"\(attributes[name] ?? value)\""
            written.insert(name)
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where !written.contains(name) {
            out += " \(name)=\"\(value)\""
        }
        return children.isEmpty ? out + " />" : out + ">" + children + "</node>"
    }

    /// A full-screen window (`[0,0][width,height]`) holding `children`.
    public static func screen(_ children: String, width: Int = 400, height: Int = 800) -> String {
        node(["class": "android.widget.FrameLayout", "bounds": "[0,0][\(width),\(height)]"], children)
    }

    /// A clickable, focusable Button at `bounds` (`[left,top][right,bottom]` in pixels) reading `text`.
    public static func button(_ bounds: String, text: String = "Go", _ extra: [String: String] = [:]) -> String {
        node(["class": "android.widget.Button", "text": text, "clickable": "true", "focusable": "true", "bounds": bounds]
            .merging(extra) { $1 })
    }
}
