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

    public init(entries: [Entry]) { self.entries = entries }

    /// A baseline from a request's `options.baseline.fingerprints`: matches on any screen.
    public init(fingerprints: [String]) {
        entries = fingerprints.map { Entry(screen: nil, fingerprint: $0) }
    }

    /// The current findings (suppressed ones excluded: they are already accounted for).
    public init(screens: [ScreenReport]) {
        entries = []
        for screen in screens {
            let analysis = screen.report.analysis
            var fingerprinter = Fingerprinter(analysis)
            for finding in screen.report.run.findings {
                entries.append(Entry(screen: screen.name, fingerprint: fingerprinter.fingerprint(finding),
                                     rule: finding.rule, node: analysis.document.pointer(of: finding.node),
                                     message: finding.message))
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
        /// Baseline entries of this screen (or screen-less ones) no finding matched.
        public var fixed: [Baseline.Entry]
    }

    public var screens: [Screen]

    public var newCount: Int { screens.reduce(0) { $0 + $1.states.count(where: { $0 == .new }) } }
    public var unchangedCount: Int { screens.reduce(0) { $0 + $1.states.count(where: { $0 == .unchanged }) } }
    public var fixedCount: Int { screens.reduce(0) { $0 + $1.fixed.count } }

    /// Matches findings to entries one to one (a baseline entry absorbs one finding), so two
    /// identical findings against one entry leave one of them new. Entries naming the screen
    /// are used before screen-less ones. Suppressed findings consume entries without being
    /// reported, so suppressing a known finding does not list it as fixed. Entries for screens
    /// not in this run are ignored: auditing a subset of files fixes nothing. Screen-less
    /// entries left over are listed as fixed under the first screen.
    public init(screens reports: [ScreenReport], baseline: Baseline) {
        var named: [String: [String: Int]] = [:]  // screen -> fingerprint -> unused count
        var anywhere: [String: Int] = [:]
        for entry in baseline.entries {
            if let screen = entry.screen { named[screen, default: [:]][entry.fingerprint, default: 0] += 1 }
            else { anywhere[entry.fingerprint, default: 0] += 1 }
        }

        func consume(_ fingerprint: String, screen: String) -> Bool {
            if let count = named[screen]?[fingerprint], count > 0 {
                named[screen]![fingerprint] = count - 1
                return true
            }
            if let count = anywhere[fingerprint], count > 0 {
                anywhere[fingerprint] = count - 1
                return true
            }
            return false
        }

        screens = reports.map { screen in
            var fingerprinter = Fingerprinter(screen.report.analysis)
            let states = screen.report.run.findings.map { finding in
                consume(fingerprinter.fingerprint(finding), screen: screen.name) ? State.unchanged : .new
            }
            let suppressedStates = screen.report.run.suppressed.map { item in
                consume(fingerprinter.fingerprint(item.finding), screen: screen.name) ? State.unchanged : .new
            }
            return Screen(name: screen.name, states: states, suppressedStates: suppressedStates, fixed: [])
        }

        // Leftovers, in baseline order, each entry reported once.
        for entry in baseline.entries {
            if let screen = entry.screen {
                guard let index = screens.firstIndex(where: { $0.name == screen }),
                      let count = named[screen]?[entry.fingerprint], count > 0 else { continue }
                named[screen]![entry.fingerprint] = count - 1
                screens[index].fixed.append(entry)
            } else if let count = anywhere[entry.fingerprint], count > 0, !screens.isEmpty {
                anywhere[entry.fingerprint] = count - 1
                screens[0].fixed.append(entry)
            }
        }
    }

    /// State of finding `index` of screen `screen`.
    public func state(screen: Int, finding index: Int) -> State { screens[screen].states[index] }
}
