import A11yModel
import A11yText
/// Shared by 2.5.8 and 2.5.5: the accessibility frame of every enabled interactive element.
enum TargetSizeCheck {
    /// The screen's targets, measured together: an Android target's verdict depends on its
    /// ancestors and the screen's edges. Not run where nothing is touched (an Android TV
    /// dump; the response's `display` says so) or nothing is operated.
    static let touchScreen = RuleSelector(.screen, none: "", notRunOnScreen: { ctx in
        if let display = ctx.document.androidDisplay, !display.touchScreen { return NotRunReason.noTouchScreen }
        if ctx.document.platform == .android, ctx.statesClickability { return nil }
        return ctx.controls.isEmpty ? "no controls" : nil
    })

    static func findings(_ ctx: RuleContext, width: Double, height: Double) -> [Finding] {
        let elements = ctx.elements
        var out: [Finding] = []
        for e in ctx.controls where isJudged(elementAt: e, ctx) {
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

    /// Whether the target of the control at `e` is judged on any platform: disabled targets are
    /// exempt, and a node without any frame cannot be measured.
    static func isJudged(elementAt e: Int, _ ctx: RuleContext) -> Bool {
        let element = ctx.elements[e]
        return !element.traits.contains(.notEnabled) && !ctx.style(ofNode: element.node).disabled
            && !ctx.hasNoFrame(element.node)
    }
}

/// `target-size` on Android trees (`platform: android`, which every Android dump is), measured
/// as ATF's `TouchTargetSizeCheck` measures (google/Accessibility-Test-Framework-for-Android,
/// `checks/TouchTargetSizeCheck.java`, `runCheckOnHierarchy`):
/// - The targets are every visible node of the active window (not SystemUI's, not a keyboard's:
///   `AndroidDisplay.inactiveWindows`) that is `clickable` or `longClickable`, whether or not
///   TalkBack stops on it (a small clickable card holding a clickable button is judged too), and
///   whether or not it is enabled (ATF does not look at `enabled`). A tree that never says
///   `clickable` / `longClickable` is judged by its enabled interactive elements instead.
/// - Sizes are whole dp, rounded as Java's `Math.round(px / density)` (half up): a 47.6 dp
///   target counts as 48 (`meetsRequiredSize`).
/// - In a dimension where the target touches the screen's edge (left at 0 or right at the
///   screen's width; top at 0 or bottom at its height) the minimum is 32 dp instead of 48: a
///   finger can land beyond the edge. A custom minimum scales it (`round(32 x size / 48)`,
///   `getMinimumAllowableSizeForView`).
/// - A target touching an edge of a `scrollable` ancestor is not judged: it may be partly
///   scrolled out, and the dump holds only its visible part (ATF: NOT_RUN "against scrollable edge").
/// - The finding is `moderate` instead of `serious` (ATF: WARNING instead of ERROR) when an
///   ancestor that shares an action with it (both clickable, or both long-clickable), is no
///   `AbsListView` and is large enough may take its touches (`hasQualifyingClickableAncestor`:
///   ATF compares the ancestor's size in *pixels* with the minimum in dp, so at density 3 an
///   ancestor 16 dp tall qualifies; an imported dump's density reproduces that), or when the
///   target is web content (inside an `android.webkit.WebView`, `hasWebViewAncestor`).
/// What a dump cannot tell, and so is not considered: TouchDelegate hit rectangles, clipping
/// by ancestors (the unclipped size), and input-method windows (32 dp there).
/// The screen is the root's frame (Appium's display size) and the extent of all frames,
/// whichever is larger: ATF compares with the real display, which includes the bars Appium's
/// size leaves out.
enum AndroidTargetSize {
    /// ATF's minimum in a dimension touching the screen's edge, for a minimum of 48.
    static let edgeMinimum = 32.0

    /// A node ATF measures: where it is, and which actions it has.
    private struct Target {
        var node: Int
        var frame: Rect
        var clickable: Bool
        var longClickable: Bool
        /// The element standing for it, when the target is one (the generic path).
        var element: Int?
    }

    static func findings(_ ctx: RuleContext, width: Double, height: Double) -> [Finding] {
        let required = (width: width, height: height)
        let atEdge = (width: javaRound(edgeMinimum * width / 48), height: javaRound(edgeMinimum * height / 48))
        // What ancestors say, worked out once for all nodes when a first target is too small.
        var ancestry: Ancestry?
        var out: [Finding] = []
        for target in targets(ctx) {
            let node = target.node, frame = target.frame
            let size = (width: javaRound(frame.width), height: javaRound(frame.height))
            // Cheap test first: a target of the full size passes wherever it is.
            guard size.width < required.width || size.height < required.height else { continue }
            let facts = ancestry ?? Ancestry(ctx, required: required, atEdge: atEdge)
            ancestry = facts
            let minimum = minimumSize(of: frame, on: facts.screen, required: required, atEdge: atEdge)
            guard size.width < minimum.width || size.height < minimum.height,
                  !facts.isAgainstScrollableEdge(node: node, frame: frame) else { continue }
            var data: [(key: String, value: DataValue)] = [
                ("width", .number(size.width)), ("height", .number(size.height)),
                ("requiredWidth", .number(minimum.width)), ("requiredHeight", .number(minimum.height)),
            ]
            var message = "Target is \(NumberText.format(size.width))x\(NumberText.format(size.height)) dp, smaller than \(NumberText.format(minimum.width))x\(NumberText.format(minimum.height)) dp"
            message += minimum == required ? "." : " (\(NumberText.format(atEdge.width)) dp where it touches the screen's edge)."
            var impact: Impact?
            let container = facts.actionAncestor(above: node, clickable: target.clickable, longClickable: target.longClickable)
            if let web = facts.webView(above: node) {
                impact = .moderate
                message += " It is web content: check the size of what the page makes tappable by hand."
                data.append(("webView", .node(web)))
            } else if let container {
                impact = .moderate
                message += " A larger clickable container may take its touches: if it does the same, make this one not clickable."
                data.append(("clickableAncestor", .node(container)))
            }
            if let e = target.element {
                out.append(ctx.finding(elementAt: e, message: message, impact: impact, data: data))
            } else {
                out.append(ctx.finding(node: node, message: message, impact: impact, frame: frame, data: data))
            }
        }
        return out
    }

    /// What ATF measures, in document order: the visible clickable or long-clickable nodes with
    /// an area (an empty one is not visible to the user, ATF: NOT_RUN) when the tree says which
    /// nodes are; else the enabled interactive elements, as clickable.
    private static func targets(_ ctx: RuleContext) -> [Target] {
        guard ctx.statesClickability else {
            return ctx.controls.compactMap { e in
                guard TargetSizeCheck.isJudged(elementAt: e, ctx) else { return nil }
                return Target(node: ctx.elements[e].node, frame: ctx.elements[e].frame, clickable: true, longClickable: false, element: e)
            }
        }
        var out: [Target] = []
        for (i, node) in ctx.nodes.enumerated() {
            let clickable = node.clickable == true, longClickable = node.longClickable == true
            // ATF judges the active window only: not a keyboard's keys or the system bars.
            guard clickable || longClickable, let frame = node.frame, !frame.isEmpty, ctx.isReachable(i),
                  ctx.isInActiveWindow(i) else { continue }
            out.append(Target(node: i, frame: frame, clickable: clickable, longClickable: longClickable))
        }
        return out
    }

    static let webViewClass = "android.webkit.WebView"

    /// `android.widget.AbsListView` and its framework subclasses (ATF `checkInstanceOf`
    /// `ABS_LIST_VIEW_CLASS_NAME`): a list is never the clickable ancestor that takes a
    /// target's touches. A RecyclerView is no AbsListView.
    static func isAbsListView(_ className: String) -> Bool {
        switch className {
        case "android.widget.AbsListView", "android.widget.ListView", "android.widget.GridView",
             "android.widget.ExpandableListView":
            return true
        default:
            return false
        }
    }

    /// Java's `Math.round` for the sizes met here: half up.
    static func javaRound(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// ATF's minimum for a target at `frame`: 32 dp in a dimension where it touches the edge.
    static func minimumSize(of frame: Rect, on screen: Rect, required: (width: Double, height: Double),
                            atEdge: (width: Double, height: Double)) -> (width: Double, height: Double) {
        let side = frame.x <= screen.x || frame.x + frame.width >= screen.x + screen.width
        let topOrBottom = frame.y <= screen.y || frame.y + frame.height >= screen.y + screen.height
        return (side ? min(atEdge.width, required.width) : required.width,
                topOrBottom ? min(atEdge.height, required.height) : required.height)
    }

    /// For every node, what its ancestors mean for a target there, in one pass from the root
    /// down (parents come before children), so no target walks up the tree.
    struct Ancestry {
        /// From the origin to the far edges of the root's frame and of every frame.
        let screen: Rect
        /// The nearest ancestor that is a WebView, and the nearest qualifying clickable and
        /// long-clickable ones (see `actionAncestor`), for each node (-1: none).
        private var webViews: [Int32], clickables: [Int32], longClickables: [Int32]
        /// Over a node's `scrollable` ancestors: the largest left and top edges and the smallest
        /// right and bottom ones (nil: none). A target touches some scrolling ancestor's edge
        /// exactly when it reaches one of these.
        private var scrollEdges: [(left: Double, top: Double, right: Double, bottom: Double)?]

        init(_ ctx: RuleContext, required: (width: Double, height: Double), atEdge: (width: Double, height: Double)) {
            let nodes = ctx.nodes
            var right = 0.0, bottom = 0.0
            for node in nodes {
                guard let frame = node.frame else { continue }
                right = max(right, frame.x + frame.width)
                bottom = max(bottom, frame.y + frame.height)
            }
            screen = Rect(x: 0, y: 0, width: right, height: bottom)
            let statesClickability = ctx.statesClickability
            // ATF measures an ancestor's bounds in pixels against the minimum in dp; an imported
            // dump knows its density, a JSON tree's frames are all there is.
            let pixelsPerDP = ctx.document.androidDisplay?.density ?? 1
            webViews = [Int32](repeating: -1, count: nodes.count)
            clickables = webViews
            longClickables = webViews
            scrollEdges = Array(repeating: nil, count: nodes.count)
            for i in nodes.indices {
                guard let p = nodes[i].parent else { continue }
                // What holds for the parent's own ancestors, and then the parent itself.
                webViews[i] = webViews[p]
                clickables[i] = clickables[p]
                longClickables[i] = longClickables[p]
                scrollEdges[i] = scrollEdges[p]
                let parent = nodes[p]
                if parent.className == AndroidTargetSize.webViewClass { webViews[i] = Int32(p) }
                guard let frame = parent.frame else { continue }
                let clickable = statesClickability ? parent.clickable == true : ctx.traits(ofNode: p).contains(.button)
                let longClickable = statesClickability && parent.longClickable == true
                if clickable || longClickable {
                    let isList = parent.className.map(AndroidTargetSize.isAbsListView) ?? (parent.kind == .list)
                    let minimum = minimumSize(of: frame, on: screen, required: required, atEdge: atEdge)
                    let pixels = (width: (frame.width * pixelsPerDP).rounded(), height: (frame.height * pixelsPerDP).rounded())
                    if !isList && pixels.width >= minimum.width && pixels.height >= minimum.height {
                        if clickable { clickables[i] = Int32(p) }
                        if longClickable { longClickables[i] = Int32(p) }
                    }
                }
                if parent.scrollable {
                    let edges = (left: frame.x, top: frame.y, right: frame.x + frame.width, bottom: frame.y + frame.height)
                    scrollEdges[i] = scrollEdges[p].map {
                        (max($0.left, edges.left), max($0.top, edges.top), min($0.right, edges.right), min($0.bottom, edges.bottom))
                    } ?? edges
                }
            }
        }

        /// ATF `isAgainstScrollableEdge`: the target touches an edge of a scrolling ancestor. A
        /// dump says `scrollable`, not which way, so every edge counts.
        func isAgainstScrollableEdge(node: Int, frame: Rect) -> Bool {
            guard let edges = scrollEdges[node] else { return false }
            return frame.x <= edges.left || frame.y <= edges.top
                || frame.x + frame.width >= edges.right || frame.y + frame.height >= edges.bottom
        }

        /// ATF `hasWebViewAncestor`.
        func webView(above node: Int) -> Int? { webViews[node] < 0 ? nil : Int(webViews[node]) }

        /// ATF `hasQualifyingClickableAncestor`: an ancestor that is clickable when the target
        /// is, or long-clickable when the target is (a long-click-only target under a click-only
        /// container has none), is no AbsListView, and is at least its own minimum size (in
        /// pixels against dp, as ATF compares). The nearest such one.
        func actionAncestor(above node: Int, clickable: Bool, longClickable: Bool) -> Int? {
            let byClick = clickable ? Int(clickables[node]) : -1, byLongClick = longClickable ? Int(longClickables[node]) : -1
            let nearest = max(byClick, byLongClick)
            return nearest < 0 ? nil : nearest
        }
    }
}
