/// ATF's `SpeakableTextPresentCheck` (google/Accessibility-Test-Framework-for-Android,
/// `checks/SpeakableTextPresentCheck.java`, `runCheckOnHierarchy`; the speakable text and
/// focus decisions in `ViewHierarchyElementUtils.java`) on an Android tree's elements, for the
/// rules that report a missing name there (`control-name`, `text-field-name`).
///
/// ATF reports an ERROR only when a view a screen reader would focus has no speakable text.
/// Speakable text (`getSpeakableTextFromElementSubtree`) is more than a label:
/// - the state of a checkable view: "checked" / "not checked" (`getDescriptionForTreeStatus`),
///   a Switch's or ToggleButton's "On" / "Off" (`ruleSwitch`), so an unnamed CheckBox, Switch
///   or Compose toggle passes: our toggles always carry their state as the value;
/// - the content description, else the text and the text of non-focusable children (our label);
///   a field's text, which may be what was typed (our value) or, while `showing-hint`, the hint;
/// - the hint (`getHintText`), so an EditText named only by its hint passes.
/// Only the active window is judged (not SystemUI's or a keyboard's, `AndroidDisplay.inactiveWindows`).
/// A WebView with no children is not judged (`RESULT_ID_WEB_CONTENT`), and an AbsListView with
/// none says "List showing 0 items".
/// And a view with important descendants is focused only when something in it speaks
/// (`shouldFocusView`: `hasAnyImportantDescendant`, then `isSpeakingView`), so a silent
/// container whose children are important is not judged (ATF: NOT_RUN "should not focus").
extension RuleContext {
    /// On an Android tree: whether ATF would report the element at `e` as having no speakable
    /// text (its label, value and hint are blank, it is not checkable, and it holds no node
    /// important for accessibility).
    func lacksSpeakableText(elementAt e: Int) -> Bool {
        let element = elements[e]
        guard lacksLabel(elementAt: e), element.value.isBlankOrNil, element.hint.isBlankOrNil,
              kind(ofElementAt: e) != .toggle else { return false }
        guard isInActiveWindow(element.node) else { return false }
        let node = self.node(element.node)
        if node.childRange.isEmpty, let className = node.className {
            // A WebView without children is web content ATF does not judge (NOT_RUN); an empty
            // AbsListView speaks "List showing 0 items".
            if className == AndroidTargetSize.webViewClass || AndroidTargetSize.isAbsListView(className) { return false }
        }
        return !hasImportantDescendant(element.node)
    }

    /// ATF `getElementsToEvaluate`: whether `node` is in the active window, that is not in a
    /// window of SystemUI or an input method of an imported dump (`AndroidDisplay.inactiveWindows`).
    func isInActiveWindow(_ node: Int) -> Bool {
        guard let display = document.androidDisplay else { return true }
        return !display.isInInactiveWindow(node, of: document)
    }

    /// ATF `hasAnyImportantDescendant`: any node below `node` (visible or not) that is important
    /// for accessibility (absent reads as important, as a plain UI Automator dump's nodes are).
    /// Nodes are stored in pre-order, so the subtree is the run of deeper nodes after it.
    private func hasImportantDescendant(_ node: Int) -> Bool {
        let nodes = self.nodes
        let depth = nodes[node].depth
        var j = node + 1
        while j < nodes.count, nodes[j].depth > depth {
            if nodes[j].importantForAccessibility != false { return true }
            j += 1
        }
        return false
    }
}
