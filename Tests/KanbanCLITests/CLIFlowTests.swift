import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `kanban flow [--board] [--since] [--until] [--json]`, run as the real binary.
struct CLIFlowTests {
    /// Writes a scene through the engine, one command at each of `times` (UTC): two cards on
    /// 1 March, one moved to DOING on the 2nd and to DONE on the 4th, one added straight into
    /// DONE on the 4th. Returns the ids of "Write the README" and "Straight".
    static func scene(_ fixture: CLIFixture) throws -> (readme: CardID, straight: CardID) {
        let times = ["2026-03-01T09:00:00Z", "2026-03-01T10:00:00Z", "2026-03-02T09:00:00Z", "2026-03-04T09:00:00Z", "2026-03-04T10:00:00Z"]
            .map { text in if case .moment(let moment) = try? Due(parsing: text) { moment } else { Timestamp(millisecondsSinceEpoch: 0) } }
        let next = Locked(0)
        let engine = try KanbanEngine(path: fixture.database, options: EngineOptions(clock: {
            times[min(next.withLock { $0 += 1; return $0 - 1 }, times.count - 1)]
        }))
        func card(_ events: [RecordedEvent]) -> CardID { events.last!.payload.card! }
        let readme = card(try engine.execute(.addCard(board: "main", title: "Write the README"), actor: "ana"))
        try engine.execute(.addCard(board: "main", title: "디자인 검토"), actor: "bob")
        try engine.execute(.moveCard(board: "main", card: readme.description, column: "DOING"), actor: "ana")
        try engine.execute(.moveCard(board: "main", card: readme.description, column: "DONE"), actor: "ana")
        let straight = card(try engine.execute(.addCard(board: "main", title: "Straight", column: "DONE"), actor: "ana"))
        return (readme, straight)
    }

    @Test("flow prints the summary, then a line per day on which the counts changed (the first and last always)")
    func text() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        #expect(try fixture.lines(["flow", "--until", "2026-03-05"]) == [
            "main: 2026-03-01 to 2026-03-05 (5 days)",
            "Finished: 2 cards",
            "Lead time:  p50 0s · p85 3d · p95 3d",
            "Cycle time: p50 2d · p85 2d · p95 2d (1 added straight to the last column left out)",
            "Throughput: 2026-W09 0, 2026-W10 2",
            "Now:        TODO 1, DOING 0, DONE 2",
            "",
            "date        TODO  DOING  DONE",
            "2026-03-01     2      0     0",
            "2026-03-02     1      1     0",
            "2026-03-04     1      0     2",
            "2026-03-05     1      0     2",
        ])
        // --since trims the days; days are local: in Seoul 09:00 UTC is the same date, 18:00.
        let since = try fixture.lines(["flow", "--since", "2026-03-03", "--until", "2026-03-05"], environment: ["TZ": "Asia/Seoul"])
        #expect(since.first == "main: 2026-03-03 to 2026-03-05 (3 days)")
        #expect(since.last == "2026-03-05     1      0     2")
        // Before anything reached DONE.
        let early = try fixture.lines(["flow", "--until", "2026-03-02T12:00:00Z"])
        #expect(early.prefix(4) == [
            "main: 2026-03-01 to 2026-03-02 (2 days)", "Finished: 0 cards", "Lead time:  –", "Cycle time: –",
        ])
    }

    @Test("flow --json prints board, columns, daily counts, each finished card's times and a summary, durations in seconds")
    func json() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let (readme, straight) = try Self.scene(fixture)
        let flow = try JSONTree(parsing: try fixture.succeed(["flow", "--json", "--until", "2026-03-05"]))
        #expect(flow["board"] == "main")
        #expect(flow["columns"] == ["TODO", "DOING", "DONE"])
        #expect(flow["days"]?.elements?.map { $0["date"] } == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"])
        #expect(flow["days"]?.elements?.first?["counts"] == ["TODO": 2, "DOING": 0, "DONE": 0])
        #expect(flow["cards"] == [
            [
                "id": .string(readme.description), "title": "Write the README", "completed": "2026-03-04T09:00:00Z",
                "lead": 259_200, "cycle": 172_800, "inColumn": ["TODO": 86_400, "DOING": 172_800, "DONE": .number(140_399.999)],
            ],
            [
                "id": .string(straight.description), "title": "Straight", "completed": "2026-03-04T10:00:00Z",
                "lead": 0, "cycle": nil, "inColumn": ["TODO": 0, "DOING": 0, "DONE": .number(136_799.999)],
            ],
        ])
        #expect(flow["summary"] == [
            "lead": ["p50": 0, "p85": 259_200, "p95": 259_200],
            "cycle": ["p50": 172_800, "p85": 172_800, "p95": 172_800],
            "throughputPerWeek": [["week": "2026-W09", "done": 0], ["week": "2026-W10", "done": 2]],
            "wip": ["TODO": 1, "DOING": 0, "DONE": 2],
        ])
        // Another board, and the default board of a fresh database.
        try fixture.succeed(["boards", "add", "ops", "--columns", "Inbox,Done"])
        let ops = try JSONTree(parsing: try fixture.succeed(["flow", "--board", "ops", "--json"]))
        #expect(ops["columns"] == ["Inbox", "Done"] && ops["cards"] == [])
        let empty = try CLIFixture()
        defer { empty.remove() }
        let fresh = try JSONTree(parsing: try empty.succeed(["flow", "--json"]))
        #expect(fresh["columns"] == ["TODO", "DOING", "DONE"] && fresh["days"] == [])
    }

    @Test("Bad dates and unknown boards are one line on stderr, exit 1; unknown options exit 2; nothing is appended")
    func errors() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        _ = try Self.scene(fixture)
        #expect(try fixture.expectRejected(["flow", "--since", "yesterday"])
            == "kanban: 'yesterday' is not an ISO 8601 date (2026-12-01) or date-time (2026-12-01T09:30:00Z)\n")
        try fixture.expectRejected(["flow", "--until", "2026-02-30"])
        try fixture.expectRejected(["flow", "--since", "2026-03-01T25:00"])
        #expect(try fixture.expectRejected(["flow", "--board", "nope"]).contains("nope"))
        try fixture.expectRejected(["flow", "--weeks", "3"], status: 2)
        try fixture.expectRejected(["flow", "--since"], status: 2)
    }
}
