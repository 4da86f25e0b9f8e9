import A11yCore
import HTTPServer
import Synchronization
import A11yReports
import A11yRules

/// Prometheus counters. Request figures come from the layer around the router
/// (`completed`), sharded per event loop (each loop writes only its shard, so locks are
/// uncontended); audit figures come from the audit handler.
final class Metrics: Middleware {
    var hooks: MiddlewareHooks { [.completed] }
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct RouteFigures {
        /// Answers by method and status code.
        var byCode: [CodeKey: Int] = [:]
        var buckets = [Int](repeating: 0, count: Metrics.bucketBounds.count + 1)
        var seconds = 0.0
        var count = 0
    }

    /// The `method` and `code` labels of one request count.
    struct CodeKey: Hashable, Comparable {
        var method: String
        var code: Int
        static func < (a: CodeKey, b: CodeKey) -> Bool { (a.method, a.code) < (b.method, b.code) }
    }

    struct Shard {
        var routes: [String: RouteFigures] = [:]
        var requestBytes = 0
    }

    struct AuditFigures {
        var audits = 0
        var failed = 0
        var timedOut = 0
        var cancelled = 0
        var findings = FindingCounts()
    }

    /// Findings by rule and impact. Rule ids are the fixed set `RuleRegistry.all` names, so
    /// the label set is bounded; a finding of any other rule would count under `other`.
    struct FindingCounts {
        static let rules: [String] = RuleRegistry.all.map(\.id) + ["other"]
        /// Each rule's row index, looked up once per finding.
        static let rowOfRule: [String: Int] = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        /// The impact each rule's findings normally have: listed even while its count is 0.
        static let usualImpact: [Impact?] = RuleRegistry.all.map(\.impact) + [nil]

        /// rules.count rows of Impact.allCases.count counts.
        private(set) var counts = [Int](repeating: 0, count: FindingCounts.rules.count * Impact.allCases.count)

        static func column(_ impact: Impact) -> Int {
            switch impact { case .minor: 0; case .moderate: 1; case .serious: 2; case .critical: 3 }
        }

        /// The row counting `rule`'s findings (`other` for an id the registry does not name).
        static func row(of rule: String) -> Int { rowOfRule[rule] ?? rules.count - 1 }

        mutating func count(row: Int, impact: Impact) {
            counts[row * Impact.allCases.count + Self.column(impact)] += 1
        }

        subscript(row: Int, impact: Impact) -> Int { counts[row * Impact.allCases.count + Self.column(impact)] }

        mutating func add(_ other: FindingCounts) {
            for index in counts.indices { counts[index] += other.counts[index] }
        }
    }

    /// The `method` label: the methods HTTP defines by name, anything else (or a request
    /// line that could not be read) as `other`, so a client cannot grow the label set.
    static func methodLabel(_ method: HTTPMethod?) -> String {
        guard let name = method?.name else { return "other" }
        switch name {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH": return name
        default: return "other"
        }
    }

    private let shards: [Locked<Shard>]
    private let audits = Mutex(AuditFigures())

    init(loops: Int) {
        shards = (0..<max(1, loops)).map { _ in Locked(Shard()) }
    }

    func completed(_ exchange: Exchange, loop: Int) {
        let seconds = Double(exchange.durationNanos) / 1e9
        var bucket = Metrics.bucketBounds.count
        for (index, bound) in Metrics.bucketBounds.enumerated() where seconds <= bound {
            bucket = index
            break
        }
        shards[loop % shards.count].withLock { shard in
            let label = exchange.route ?? "unmatched"
            shard.routes[label, default: RouteFigures()].record(
                CodeKey(method: Metrics.methodLabel(exchange.method), code: exchange.status), bucket: bucket, seconds: seconds)
            shard.requestBytes += exchange.requestBytes
        }
    }

