import A11yCore
import HTTPServer
import Synchronization

/// Prometheus counters. Request figures are sharded per event loop (each loop writes only
/// its shard, so locks are uncontended); audit figures come from workers.
final class Metrics: Sendable {
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct RouteFigures {
        var byStatus: [Int: Int] = [:]
        var buckets = [Int](repeating: 0, count: Metrics.bucketBounds.count + 1)
        var seconds = 0.0
        var count = 0
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
        /// Findings by impact, in `Impact.allCases` order: counters, not a dictionary that
        /// hashed every finding's impact.
        var findings = ImpactCounts()
    }

    struct ImpactCounts {
        private var counts: (minor: Int, moderate: Int, serious: Int, critical: Int) = (0, 0, 0, 0)

        subscript(impact: Impact) -> Int {
            get {
                switch impact {
                case .minor: counts.minor; case .moderate: counts.moderate; case .serious: counts.serious; case .critical: counts.critical
                }
            }
            set {
                switch impact {
                case .minor: counts.minor = newValue; case .moderate: counts.moderate = newValue
                case .serious: counts.serious = newValue; case .critical: counts.critical = newValue
                }
            }
        }

        mutating func add(_ other: ImpactCounts) {
            for impact in Impact.allCases { self[impact] += other[impact] }
        }
    }

    private let shards: [Locked<Shard>]
    private let audits = Mutex(AuditFigures())

    init(loops: Int) {
        shards = (0..<max(1, loops)).map { _ in Locked(Shard()) }
    }

    func record(_ exchange: Exchange, loop: Int) {
        let seconds = Double(exchange.durationNanos) / 1e9
        var bucket = Metrics.bucketBounds.count
        for (index, bound) in Metrics.bucketBounds.enumerated() where seconds <= bound {
            bucket = index
            break
        }
        shards[loop % shards.count].withLock { shard in
            let label = exchange.route ?? "unmatched"
            shard.routes[label, default: RouteFigures()].record(status: exchange.status, bucket: bucket, seconds: seconds)
            shard.requestBytes += exchange.requestBytes
        }
    }

    /// One audit's findings counted by impact, outside the lock (by index: measured faster).
    func recordAudit(findings: borrowing [Finding]) {
        var counts = ImpactCounts()
        findings.withUnsafeBufferPointer { findings in
            for i in findings.indices { counts[findings[i].impact] += 1 }
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
        text += "# HELP a11y_http_requests_total HTTP requests answered, by route and status.\n"
        text += "# TYPE a11y_http_requests_total counter\n"
        for route in merged.keys.sorted() {
            for (status, count) in merged[route]!.byStatus.sorted(by: { $0.key < $1.key }) {
                text += "a11y_http_requests_total{route=\"\(route)\",status=\"\(status)\"} \(count)\n"
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
        text += "# HELP a11y_findings_total Findings reported, by impact.\n"
        text += "# TYPE a11y_findings_total counter\n"
        for impact in Impact.allCases {
            text += "a11y_findings_total{impact=\"\(impact.rawValue)\"} \(auditFigures.findings[impact])\n"
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
        return Array(text.utf8)
    }
}

extension Metrics.RouteFigures {
    mutating func record(status: Int, bucket: Int, seconds: Double) {
        byStatus[status, default: 0] += 1
        buckets[bucket] += 1
        self.seconds += seconds
        count += 1
    }

    mutating func merge(_ other: Metrics.RouteFigures) {
        for (status, count) in other.byStatus { byStatus[status, default: 0] += count }
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        seconds += other.seconds
        count += other.count
    }
}
