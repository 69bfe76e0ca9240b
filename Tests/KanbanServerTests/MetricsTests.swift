import Foundation
import Kanban
import KanbanTestSupport
@testable import KanbanServer
import Testing

/// `/metrics`: Prometheus' text format, the names the load scripts and dashboards read.
struct MetricsTests {
    /// `text`'s samples, as `name{labels}` → value.
    private static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    @Test("Writes run again for a key answered elsewhere are counted from the engine's statistics, once each across scrapes")
    func rerunsForAnswers() {
        let metrics = ServerMetrics()
        var writes = WriteStatistics()
        writes.rerunsForAnswers = 2
        #expect(Self.samples(metrics.render(writes: writes, lastSequence: 0))["kanban_shared_log_reruns_for_answers_total"] == 2)
        writes.rerunsForAnswers = 3
        #expect(Self.samples(metrics.render(writes: writes, lastSequence: 0))["kanban_shared_log_reruns_for_answers_total"] == 3)
        #expect(Self.samples(metrics.render(writes: writes, lastSequence: 0))["kanban_shared_log_reruns_for_answers_total"] == 3)
    }

    @Test("Conditional writes kept and refused are counted from the engine's statistics, once each across scrapes")
    func conditionalWrites() {
        let metrics = ServerMetrics()
        var writes = WriteStatistics()
        (writes.conditionalWrites, writes.conditionalWritesRefused) = (5, 1)
        var samples = Self.samples(metrics.render(writes: writes, lastSequence: 0))
        #expect(samples["kanban_shared_log_conditional_writes_total"] == 5)
        #expect(samples["kanban_shared_log_conditional_writes_refused_total"] == 1)
        writes.conditionalWrites = 7
        samples = Self.samples(metrics.render(writes: writes, lastSequence: 0))
        #expect(samples["kanban_shared_log_conditional_writes_total"] == 7)
        #expect(samples["kanban_shared_log_conditional_writes_refused_total"] == 1)
        #expect(Self.samples(metrics.render(writes: writes, lastSequence: 0))["kanban_shared_log_conditional_writes_total"] == 7)
    }

    @Test("Requests by method and status, their latency, commits and the log's last event; a second scrape counts nothing twice")
    func scrape() async throws {
        try await ServerHarness.withServer { api, engine in
            for title in ["one", "two"] {
                #expect(try await api.post("/api/boards/main/cards", #"{"title": "\#(title)"}"#).status == 201)
            }
            #expect(try await api.post("/api/boards/main/cards", #"{"title": ""}"#).status == 422)
            let first = Self.samples(try await api.get("/metrics").text)
            #expect(first[#"kanban_http_requests_total{method="POST",status="201"}"#] == 2)
            #expect(first[#"kanban_http_requests_total{method="POST",status="422"}"#] == 1)
            #expect(first["kanban_http_request_duration_seconds_count"] == 3)
            #expect(first[#"kanban_http_request_duration_seconds_bucket{le="+Inf"}"#] == 3)
            #expect(first["kanban_log_last_sequence"] == Double(try engine.lastSequence()))
            #expect(first["kanban_shared_log_lost_positions"] == 0)
            #expect(first["kanban_shared_log_reruns_for_answers_total"] == 0)
            let commits = try #require(first["kanban_commits_total"])
            #expect(commits >= 1 && commits == Double(engine.writeStatistics.commits))

            let second = Self.samples(try await api.get("/metrics").text)
            #expect(second["kanban_commits_total"] == commits, "the engine's totals are counted once")
            #expect(second[#"kanban_http_requests_total{method="GET",status="200"}"#] == 1)
            #expect(try await api.get("/metrics").text.contains("# TYPE kanban_http_requests_total counter"))
        }
    }
}
