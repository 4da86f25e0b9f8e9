/// Findings a team has accepted for now, identified by `Fingerprint`. A pipeline compares a
/// run against it and fails only on findings that are not in it.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// Screen the finding was on; nil matches any screen (`options.baseline.fingerprints`).
        public var screen: String?
        public var fingerprint: String
        // Context for people reading the file and for "fixed" lists; not used to match.
        public var rule: String?
        public var node: String?
        public var message: String?

        public init(screen: String?, fingerprint: String, rule: String? = nil, node: String? = nil, message: String? = nil) {
            self.screen = screen; self.fingerprint = fingerprint; self.rule = rule; self.node = node; self.message = message
        }
    }

    public var entries: [Entry]
    /// What the screen reader said on each screen (by screen name) when the baseline was
    /// written; empty for a file written before transcripts were kept, or a request's baseline.
    public var transcripts: [String: SpokenTranscript] = [:]

    public init(entries: [Entry], transcripts: [String: SpokenTranscript] = [:]) {
        self.entries = entries; self.transcripts = transcripts
    }

    /// A baseline from a request's `options.baseline.fingerprints`: matches on any screen.
    public init(fingerprints: [String]) {
        entries = fingerprints.map { Entry(screen: nil, fingerprint: $0) }
    }

    /// The transcript kept for a screen: under its name, else under the name an earlier
    /// version gave it.
    public func transcript(name: String, legacyName: String?) -> SpokenTranscript? {
        transcripts[name] ?? legacyName.flatMap { transcripts[$0] }
    }

    /// The current findings, listed or omitted (suppressed ones excluded: they are already accounted for).
    public init(screens: [ScreenReport]) {
        entries = []
        for screen in screens {
            let analysis = screen.report.analysis
            transcripts[screen.name] = SpokenTranscript(analysis)
            var fingerprinter = Fingerprinter(analysis)
            for finding in screen.report.run.findings {
                entries.append(Entry(screen: screen.name, fingerprint: fingerprinter.fingerprint(finding),
                                     rule: finding.rule, node: NodePaths.shortPointer(of: finding.node, in: analysis.document),
                                     message: finding.message))
            }
            // Findings a listing cap left out are current findings too: recorded without a message.
            for item in screen.report.run.omitted {
                entries.append(Entry(screen: screen.name, fingerprint: fingerprinter.fingerprint(rule: item.rule, node: item.node),
                                     rule: item.rule, node: NodePaths.shortPointer(of: item.node, in: analysis.document)))
            }
        }
    }
}

/// Where each finding of a run stands against a baseline.
public struct BaselineComparison: Sendable {
    public enum State: String, Sendable { case new, unchanged }

    public struct Screen: Sendable {
        public var name: String
        /// One per `run.findings`, same order.
        public var states: [State]
        /// One per `run.suppressed`, same order.
        public var suppressedStates: [State]
        /// One per `run.omitted` (findings left out of the listing), same order.
        public var omittedStates: [State]
        /// Baseline entries of this screen (or screen-less ones) no finding matched.
        public var fixed: [Baseline.Entry]
        /// What the screen reader said on the screen in the baseline; nil when the baseline
        /// has no transcript for it (an older file, a request's `options.baseline`).
        public var transcript: SpokenTranscript?

        public init(name: String, states: [State], suppressedStates: [State], omittedStates: [State] = [], fixed: [Baseline.Entry]) {
            self.name = name; self.states = states; self.suppressedStates = suppressedStates
            self.omittedStates = omittedStates; self.fixed = fixed
        }

        /// Findings of the screen, listed or omitted, that are not in the baseline / are.
        public var newCount: Int { states.count { $0 == .new } + omittedStates.count { $0 == .new } }
        public var unchangedCount: Int { states.count { $0 == .unchanged } + omittedStates.count { $0 == .unchanged } }

        /// A screen compared with the baseline just recorded from it (`--write-baseline`):
        /// every finding is known; suppressed ones are not recorded, so they stay new.
        public static func recorded(_ screen: ScreenReport) -> Screen {
            Screen(name: screen.name, states: screen.report.run.findings.map { _ in .unchanged },
                   suppressedStates: screen.report.run.suppressed.map { _ in .new },
                   omittedStates: screen.report.run.omitted.map { _ in .unchanged }, fixed: [])
        }
    }

    public var screens: [Screen]

    public var newCount: Int { screens.reduce(0) { $0 + $1.newCount } }
    public var unchangedCount: Int { screens.reduce(0) { $0 + $1.unchangedCount } }
    public var fixedCount: Int { screens.reduce(0) { $0 + $1.fixed.count } }

    /// Matches findings to entries one to one (a baseline entry absorbs one finding), so two
    /// identical findings against one entry leave one of them new. Entries naming the screen
    /// are used before screen-less ones. Suppressed findings consume entries without being
    /// reported, so suppressing a known finding does not list it as fixed. Entries for screens
    /// not in this run are ignored: auditing a subset of files fixes nothing. Screen-less
    /// entries left over are listed as fixed under the first screen. Linear in findings and
    /// entries: entries are counted by screen and fingerprint, screens found by name.
    public init(screens reports: [ScreenReport], baseline: Baseline) {
        var matcher = BaselineMatcher(baseline)
        var keys: [String] = []
        screens = reports.map { screen in
            let key = matcher.key(name: screen.name, legacyName: screen.legacyName)
            keys.append(key)
            let (states, suppressedStates, omittedStates) = matcher.match(key: key, BaselineMatcher.fingerprints(of: screen.report))
            var compared = Screen(name: screen.name, states: states, suppressedStates: suppressedStates, omittedStates: omittedStates, fixed: [])
            compared.transcript = baseline.transcript(name: screen.name, legacyName: screen.legacyName)
            return compared
        }
        // Leftovers, in baseline order, each entry reported once, under the first screen that
        // reads its screen name.
        var screenOfKey: [String: Int] = [:]
        for (index, key) in keys.enumerated() where screenOfKey[key] == nil { screenOfKey[key] = index }
        for entry in baseline.entries {
            if let screen = entry.screen {
                guard let index = screenOfKey[screen], matcher.takeNamed(entry.fingerprint, key: screen) else { continue }
                screens[index].fixed.append(entry)
            } else if !screens.isEmpty, matcher.takeAnywhere(entry.fingerprint) {
                screens[0].fixed.append(entry)
            }
        }
    }

    /// Screens compared one at a time (`BaselineMatcher`).
    public init(screens: [Screen]) { self.screens = screens }

    /// State of finding `index` of screen `screen`.
    public func state(screen: Int, finding index: Int) -> State { screens[screen].states[index] }
}
