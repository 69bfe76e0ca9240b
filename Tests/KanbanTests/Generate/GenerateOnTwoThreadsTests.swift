import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `generate` decides its commands on a second thread while the calling one appends them: the
/// log, its snapshots and the state are what deciding on one thread makes, byte for byte.
struct GenerateOnTwoThreadsTests {
    /// What a log holds, as stored: every event's bytes, the snapshots and the audit root.
    struct Stored: Equatable {
        var events: [[UInt8]]
        var snapshots: [UInt64]
        var snapshotBytes: [Int]
        var root: [UInt8]
    }

    /// What a fresh database holds after `body`, with the workload decided on two threads or one.
    static func stored(
        twoThreads: Bool, mapSize: Int = 1 << 30, snapshotInterval: Int = EngineOptions.defaultSnapshotInterval, _ body: (KanbanEngine) throws -> Void
    ) throws -> (stored: Stored, state: StateSnapshot) {
        let directory = try TemporaryDirectory(prefix: "kanban-generate-threads")
        defer { directory.remove() }
        // One moment for every command, so commands before a generated run stamp alike.
        var options = EngineOptions(mapSize: mapSize, clock: { Timestamp(millisecondsSinceEpoch: 1_800_000_000_000) }, snapshotInterval: snapshotInterval)
        options.twoThreadGenerate = twoThreads
        let engine = try KanbanEngine(path: directory.appending("db"), options: options)
        try body(engine)
        EngineSnapshots.waitForBackgroundWork()
        var events: [[UInt8]] = []
        try engine.read { transaction in
            try engine.log.forEachRaw(after: 0, in: transaction) { _, bytes in
                events.append(Array(bytes))
                return true
            }
        }
        let snapshots = try engine.snapshots.list()
        let stored = Stored(
            events: events, snapshots: snapshots.map(\.sequence), snapshotBytes: snapshots.map(\.bytes), root: try engine.audit.root().root
        )
        return (stored, try engine.withState { StateSnapshot($0) })
    }

    @Test(
        "Two threads append what one does: the same events' bytes, snapshots, audit root and state",
        arguments: [
            (events: 3000, seed: UInt64(1), boards: 1, batchSize: 10_000),
            (events: 5000, seed: 11, boards: 3, batchSize: 97),
            (events: 600, seed: 5, boards: 2, batchSize: 1),
            (events: 4000, seed: 21, boards: 1, batchSize: 250),
        ]
    )
    func sameLog(events: Int, seed: UInt64, boards: Int, batchSize: Int) throws {
        let generate = { (engine: KanbanEngine) in
            _ = try engine.importer.generate(events: events, seed: seed, boards: boards, batchSize: batchSize)
        }
        let two = try Self.stored(twoThreads: true, snapshotInterval: 100, generate)
        let one = try Self.stored(twoThreads: false, snapshotInterval: 100, generate)
        #expect(two.stored.events.count >= events)
        #expect(!two.stored.snapshots.isEmpty)
        let sameLog = two.stored == one.stored
        #expect(sameLog, "events \(two.stored.events.count) and \(one.stored.events.count), snapshots \(two.stored.snapshots) and \(one.stored.snapshots)")
        #expect(two.state == one.state, "\(two.state.differences(from: one.state))")
    }

