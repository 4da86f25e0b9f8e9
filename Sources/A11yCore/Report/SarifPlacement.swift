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
    var artifacts: [String] = []
    private var artifactIndex: [String: Int] = [:]
    private var sources: Set<String> = []

    public init(catalogue: [Rule]) { rules = SarifRules(catalogue: catalogue, screens: []) }

    /// Places the screens of one input. A source shared by screens of that input, or used by
    /// an earlier screen, gets a `#name` fragment, as in a whole run (where every screen
    /// sharing it does: later screens are not known yet).
    public mutating func place(_ screens: [ScreenReport]) -> [Place] {
        var inInput: [String: Int] = [:]
        for screen in screens { inInput[screen.source, default: 0] += 1 }
        return screens.map { screen in
            rules.add(findingsOf: screen)
            var uri = SarifURI.reference(screen.source)
            if inInput[screen.source]! > 1 || sources.contains(screen.source) { uri += "#" + SarifURI.fragment(screen.name) }
            sources.insert(screen.source)
            let index = artifactIndex[uri] ?? artifacts.count
            if index == artifacts.count {
                artifactIndex[uri] = index
                artifacts.append(uri)
            }
            return Place(location: SarifLocation(uri: uri, artifactIndex: index), rules: rules)
        }
    }
}
