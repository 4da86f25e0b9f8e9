import A11yEngines
import A11yModel
import A11yRules
/// The SVG drawing of one screen: every node frame faintly, every screen-reader stop outlined
/// and numbered in reading order, and elements with findings outlined by their worst impact.
struct HTMLWireframe {
    /// Width the figure is shown at (CSS px); badge and text sizes are scaled to it.
    static let displayWidth = 360.0

    var screen: ScreenReport
    var idPrefix: String

    func render() -> String? {
        let analysis = screen.report.analysis
        guard let bounds = bounds(of: analysis) else { return nil }
        let unit = bounds.width / HTMLWireframe.displayWidth  // tree units per CSS pixel
        let margin = 14 * unit
        let view = Rect(x: bounds.x - margin, y: bounds.y - margin, width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
        let marked = outlines()
        let counts = Impact.allCases.reversed().compactMap { impact -> String? in
            let n = marked.filter { $0.impact == impact }.count
            return n == 0 ? nil : "\(n) \(impact.rawValue)"
        }
        let drawnOver = analysis.document.screenshot.map { "Drawn over the screenshot \($0.summary). " } ?? ""
        let description = drawnOver + "\(analysis.elements.count) screen-reader stop\(analysis.elements.count == 1 ? "" : "s") numbered in reading order. "
            + (counts.isEmpty ? "No element has a finding." : "Elements with findings outlined by worst impact: " + counts.joined(separator: ", ") + ".")

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"wireframe\" role=\"img\" aria-labelledby=\"\(idPrefix)-svg-title \(idPrefix)-svg-desc\""
        svg += " viewBox=\"\(n(view.x)) \(n(view.y)) \(n(view.width)) \(n(view.height))\""
        svg += " width=\"\(n(HTMLWireframe.displayWidth))\" height=\"\(n(HTMLWireframe.displayWidth * view.height / view.width))\">\n"
        svg += "<title id=\"\(idPrefix)-svg-title\">\(analysis.document.screenshot == nil ? "Wireframe" : "Screenshot") of \(MarkupText.escape(screen.name))</title>\n"
        svg += "<desc id=\"\(idPrefix)-svg-desc\">\(MarkupText.escape(description))</desc>\n"
        svg += "<rect x=\"\(n(bounds.x))\" y=\"\(n(bounds.y))\" width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\" fill=\"#FFFFFF\" stroke=\"#8A929E\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"/>\n"

        if let shot = analysis.document.screenshot {
            // The screen as it was drawn, under everything else: the PNG as given, placed where
            // its pixels fall in tree units (the same placement rules measure pixels with).
            svg += "<image x=\"\(n(shot.origin.x))\" y=\"\(n(shot.origin.y))\" width=\"\(n(Double(shot.width) / shot.scale))\""
            svg += " height=\"\(n(Double(shot.height) / shot.scale))\" preserveAspectRatio=\"none\""
            svg += " href=\"data:image/png;base64,\(Base64.encode(shot.file))\"/>\n"
        }
        svg += "<g fill=\"none\" stroke=\"#C9CED6\" stroke-width=\"1\">\n"
        // Over a screenshot the screen itself shows the views: only stops and findings are drawn.
        for node in analysis.document.nodes where analysis.document.screenshot == nil {
            guard let frame = node.frame, !frame.isEmpty, node.parent != nil else { continue }
            svg += rect(frame, extra: "vector-effect=\"non-scaling-stroke\"")
        }
        svg += "</g>\n<g fill=\"#1B2A4A\" fill-opacity=\"0.05\" stroke=\"#5B6472\" stroke-width=\"1.25\">\n"
        for element in analysis.elements where !element.frame.isEmpty {
            svg += rect(element.frame, extra: "vector-effect=\"non-scaling-stroke\"")
        }
        svg += "</g>\n<g fill=\"none\">\n"
        // Least severe first, so the worst outline is drawn on top where they overlap.
        for outline in outlines().sorted(by: { $0.impact < $1.impact }) {
            let look = HTMLStyle.look(outline.impact)
            let outset = 3 * unit
            let frame = outline.frame
            let grown = Rect(x: frame.x - outset, y: frame.y - outset, width: frame.width + 2 * outset, height: frame.height + 2 * outset)
            var style = "stroke=\"\(look.color)\" stroke-width=\"\(n(look.strokeWidth))\" vector-effect=\"non-scaling-stroke\""
            if let dash = look.dash { style += " stroke-dasharray=\"\(dash)\"" }
            svg += rect(grown, extra: style)
        }
        svg += "</g>\n<g font-family=\"system-ui, sans-serif\" font-weight=\"700\" text-anchor=\"middle\">\n"
        let radius = 9 * unit
        for (index, element) in analysis.elements.enumerated() where !element.frame.isEmpty {
            let cx = min(element.frame.x + radius, bounds.maxX - radius)
            let cy = min(element.frame.y + radius, bounds.maxY - radius)
            let label = String(index + 1)
            let size = (label.count > 2 ? 8.5 : 11) * unit
            svg += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(radius))\" fill=\"#1B2A4A\" stroke=\"#FFFFFF\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"/>"
            svg += "<text x=\"\(n(cx))\" y=\"\(n(cy + size * 0.36))\" font-size=\"\(n(size))\" fill=\"#FFFFFF\">\(label)</text>\n"
        }
        svg += "</g>\n</svg>"
        return svg
    }

    /// What gets outlined: each element with findings (its frame, worst impact), and each
    /// finding on a node that is no element (a container, a hidden view) at its own frame.
    func outlines() -> [(frame: Rect, impact: Impact)] {
        let analysis = screen.report.analysis
        var result: [(frame: Rect, impact: Impact)] = worstImpactByElement().sorted { $0.key < $1.key }
            .map { (analysis.elements[$0.key].frame, $0.value) }
        for finding in screen.report.run.findings {
            let inElement = finding.node < analysis.elementOfNode.count && analysis.elementOfNode[finding.node] != nil
            if !inElement, let frame = finding.frame ?? analysis.document.nodes[finding.node].effectiveAccessibilityFrame {
                result.append((frame, finding.impact))
            }
        }
        return result.filter { !$0.frame.isEmpty }
    }

    /// Worst impact of any finding per element index.
    func worstImpactByElement() -> [Int: Impact] {
        let analysis = screen.report.analysis
        var worst: [Int: Impact] = [:]
        for finding in screen.report.run.findings {
            guard finding.node < analysis.elementOfNode.count, let element = analysis.elementOfNode[finding.node] else { continue }
            worst[element] = max(worst[element] ?? finding.impact, finding.impact)
        }
        return worst
    }

    /// The root frame, else everything drawn; nil when nothing has a frame.
    private func bounds(of analysis: Analysis) -> Rect? {
        if let root = analysis.document.nodes.first?.frame, !root.isEmpty { return root }
        var all: Rect?
        for frame in analysis.document.nodes.compactMap(\.frame) + analysis.elements.map(\.frame) where !frame.isEmpty {
            all = all.map { $0.union(frame) } ?? frame
        }
        return all
    }

    private func rect(_ r: Rect, extra: String) -> String {
        "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(extra)/>\n"
    }

    private func n(_ value: Double) -> String { MarkupText.number(value) }
}