    /// One audit's findings counted by rule and impact, outside the lock:
    /// the listed ones and those the listing left out (`omitted`), so a counter never hides a
    /// finding that the answer's own `byImpact` counts (issue 24).
    func recordAudit(findings: borrowing [Finding], omitted: borrowing [OmittedFinding] = []) {
        var counts = FindingCounts()
        for i in omitted.indices {
            counts.count(row: FindingCounts.row(of: omitted[i].rule), impact: omitted[i].impact)
        }
        findings.withUnsafeBufferPointer { findings in
            // A rule's findings often follow each other: its row is looked up once per run of them.
            var last: (rule: String, row: Int)?
            for i in findings.indices {
                let rule = findings[i].rule
                let row = last?.rule == rule ? last!.row : FindingCounts.row(of: rule)
                last = (rule, row)
                counts.count(row: row, impact: findings[i].impact)
            }
        }
        audits.withLock { figures in
            figures.audits += 1
            figures.findings.add(counts)
        }
    }

    func recordRejectedAudit() { audits.withLock { $0.failed += 1 } }
    func recordTimedOutAudit() { audits.withLock { $0.timedOut += 1 } }
    func recordCancelledAudit() { audits.withLock { $0.cancelled += 1 } }

    /// What the service adds to the transport's figures.
    struct ServiceFigures {
        var draining = false
        var accessLogDropped = 0
        /// Serving a non-loopback address with no token (`--allow-unauthenticated`).
        var unauthenticated = false
        /// The process's own figures (memory, CPU, descriptors), read from /proc when scraped.
        var process: ProcessFigures?
    }

