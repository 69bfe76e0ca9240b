import Kanban
import Synchronization

/// What `/metrics` reports, in Prometheus' text format: requests by method and status, their
/// latency, the engine's commits and batch sizes, and the live streams open.
final class ServerMetrics: Sendable {
    /// Upper bounds of the latency histogram's buckets, in seconds.
    static let latencyBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct Counts {
        var requests: [String: Int] = [:]
        var latencyBuckets = [Int](repeating: 0, count: ServerMetrics.latencyBounds.count)
        var latencySum = 0.0
        var latencyCount = 0
        var liveSubscribers = 0
        var eventsStreamed = 0
        var eventsEncoded = 0
    }

    private let counts = Mutex(Counts())

    /// Counts one answered request.
    func recordRequest(method: String, status: Int, seconds: Double) {
        counts.withLock { counts in
            counts.requests["method=\"\(method)\",status=\"\(status)\"", default: 0] += 1
            for (index, bound) in Self.latencyBounds.enumerated() where seconds <= bound {
                counts.latencyBuckets[index] += 1
            }
            counts.latencySum += seconds
            counts.latencyCount += 1
        }
    }

    /// A live stream opened (`+1`) or closed (`-1`).
    func changeSubscribers(by change: Int) {
        counts.withLock { $0.liveSubscribers += change }
    }

    /// `count` events were put on a live stream.
    func recordStreamedEvents(_ count: Int) {
        counts.withLock { $0.eventsStreamed += count }
    }

    /// The live streams' shared encoder encoded an event (once, however many streams send it).
    func recordEncodedEvent() {
        counts.withLock { $0.eventsEncoded += 1 }
    }

    /// The live streams open now.
    var liveSubscribers: Int { counts.withLock { $0.liveSubscribers } }

    /// Everything, as Prometheus text (format 0.0.4).
    func render(writes: WriteStatistics, lastSequence: UInt64) -> String {
        let counts = self.counts.withLock { $0 }
        var lines: [String] = []
        func family(_ name: String, _ type: String, _ help: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
        }
        family("kanban_http_requests_total", "counter", "HTTP requests answered, by method and status.")
        for (labels, count) in counts.requests.sorted(by: { $0.key < $1.key }) {
            lines.append("kanban_http_requests_total{\(labels)} \(count)")
        }
        family("kanban_http_request_duration_seconds", "histogram", "Time from a request's head to its answer's head.")
        for (bound, count) in zip(Self.latencyBounds, counts.latencyBuckets) {
            lines.append("kanban_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(count)")
        }
        lines.append("kanban_http_request_duration_seconds_bucket{le=\"+Inf\"} \(counts.latencyCount)")
        lines.append("kanban_http_request_duration_seconds_sum \(counts.latencySum)")
        lines.append("kanban_http_request_duration_seconds_count \(counts.latencyCount)")
        family("kanban_commits_total", "counter", "Write transactions the engine committed for commands.")
        lines.append("kanban_commits_total \(writes.commits)")
        family("kanban_commands_total", "counter", "Commands those transactions carried.")
        lines.append("kanban_commands_total \(writes.commands)")
        family("kanban_batch_size_average", "gauge", "Commands per commit, on average.")
        lines.append("kanban_batch_size_average \(writes.averageBatch)")
        family("kanban_batch_size_max", "gauge", "The most commands one commit carried.")
        lines.append("kanban_batch_size_max \(writes.largestBatch)")
        family("kanban_live_subscribers", "gauge", "Live event streams open.")
        lines.append("kanban_live_subscribers \(counts.liveSubscribers)")
        family("kanban_streamed_events_total", "counter", "Events sent on live streams.")
        lines.append("kanban_streamed_events_total \(counts.eventsStreamed)")
        family("kanban_live_events_encoded_total", "counter", "Events the live streams' shared encoder encoded, once each however many streams send them (catch-ups from the log not counted).")
        lines.append("kanban_live_events_encoded_total \(counts.eventsEncoded)")
        family("kanban_log_last_sequence", "gauge", "The sequence number of the log's last event.")
        lines.append("kanban_log_last_sequence \(lastSequence)")
        return lines.joined(separator: "\n") + "\n"
    }
}
