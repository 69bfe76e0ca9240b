import Foundation
import KanbanTestSupport
import Testing

/// `kanban generate` and `kanban replay`.
struct CLIGenerateAndReplayTests {
    /// `log --json` with every event's envelope id blanked out.
    static func withoutEventIDs(_ log: String) -> String {
        log.replacing(#/("actor":"[^"]*","id":")[0-9a-f-]{36}"/#) { match in "\(match.output.1)-\"" }
    }

    /// Generates 2,000 events with seed 7 into a fresh database and returns its `log --json`.
    static func generatedLog() throws -> (log: String, fixture: CLIFixture) {
        let fixture = try CLIFixture()
        let output = try fixture.kanban.run("generate", "--events", "2000", "--seed", "7")
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.hasPrefix("Appended 2000 events in "), "\(output.stdout)")
        return (try fixture.kanban.succeed(["log", "--json"]), fixture)
    }

    @Test("generate with the same seed into two fresh databases gives the same workload")
    func deterministicWorkload() throws {
        let (first, one) = try Self.generatedLog()
        let (second, two) = try Self.generatedLog()
        defer {
            one.remove()
            two.remove()
        }
        let firstEvents = try one.kanban.log()
        #expect(firstEvents.count == 2000)
        #expect(firstEvents.map(\.sequence) == Array(1...2000))
        #expect(first.count > 100_000)
        #expect(Self.withoutEventIDs(first) == Self.withoutEventIDs(second))
        #expect(try one.kanban.board() == two.kanban.board())
        #expect(try one.kanban.stats().liveCards == two.kanban.stats().liveCards)
    }

    @Test(
        "generate with the same seed into two fresh databases gives identical log --json output"
    )
    func identicalLogs() throws {
        let (first, one) = try Self.generatedLog()
        let (second, two) = try Self.generatedLog()
        defer {
            one.remove()
            two.remove()
        }
        #expect(first == second)
    }

    @Test("replay --json reports the events replayed, the seconds and the rate")
    func replay() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let generated = try fixture.kanban.decode(RateJSON.self, ["generate", "--events", "2000", "--seed", "7", "--json"])
        #expect(generated.events == 2000)
        let report = try fixture.kanban.decode(RateJSON.self, ["replay", "--json"])
        #expect(report.events == 2000)
        #expect(report.seconds >= 0)
        #expect(report.eventsPerSecond >= 0)
        let object = try #require(try jsonObject(try fixture.kanban.succeed(["replay", "--json"])) as? [String: Any])
        #expect(Set(object.keys) == ["events", "seconds", "eventsPerSecond", "snapshot", "tailEvents"])
        #expect(object["snapshot"] is NSNull, "2,000 events are below the snapshot interval")
        #expect(object["tailEvents"] as? Int == 2000)
        #expect(try fixture.kanban.succeed(["replay"]).hasPrefix("Replayed 2000 events in "))
        let stats = try fixture.kanban.stats()
        #expect(stats.events == 2000 && stats.lastSequence == 2000)

        if let mdbStat = Tools.mdbStat {
            let output = try Subprocess.run(mdbStat, ["-s", "events", fixture.database])
            #expect(output.stdout.contains("Entries: 2000"), "\(output)")
        }
    }

    @Test("generate continues a log with cards of its own, and replays to the same board")
    func continuesLog() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("mine")
        try fixture.kanban.succeed(["generate", "--events", "500", "--seed", "3", "--batch-size", "50"])
        try fixture.kanban.succeed(["generate", "--events", "500", "--seed", "4"])
        let stats = try fixture.kanban.stats()
        #expect(stats.events >= 1002)
        #expect(stats.lastSequence == stats.events)
        let log = try fixture.kanban.log()
        #expect(log.map(\.sequence) == Array(1...log.count))
    }

    @Test("snapshot --at SEQ or DATE stores the state of that moment; before the log or past its end it is a one-line error and stores nothing")
    func snapshotOfThePast() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.succeed(["generate", "--events", "300"])
        let taken = try fixture.kanban.run("snapshot", "--at", "150")
        #expect(taken.status == 0 && taken.stdout.hasPrefix("Snapshot of #150: ") && taken.stdout.hasSuffix(" bytes\n"), "\(taken)")
        #expect(try fixture.kanban.succeed(["snapshot", "--at", "150", "--json"]).contains("\"sequence\":150"))
        for (at, message) in [("0", "#0 (the log holds #1 to #300) is outside the log"), ("301", "#301 (the log ends at #300) is outside the log"),
                              ("2001-01-01", "2001-01-01 (before the first event) is outside the log"), ("-5", "'-5' is not an ISO 8601 date")] {
            let refused = try fixture.kanban.run("snapshot", "--at", at)
            #expect(refused.status == 1 && refused.stdout.isEmpty, "\(at): \(refused)")
            #expect(refused.stderrLines.count == 1 && refused.stderr.contains(message), "\(at): \(refused)")
        }
        // The workload's year starts 2025-01-01: the middle of it is inside the log.
        #expect(try fixture.kanban.run("snapshot", "--at", "2025-07-01").status == 0)
        let listed = try fixture.kanban.succeed(["snapshots"])
        #expect(listed.hasPrefix("#") && listed.contains("#150\t") && listed.contains("2 snapshots"), "\(listed)")
        #expect(try fixture.kanban.run("verify").status == 0)
    }
}
