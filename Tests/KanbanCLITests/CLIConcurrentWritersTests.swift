import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Several `kanban` processes appending to one database at once lose nothing and duplicate
/// nothing, and the log replays to the state a reader followed along.
struct CLIConcurrentWritersTests {
    /// A shell loop that runs `kanban add "w<writer>-<i>"` `count` times and prints the ids.
    static func addLoop(_ kanban: KanbanBinary, writer: Int, count: Int) throws -> Subprocess {
        let script = """
            i=1
            while [ "$i" -le "$3" ]; do
                "$1" add "w$4-$i" --db "$2" || exit 1
                i=$((i + 1))
            done
            """
        return try Subprocess(
            executable: "/bin/sh",
            arguments: ["-c", script, "sh", kanban.executable, kanban.database, String(count), String(writer)],
            environment: kanban.environment
        )
    }

    @Test("Three add loops at once: every card once, sequences 1…n, replay equals the live state")
    func concurrentAddLoops() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let writers = 3
        let perWriter = 12
        // A reader follows along while the writers write.
        let reader = try KanbanEngine(path: fixture.database)
        let loops = try (0..<writers).map { try Self.addLoop(fixture.kanban, writer: $0, count: perWriter) }
        var observed: [Int] = []
        while loops.contains(where: \.isRunning) {
            observed.append(try reader.withState { $0.cards.count })
            Thread.sleep(forTimeInterval: 0.05)
        }
        let outputs = loops.map { $0.wait() }
        for output in outputs {
            #expect(output.status == 0 && output.stderr.isEmpty, "\(output)")
        }
        #expect(observed == observed.sorted(), "a reader saw cards disappear")

        let printedIDs = outputs.flatMap { $0.stdout.split(separator: "\n").map(String.init) }
        #expect(printedIDs.count == writers * perWriter)
        #expect(Set(printedIDs).count == printedIDs.count)

        let log = try fixture.kanban.log()
        #expect(log.count == writers * perWriter + 1)
        #expect(log.map(\.sequence) == Array(1...log.count))
        #expect(log.filter { $0.kind == "boardCreated" }.count == 1)

        let board = try fixture.kanban.board()
        let titles = board.columns.flatMap(\.cards).map(\.title)
        let expected = (0..<writers).flatMap { writer in (1...perWriter).map { "w\(writer)-\($0)" } }
        #expect(titles.sorted() == expected.sorted())
        #expect(Set(board.columns.flatMap(\.cards).map(\.id)) == Set(printedIDs))
        // Each loop's cards are in the order it added them.
        for writer in 0..<writers {
            let own = titles.filter { $0.hasPrefix("w\(writer)-") }
            #expect(own == (1...perWriter).map { "w\(writer)-\($0)" })
        }

        let live = try reader.withState { StateSnapshot($0) }
        let fresh = try KanbanEngine(path: fixture.database).withState { StateSnapshot($0) }
        #expect(live == fresh, "\(live.differences(from: fresh))")
        #expect(fresh.cards.count == writers * perWriter)
    }

    @Test("Two generate runs with different seeds at once append both workloads")
    func concurrentGenerate() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        // One batch each: every run decides all its events in one write transaction.
        let runs = try [1, 2].map { seed in
            try fixture.kanban.start(["generate", "--events", "1500", "--seed", String(seed), "--json"])
        }
        let reports = try runs.map { run in
            let output = run.wait()
            #expect(output.status == 0, "\(output)")
            return try JSONDecoder().decode(RateJSON.self, from: Data(output.stdout.utf8))
        }
        let log = try fixture.kanban.log()
        #expect(log.count == reports.map(\.events).reduce(0, +))
        #expect(log.count >= 3000)
        #expect(log.map(\.sequence) == Array(1...log.count))
        #expect(log.filter { $0.kind == "boardCreated" }.count == 1)
        let live = try KanbanEngine(path: fixture.database).withState { StateSnapshot($0) }
        let replayed = try fixture.kanban.decode(RateJSON.self, ["replay", "--json"])
        #expect(replayed.events == log.count)
        #expect(try fixture.kanban.stats().liveCards == live.cards.count)
    }

    @Test(
        "Two generate runs interleaving small batches both finish, and the log, its snapshots and the state agree"
    )
    func interleavedGenerate() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let runs = try [1, 2].map { seed in
            try fixture.kanban.start(["generate", "--events", "4000", "--seed", String(seed), "--batch-size", "20"], environment: ["KANBAN_SNAPSHOT_INTERVAL": "500"])
        }
        for run in runs {
            let output = run.wait()
            #expect(output.status == 0 && !output.wasSignalled, "\(output.status) \(output.stderr.prefix(300))")
        }
        let log = try fixture.kanban.log()
        #expect(log.count >= 8000)
        #expect(log.map(\.sequence) == Array(1...log.count))
        // Each run's engine went on from a state it had not folded event by event (the
        // decider's, taken where a snapshot was due): the snapshots, outline and audit tree
        // they left agree with the log.
        let verified = try fixture.kanban.succeed(["verify"])
        #expect(verified.hasPrefix("OK") && !verified.contains(" 0 snapshots"), "\(verified)")
        // Now against as of the last event, which replays from a snapshot at or before it: the
        // same cards in the same places (overdue is judged at each's moment, so set aside).
        let sameMoment = { (json: String) in json.replacingOccurrences(of: "\"overdue\":true", with: "\"overdue\":false") }
        let now = try fixture.kanban.succeed(["board", "--json"])
        let asOfTheEnd = try fixture.kanban.succeed(["board", "--json", "--at", String(log.count)])
        #expect(sameMoment(now) == sameMoment(asOfTheEnd))
    }
}
