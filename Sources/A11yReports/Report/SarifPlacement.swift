import A11yRules
/// The artifacts and rule descriptors of a SARIF run whose screens arrive one input at a
/// time, in run order (a batch written while it is audited). A result needs its artifact's
/// index and its rule's: both are handed out in first-seen order, so they are the indices
/// the whole run's head lists, and a screen can be written before later screens exist.
public struct SarifPlacement: Sendable {
    /// Where one screen's results go, and the rules known when it was placed.
    public struct Place: Sendable {
        let location: SarifLocation
        let rules: SarifRules
    }

    var rules: SarifRules
    var artifacts: [SarifArtifact] = []
    private var artifactIndex: [SarifArtifact: Int] = [:]
    var longScreenNames = SarifLongScreenNames()

    public init(catalogue: [Rule]) { rules = SarifRules(catalogue: catalogue, screens: []) }

    /// Places the screens of one input. Screens sharing a source (the frames of a Figma file)
    /// share its artifact; each result names its screen as a logical location.
    public mutating func place(_ screens: [ScreenReport]) -> [Place] {
        screens.map { screen in
            rules.add(findingsOf: screen)
            let uri = SarifURI.reference(screen.source)
            let index = artifactIndex[uri] ?? artifacts.count
            if index == artifacts.count {
                artifactIndex[uri] = index
                artifacts.append(uri)
            }
            let name = SarifReport.screenName(screen)
            return Place(location: SarifLocation(artifact: uri, artifactIndex: index, screen: name,
                                                 screenIndex: longScreenNames.place(name), screenLabel: BoundedName.of(screen.name)),
                         rules: rules)
        }
    }
}
