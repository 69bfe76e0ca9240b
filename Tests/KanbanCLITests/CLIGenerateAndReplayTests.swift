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
}