    /// Prometheus text exposition format 0.0.4.
    func render(transport: ServerStats, service: ServiceFigures) -> [UInt8] {
        let draining = service.draining
        var merged: [String: RouteFigures] = [:]
        for shard in shards {
            shard.withLock { shard in
                for (route, figures) in shard.routes { merged[route, default: RouteFigures()].merge(figures) }
            }
        }
        let auditFigures = audits.withLock { $0 }
        var text = ""
        text += "# HELP a11y_build_info The running version (value 1).\n"
        text += "# TYPE a11y_build_info gauge\n"
        text += "a11y_build_info{version=\"\(A11yAuditVersion.current)\"} 1\n"
        text += "# HELP a11y_http_requests_total HTTP requests answered, by route, method and status code.\n"
        text += "# TYPE a11y_http_requests_total counter\n"
        for route in merged.keys.sorted() {
            for (key, count) in merged[route]!.byCode.sorted(by: { $0.key < $1.key }) {
                text += "a11y_http_requests_total{route=\"\(route)\",method=\"\(key.method)\",code=\"\(key.code)\"} \(count)\n"
            }
        }
        text += "# HELP a11y_http_request_duration_seconds Time from the first request byte to the queued response.\n"
        text += "# TYPE a11y_http_request_duration_seconds histogram\n"
        for route in merged.keys.sorted() {
            let figures = merged[route]!
            var cumulative = 0
            for (index, bound) in Metrics.bucketBounds.enumerated() {
                cumulative += figures.buckets[index]
                text += "a11y_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            cumulative += figures.buckets[Metrics.bucketBounds.count]
            text += "a11y_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(cumulative)\n"
            text += "a11y_http_request_duration_seconds_sum{route=\"\(route)\"} \(figures.seconds)\n"
            text += "a11y_http_request_duration_seconds_count{route=\"\(route)\"} \(figures.count)\n"
        }
        text += "# HELP a11y_http_requests_in_flight Requests received and not yet answered.\n"
        text += "# TYPE a11y_http_requests_in_flight gauge\n"
        text += "a11y_http_requests_in_flight \(transport.inFlight)\n"
        text += "# HELP a11y_http_open_connections Open client connections.\n"
        text += "# TYPE a11y_http_open_connections gauge\n"
        text += "a11y_http_open_connections \(transport.openConnections)\n"
        text += "# HELP a11y_http_received_bytes_total Bytes read from clients.\n"
        text += "# TYPE a11y_http_received_bytes_total counter\n"
        text += "a11y_http_received_bytes_total \(transport.bytesIn)\n"
        text += "# HELP a11y_http_sent_bytes_total Response bytes written for clients.\n"
        text += "# TYPE a11y_http_sent_bytes_total counter\n"
        text += "a11y_http_sent_bytes_total \(transport.bytesOut)\n"
        text += "# HELP a11y_http_buffered_body_bytes Request body memory held now, across connections (capped by --max-buffered-bytes).\n"
        text += "# TYPE a11y_http_buffered_body_bytes gauge\n"
        text += "a11y_http_buffered_body_bytes \(transport.bufferedBodyBytes)\n"
        text += "# HELP a11y_audit_memory_reserved_bytes Memory reserved by running audits and their unsent answers (bounded by --max-audit-memory; 0 without it).\n"
        text += "# TYPE a11y_audit_memory_reserved_bytes gauge\n"
        text += "a11y_audit_memory_reserved_bytes \(transport.reservedOffloadBytes)\n"
        text += "# HELP a11y_http_buffered_limit_refusals_total Requests answered 503 because --max-buffered-bytes was reached.\n"
        text += "# TYPE a11y_http_buffered_limit_refusals_total counter\n"
        text += "a11y_http_buffered_limit_refusals_total \(transport.bufferLimitRefusals)\n"
        text += "# HELP a11y_http_requests_cancelled_total Requests whose worker was told to stop: client gone or drain over.\n"
        text += "# TYPE a11y_http_requests_cancelled_total counter\n"
        text += "a11y_http_requests_cancelled_total \(transport.cancelledRequests)\n"
        text += "# HELP a11y_audits_total Audits completed.\n"
        text += "# TYPE a11y_audits_total counter\n"
        text += "a11y_audits_total \(auditFigures.audits)\n"
        text += "# HELP a11y_audits_rejected_total Audit requests refused as bad input.\n"
        text += "# TYPE a11y_audits_rejected_total counter\n"
        text += "a11y_audits_rejected_total \(auditFigures.failed)\n"
        text += "# HELP a11y_audits_timed_out_total Audits stopped by --audit-timeout (503).\n"
        text += "# TYPE a11y_audits_timed_out_total counter\n"
        text += "a11y_audits_timed_out_total \(auditFigures.timedOut)\n"
        text += "# HELP a11y_audits_cancelled_total Audits stopped because nobody waited for them any more.\n"
        text += "# TYPE a11y_audits_cancelled_total counter\n"
        text += "a11y_audits_cancelled_total \(auditFigures.cancelled)\n"
        text += "# HELP a11y_findings_total Findings reported, by rule and impact.\n"
        text += "# TYPE a11y_findings_total counter\n"
        let findings = auditFigures.findings
        for (row, rule) in FindingCounts.rules.enumerated() {
            for impact in Impact.allCases where findings[row, impact] > 0 || FindingCounts.usualImpact[row] == impact {
                text += "a11y_findings_total{rule=\"\(rule)\",impact=\"\(impact.rawValue)\"} \(findings[row, impact])\n"
            }
        }
        text += "# HELP a11y_draining 1 while shutting down.\n"
        text += "# TYPE a11y_draining gauge\n"
        text += "a11y_draining \(draining ? 1 : 0)\n"
        text += "# HELP a11y_access_log_dropped_total Access-log lines dropped because the log's reader fell behind.\n"
        text += "# TYPE a11y_access_log_dropped_total counter\n"
        text += "a11y_access_log_dropped_total \(service.accessLogDropped)\n"
        text += "# HELP a11y_unauthenticated 1 when serving a non-loopback address without a token (--allow-unauthenticated).\n"
        text += "# TYPE a11y_unauthenticated gauge\n"
        text += "a11y_unauthenticated \(service.unauthenticated ? 1 : 0)\n"
        service.process?.render(into: &text)
        return Array(text.utf8)
    }
}

extension Metrics.RouteFigures {
    mutating func record(_ key: Metrics.CodeKey, bucket: Int, seconds: Double) {
        byCode[key, default: 0] += 1
        buckets[bucket] += 1
        self.seconds += seconds
        count += 1
    }

    mutating func merge(_ other: Metrics.RouteFigures) {
        for (key, count) in other.byCode { byCode[key, default: 0] += count }
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        seconds += other.seconds
        count += other.count
    }
}