    @Test(
        "The writer takes the decider's state rather than fold each event again: after generate it holds the log's end and equals the log folded event by event, and the next command decides on it",
        arguments: [(batchSize: 10_000, snapshotInterval: 0), (batchSize: 97, snapshotInterval: 100), (batchSize: 1, snapshotInterval: 50)]
    )
    func writerTakesTheDecidersState(batchSize: Int, snapshotInterval: Int) throws {
        let directory = try TemporaryDirectory(prefix: "kanban-generate-writer-state")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(snapshotInterval: snapshotInterval))
        try engine.execute(.addCard(board: "main", title: "-first, 한국어 🙂"), actor: "ana")
        _ = try engine.importer.generate(events: 2_500, seed: 8, boards: 3, batchSize: batchSize)
        var folded = KanbanState()
        for event in try engine.events() { folded.apply(event) }
        let (held, timestamp) = engine.writeSide.withLock { ($0.state, $0.lastTimestamp) }
        #expect(held.lastSequence == folded.lastSequence)
        #expect(held.firstDifference(from: folded) == nil)
        #expect(timestamp == (try engine.events().last?.timestamp))
        // A command decided on that state lands after the generated events, on a card they left.
        let card = try #require(folded.cards.values.first)
        let events = try engine.execute(.editCard(board: folded.boards[folded.columns[card.column]!.board]!.name, card: card.id.description, title: "edited"), actor: "ana")
        #expect(events.first?.sequence == folded.lastSequence + 1)
        EngineSnapshots.waitForBackgroundWork()
    }

    @Test("Two threads continue a log with commands of its own and a generated past as one does, and retry on a map that grows as one does")
    func continuedAndGrowing() throws {
        let work = { (engine: KanbanEngine) in
            for number in 0..<12 { try engine.execute(.addCard(board: "main", title: "mine \(number) 한국어"), actor: "ana") }
            try engine.execute(.undo(), actor: "ana")
            try engine.execute(.createBoard(name: "side, with a comma"), actor: "ana")
            _ = try engine.importer.generate(events: 1500, seed: 3, boards: 2, batchSize: 100)
            _ = try engine.importer.generate(events: 1500, seed: 4, batchSize: 333)
        }
        // The commands draw their ids from the system's generator: only the generated events
        // are compared, after the commands' 14.
        let two = try Self.stored(twoThreads: true, mapSize: 64 * 1024, work)
        let one = try Self.stored(twoThreads: false, mapSize: 64 * 1024, work)
        #expect(two.stored.events.count == one.stored.events.count)
        #expect(two.stored.events.count >= 3014)
        func decoded(_ stored: Stored) throws -> [RecordedEvent] {
            try stored.events.enumerated().dropFirst(14).map { offset, bytes in
                try bytes.withUnsafeBytes { try EventLog.decode($0, sequence: UInt64(offset + 1)) }
            }
        }
        let (twoEvents, oneEvents) = (try decoded(two.stored), try decoded(one.stored))
        // Their ids come from the system's generator, and the generated commands name those
        // cards: kinds, stamps and actors are the same.
        let same = twoEvents.map(\.payload.kind) == oneEvents.map(\.payload.kind)
            && twoEvents.map(\.timestamp) == oneEvents.map(\.timestamp) && twoEvents.map(\.actor) == oneEvents.map(\.actor)
        #expect(same)
    }

    @Test("The decider's window reads what it decided from memory and the rest from the committed log: the same events and bytes as a log holding them all")
    func windowReadsAsTheLog() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-decided-window")
        defer { directory.remove() }
        let whole = try KanbanEngine(path: directory.appending("whole"))
        try whole.importer.generate(events: 300, seed: 3, batchSize: 50)
        let cut = try whole.lastSequence()
        // The log as it was at the cut, in a database of its own: the events after it are the
        // window's alone.
        try FileManager.default.createDirectory(atPath: directory.appending("prefix"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: directory.appending("whole/data.mdb"), toPath: directory.appending("prefix/data.mdb"))
        try whole.importer.generate(events: 200, seed: 4, batchSize: 50)
        let all = try whole.events()
        let prefix = try KanbanEngine(path: directory.appending("prefix"))
        #expect(try prefix.lastSequence() == cut)
        let decided = Array(all[Int(cut)...])
        // As the decider holds them: in the chunks handed to the writer (of any sizes), then the
        // chunk being filled; or all in one of either.
        func chunked(_ sizes: [Int]) -> (chunks: [[RecordedEvent]], current: [RecordedEvent]) {
            var chunks: [[RecordedEvent]] = []
            var rest = decided[...]
            for size in sizes {
                chunks.append(Array(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            return (chunks, Array(rest))
        }
        let layouts = [chunked([]), chunked([decided.count]), chunked([1, 7, 50]), chunked([64, 64, 64]), chunked([3, decided.count - 3])]
        for (chunks, current) in layouts {
            let window = DecidedEventsWindow(chunks: chunks, current: current, start: cut + 1, engine: prefix)
            try expectReadsAsTheLog(window, whole: whole, all: all, cut: cut)
        }
    }

    /// Whether `window`, over the log of `whole` (`all` its events) committed up to `cut`,
    /// reads as that log: each event, and the raw events after any point, stopping where asked.
    func expectReadsAsTheLog(_ window: DecidedEventsWindow, whole: KanbanEngine, all: [RecordedEvent], cut: UInt64) throws {
        let layout = "chunks \(window.chunks.map(\.count)), then \(window.current.count)"
        let end = UInt64(all.count)
        // Around the chunks' edges too (1, 7, 50; 64 each).
        for sequence in [0, 1, cut / 2, cut, cut + 1, cut + 2, cut + 8, cut + 9, cut + 57, cut + 58, cut + 65, cut + 129, end, end + 1, .max] {
            let expected: RecordedEvent? = (1...end).contains(sequence) ? all[Int(sequence - 1)] : nil
            #expect(try window.event(at: sequence) == expected, "#\(sequence), \(layout)")
        }
        func read(after sequence: UInt64, from source: some UndoSource, stoppingAt stop: UInt64 = .max) throws -> [(UInt64, [UInt8])] {
            var read: [(UInt64, [UInt8])] = []
            try source.forEachRaw(after: sequence) { position, bytes in
                read.append((position, Array(bytes)))
                return position != stop
            }
            return read
        }
        try whole.read { transaction in
            let log = TransactionUndoSource(log: whole.log, transaction: transaction)
            for after in [0, 1, cut - 1, cut, cut + 1, cut + 7, cut + 8, cut + 58, cut + 64, cut + 100, end - 1, end, .max] {
                let (fromWindow, fromLog) = (try read(after: after, from: window), try read(after: after, from: log))
                #expect(fromWindow.map(\.0) == fromLog.map(\.0), "after #\(after), \(layout)")
                #expect(fromWindow.map(\.1) == fromLog.map(\.1), "after #\(after), \(layout)")
            }
            // A body that stops is not called again, in the committed part or the window's.
            for stop in [cut - 2, cut, cut + 1, cut + 3, cut + 8, cut + 58, cut + 64, end] {
                let fromWindow = try read(after: 10, from: window, stoppingAt: stop)
                #expect(fromWindow.map(\.0) == Array(11...stop), "stopping at #\(stop), \(layout)")
            }
        }
    }
}
