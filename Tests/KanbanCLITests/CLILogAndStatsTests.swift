import Foundation
import KanbanTestSupport
import Testing

/// `kanban log` and `kanban stats`.
struct CLILogAndStatsTests {
    /// Adds, moves, edits and deletes; returns the card ids.
    static func history(_ kanban: KanbanBinary) throws -> [String] {
        let a = try kanban.add("a", ["--due", "2026-01-01"])
        let b = try kanban.add("b")
        try kanban.succeed(["move", a, "doing"])
        try kanban.succeed(["edit", b, "--title", "b2", "--description", "more"])
        try kanban.succeed(["move", b, "todo", "--at", "0"]) // already there: nothing appended
        try kanban.succeed(["delete", a])
        try kanban.succeed(["columns", "add", "Review"])
        return [a, b]
    }

    @Test("log --json lists every event with sequence numbers 1…n and its envelope")
    func logJSON() throws {
        let fixture = try CLIFixture(actor: "ana")
        defer { fixture.remove() }
        let ids = try Self.history(fixture.kanban)
        let events = try fixture.kanban.log()
        #expect(events.map(\.sequence) == Array(1...7))
        #expect(events.first?.actor == "kanban")
        #expect(events.dropFirst().allSatisfy { $0.actor == "ana" })
        #expect(Set(events.map(\.board)).count == 1)
        #expect(Set(events.map(\.id)).count == events.count)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.comparableTimestamp <= $1.comparableTimestamp })

        let raw = try #require(try jsonObject(try fixture.kanban.succeed(["log", "--json"])) as? [[String: Any]])
        for event in raw {
            #expect(Set(event.keys) == ["sequence", "timestamp", "actor", "id", "board", "kind", "data"])
        }
        let added = try #require(raw[1]["data"] as? [String: Any])
        let card = try #require(added["card"] as? [String: Any])
        #expect(card["id"] as? String == ids[0])
        #expect(card["due"] as? String == "2026-01-01")
        let edited = try #require(raw.first { $0["kind"] as? String == "cardEdited" }?["data"] as? [String: Any])
        let changes = try #require(edited["changes"] as? [String: Any])
        #expect((changes["title"] as? [String: String]) == ["old": "b", "new": "b2"])
        #expect((changes["description"] as? [String: String]) == ["old": "", "new": "more"])

        // --after and --limit.
        let page = try fixture.kanban.decode([LogEventJSON].self, ["log", "--json", "--after", "2", "--limit", "2"])
        #expect(page.map(\.sequence) == [3, 4])
    }

    @Test("log --json lists exactly these kinds in order")
    func logKinds() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.history(fixture.kanban)
        #expect(try fixture.kanban.log().map(\.kind) == [
            "boardCreated", "cardAdded", "cardAdded", "cardMoved", "cardEdited", "cardDeleted", "columnAdded",
        ])
    }

    @Test("The text log has one line per event, with column names as they were")
    func textLog() throws {
        let fixture = try CLIFixture(actor: "bo")
        defer { fixture.remove() }
        let ids = try Self.history(fixture.kanban)
        let lines = try fixture.kanban.succeed(["log"]).split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix("#1 ") && lines[0].contains(" kanban boardCreated 'main' with TODO, DOING, DONE"))
        #expect(lines[3].contains("cardMoved \(ids[0]) 'a' TODO[0] → DOING[0]"))
        #expect(lines[4].contains("title 'b' → 'b2'"))
        let tail = try fixture.kanban.succeed(["log", "--after", "5"]).split(separator: "\n")
        #expect(tail.count == 2 && tail[0].hasPrefix("#6 "))
    }

    @Test("stats --json counts events, the last sequence, live cards and boards")
    func stats() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        var stats = try fixture.kanban.stats()
        #expect(stats.events == 0 && stats.lastSequence == 0 && stats.liveCards == 0 && stats.boards == 0)
        _ = try Self.history(fixture.kanban)
        try fixture.kanban.succeed(["boards", "add", "side"])
        stats = try fixture.kanban.stats()
        #expect(stats.events == 8)
        #expect(stats.lastSequence == 8)
        #expect(stats.liveCards == 1)
        #expect(stats.boards == 2)
        #expect(stats.databaseBytes > 0)
        #expect(stats.mapBytes >= stats.databaseBytes)
        let object = try #require(try jsonObject(try fixture.kanban.succeed(["stats", "--json"])) as? [String: Any])
        #expect(Set(object.keys) == ["events", "lastSequence", "liveCards", "boards", "databaseBytes", "mapBytes"])
        let text = try fixture.kanban.succeed(["stats"])
        #expect(text.contains("events:         8"))
        #expect(text.contains("live cards:     1"))
    }

    @Test("KANBAN_ACTOR names the actor, and --actor overrides it")
    func actor() throws {
        let fixture = try CLIFixture(actor: "from-env")
        defer { fixture.remove() }
        try fixture.kanban.add("one")
        try fixture.kanban.add("two", ["--actor", "from-flag"])
        #expect(try fixture.kanban.log().map(\.actor) == ["kanban", "from-env", "from-flag"])
        try fixture.expectRejected(["add", "three", "--actor", "   "])
    }

    @Test("mdb_stat counts the events in the 'events' database", .enabled(if: Tools.mdbStat != nil))
    func mdbStat() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.history(fixture.kanban)
        let output = try Subprocess.run(try #require(Tools.mdbStat), ["-s", "events", fixture.database])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("Entries: 7"), "\(output.stdout)")
    }

    @Test(
        "log --json --limit 0 prints an empty array, as log --limit 0 prints nothing"
    )
    func zeroLimit() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.kanban.add("a")
        #expect(try fixture.kanban.succeed(["log", "--limit", "0"]).isEmpty)
        #expect(try fixture.kanban.succeed(["log", "--json", "--limit", "0"]) == "[]\n")
    }
}
