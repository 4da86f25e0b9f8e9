import A11yRules
/// Look of the HTML report. Every colour meets WCAG contrast on white: text at least 4.5:1,
/// outlines at least 3:1; impact is also told by line style and in words, never by colour alone.
enum HTMLStyle {
    struct ImpactLook {
        var color: String
        var strokeWidth: Double
        /// SVG `stroke-dasharray`, nil for solid.
        var dash: String?
        var lineName: String
    }

    static func look(_ impact: Impact) -> ImpactLook {
        switch impact {
        case .critical: ImpactLook(color: "#A50E0E", strokeWidth: 4, dash: nil, lineName: "thick solid")
        case .serious: ImpactLook(color: "#A34100", strokeWidth: 3, dash: "9 4", lineName: "long dashes")
        case .moderate: ImpactLook(color: "#6F5300", strokeWidth: 2.5, dash: "4 3", lineName: "short dashes")
        case .minor: ImpactLook(color: "#1F5FAD", strokeWidth: 2, dash: "1.5 3", lineName: "dotted")
        }
    }

    static let css = """
    :root { color-scheme: light; --ink: #1A1A1A; --muted: #4A4F57; --line: #C9CED6; --panel: #F4F6F8; --stop: #1B2A4A; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #FFFFFF; }
    a { color: #0B57B0; }
    a:focus-visible { outline: 3px solid #0B57B0; outline-offset: 2px; }
    .skip { position: absolute; left: -999px; top: 0; background: #FFFFFF; padding: .5rem 1rem; }
    .skip:focus { left: 1rem; }
    header, main, footer, nav { padding: 0 1.5rem; }
    header { border-bottom: 1px solid var(--line); padding-top: 1rem; padding-bottom: .5rem; }
    h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
    h2 { font-size: 1.35rem; margin: 2rem 0 .5rem; border-bottom: 2px solid var(--ink); padding-bottom: .25rem; }
    h3 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
    .summary { color: var(--muted); margin: 0; }
    nav ul { margin: .25rem 0; padding-left: 1.25rem; }
    .screen-layout { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
    figure { margin: 0; flex: 0 0 auto; }
    svg.wireframe { display: block; width: 360px; max-width: 100%; height: auto; background: var(--panel); border: 1px solid var(--line); }
    figcaption { font-size: .875rem; color: var(--muted); max-width: 360px; margin-top: .5rem; }
    .legend { list-style: none; padding: 0; margin: .25rem 0 0; }
    .legend li { display: flex; align-items: center; gap: .5rem; }
    .legend svg { flex: none; }
    td.rule code { white-space: nowrap; }
    .tables { flex: 1 1 420px; min-width: 0; }
    table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
    caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
    th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
    thead th { background: var(--panel); }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .spoken { font-style: italic; }
    code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85em; word-break: break-all; }
    .impact { font-weight: 700; white-space: nowrap; }
    .impact::before { content: ""; display: inline-block; width: .7em; height: .7em; margin-right: .35em; border: 2px solid currentColor; vertical-align: -.05em; }
    .impact-critical { color: #A50E0E; } .impact-critical::before { background: #A50E0E; }
    .impact-serious { color: #A34100; } .impact-serious::before { border-style: dashed; }
    .impact-moderate { color: #6F5300; } .impact-moderate::before { border-style: dashed; border-width: 1px; }
    .impact-minor { color: #1F5FAD; } .impact-minor::before { border-style: dotted; }
    .muted { color: var(--muted); }
    footer { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: .5rem; padding-bottom: 1rem; color: var(--muted); font-size: .875rem; }
    """
}
