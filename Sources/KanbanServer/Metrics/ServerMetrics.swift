import Kanban
import Prometheus
import Synchronization

/// What `/metrics` reports, in Prometheus' text format, kept in a registry of its own
/// (swift-prometheus): requests by method and status, their latency, the engine's commits and
/// batch sizes, the live streams open and the events they carried, and the log's last event.
/// One registry per server, not the process-wide metrics system: a process may run several
/// servers (the tests do), and each reports its own.
final class ServerMetrics: Sendable {
    /// Upper bounds of the latency histogram's buckets.
    static let latencyBounds: [Duration] = [
        .microseconds(500), .milliseconds(1), .microseconds(2_500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500),
    ]

    private let registry = PrometheusCollectorRegistry()
    private let latency: DurationHistogram
    private let subscribers: Gauge
    private let streamed: Counter
    private let encoded: Counter
    private let commits: Counter
    private let commands: Counter
    private let reruns: Counter
    private let conditionalWrites: Counter
    private let conditionalWritesRefused: Counter
    private let averageBatch: Gauge
    private let largestBatch: Gauge
    private let lastSequence: Gauge
    private let lostPositions: Gauge
    private let forwarded: Counter
    private let forwardedCarriedOutHere: Counter
    /// The request counter of each method and status seen, so a request looks its counter up
    /// once by a short key rather than through the registry's descriptor and labels.
    private let requestCounters = Mutex<[String: Counter]>([:])
    /// The live streams open now, and the engine's totals already counted into `commits` and `commands`.
    private let tallies = Mutex((subscribers: 0, commits: 0, commands: 0, reruns: 0, conditional: 0, refused: 0))

    /// A metric's full name and its help line.
    private static func named(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }

    private static var httpRequestDurationSeconds: MetricNameDescriptor { named(
        "kanban_http_request_duration_seconds", "Time from a request's head to its answer's head."
    ) }
    private static var openStreams: MetricNameDescriptor { named("kanban_live_subscribers", "Live event streams open.") }
    private static var streamedEventsTotal: MetricNameDescriptor { named("kanban_streamed_events_total", "Events sent on live streams.") }
    private static var liveEventsEncodedTotal: MetricNameDescriptor { named(
        "kanban_live_events_encoded_total",
        "Events the live streams' shared encoder encoded, once each however many streams send them (catch-ups from the log not counted)."
    ) }
    private static var commitsTotal: MetricNameDescriptor { named("kanban_commits_total", "Write transactions the engine committed for commands.") }
    private static var commandsTotal: MetricNameDescriptor { named("kanban_commands_total", "Commands those transactions carried.") }
    private static var rerunsForAnswersTotal: MetricNameDescriptor { named(
        "kanban_shared_log_reruns_for_answers_total",
        "Writes of the shared log run again because one of their idempotency keys was answered there already (a retry answered on another node)."
    ) }
    private static var conditionalWritesTotal: MetricNameDescriptor { named(
        "kanban_shared_log_conditional_writes_total",
        "Writes of the shared log kept as conditional writes: one statement, without the claim, where the node's cache was the whole log."
    ) }
    private static var conditionalWritesRefusedTotal: MetricNameDescriptor { named(
        "kanban_shared_log_conditional_writes_refused_total",
        "Conditional writes refused because the log had moved on (another node wrote), each run again under the claim."
    ) }
    private static var batchSizeAverage: MetricNameDescriptor { named("kanban_batch_size_average", "Commands per commit, on average.") }
    private static var batchSizeMax: MetricNameDescriptor { named("kanban_batch_size_max", "The most commands one commit carried.") }
    private static var logLastSequence: MetricNameDescriptor { named("kanban_log_last_sequence", "The sequence number of the log's last event.") }
    private static var sharedLogLostPositions: MetricNameDescriptor {
        named("kanban_shared_log_lost_positions", "Events this node's cache held that its shared log lost (failovers behind it): cut from the cache and kept apart, or held still by a cache that cannot be cut.")
    }
    private static var writesForwardedTotal: MetricNameDescriptor { named(
        "kanban_writes_forwarded_total", "Writes handed to the node holding the shared log's write lease and answered by it."
    ) }
    private static var writesForwardedCarriedOutHereTotal: MetricNameDescriptor { named(
        "kanban_writes_forwarded_carried_out_here_total", "Writes meant for the write lease's holder carried out here: it refused the connection."
    ) }
    private static var forwardedRequestsTotal: MetricNameDescriptor { named(
        "kanban_forwarded_requests_total", "Writes other nodes handed on and this node carried out, by method and status (not in kanban_http_requests_total)."
    ) }
    private static var httpRequestsTotal: MetricNameDescriptor { named("kanban_http_requests_total", "HTTP requests answered, by method and status.") }

    init() {
        latency = registry.makeDurationHistogram(descriptor: Self.httpRequestDurationSeconds, labels: [], buckets: Self.latencyBounds)
        subscribers = registry.makeGauge(descriptor: Self.openStreams, labels: [])
        streamed = registry.makeCounter(descriptor: Self.streamedEventsTotal, labels: [])
        encoded = registry.makeCounter(descriptor: Self.liveEventsEncodedTotal, labels: [])
        commits = registry.makeCounter(descriptor: Self.commitsTotal, labels: [])
        commands = registry.makeCounter(descriptor: Self.commandsTotal, labels: [])
        reruns = registry.makeCounter(descriptor: Self.rerunsForAnswersTotal, labels: [])
        conditionalWrites = registry.makeCounter(descriptor: Self.conditionalWritesTotal, labels: [])
        conditionalWritesRefused = registry.makeCounter(descriptor: Self.conditionalWritesRefusedTotal, labels: [])
        averageBatch = registry.makeGauge(descriptor: Self.batchSizeAverage, labels: [])
        largestBatch = registry.makeGauge(descriptor: Self.batchSizeMax, labels: [])
        lastSequence = registry.makeGauge(descriptor: Self.logLastSequence, labels: [])
        lostPositions = registry.makeGauge(descriptor: Self.sharedLogLostPositions, labels: [])
        forwarded = registry.makeCounter(descriptor: Self.writesForwardedTotal, labels: [])
        forwardedCarriedOutHere = registry.makeCounter(descriptor: Self.writesForwardedCarriedOutHereTotal, labels: [])
    }

    /// Counts one answered request, its answer's head `elapsed` after its own; `forwarded`: a
    /// write another node handed on, counted apart (that node counts it as its own request).
    func recordRequest(method: String, status: Int, elapsed: Duration, forwarded: Bool = false) {
        let counter = requestCounters.withLock { counters in
            let key = "\(forwarded ? "forwarded " : "")\(method) \(status)"
            if let counter = counters[key] { return counter }
            let counter = registry.makeCounter(
                descriptor: forwarded ? Self.forwardedRequestsTotal : Self.httpRequestsTotal, labels: [("method", method), ("status", String(status))]
            )
            counters[key] = counter
            return counter
        }
        counter.increment()
        latency.record(elapsed)
    }

    /// A write meant for the write lease's holder was answered by it, or carried out here.
    func recordForwardedWrite(carriedOutHere: Bool) {
        (carriedOutHere ? forwardedCarriedOutHere : forwarded).increment()
    }

    /// A live stream opened (`+1`) or closed (`-1`).
    func changeSubscribers(by change: Int) {
        let open = tallies.withLock { tallies in
            tallies.subscribers += change
            return tallies.subscribers
        }
        subscribers.set(Int64(open))
    }

    /// `count` events were put on a live stream.
    func recordStreamedEvents(_ count: Int) {
        streamed.increment(by: Int64(count))
    }

    /// The live streams' shared encoder encoded an event (once, however many streams send it).
    func recordEncodedEvent() {
        encoded.increment()
    }

    /// The live streams open now.
    var liveSubscribers: Int { tallies.withLock { $0.subscribers } }

    /// Everything, as Prometheus text (format 0.0.4), with the engine's figures as of now.
    func render(writes: WriteStatistics, lastSequence: UInt64, lostPositions: UInt64 = 0) -> String {
        // What the engine's totals grew by since the last scrape: counted once each.
        let grown = tallies.withLock { tallies in
            func grow(_ counted: inout Int, to total: Int) -> Int {
                defer { counted = max(counted, total) }
                return max(0, total - counted)
            }
            return (
                commits: grow(&tallies.commits, to: writes.commits), commands: grow(&tallies.commands, to: writes.commands),
                reruns: grow(&tallies.reruns, to: writes.rerunsForAnswers),
                conditional: grow(&tallies.conditional, to: writes.conditionalWrites),
                refused: grow(&tallies.refused, to: writes.conditionalWritesRefused)
            )
        }
        commits.increment(by: Int64(grown.commits))
        commands.increment(by: Int64(grown.commands))
        reruns.increment(by: Int64(grown.reruns))
        conditionalWrites.increment(by: Int64(grown.conditional))
        conditionalWritesRefused.increment(by: Int64(grown.refused))
        averageBatch.set(writes.averageBatch)
        largestBatch.set(Int64(writes.largestBatch))
        self.lastSequence.set(Double(lastSequence))
        self.lostPositions.set(Double(lostPositions))
        return registry.emitToString()
    }
}
