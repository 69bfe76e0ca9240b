import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Replay on two threads (the log read on one, applied on the other) folds the same events in
/// the same order into the same state as one thread, whatever the sizes, limits and failures.
struct TwoThreadReplayTests {
    /// A log of random commands of three actors, undos, redos and card details among them,
    /// written by an engine that takes no snapshots.
    struct Fixture {
        let directory: TemporaryDirectory
        let path: String

        init(events: Int, seed: UInt64) throws {
            directory = try TemporaryDirectory(prefix: "kanban-two-thread-replay")
            path = directory.appending("db")
            let engine = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 0))
            var random = SeededGenerator(seed: seed)
            let actors = ["ana", "bo", "이서연"]
            while try engine.statistics().lastSequence < UInt64(events) {
                let actor = actors[Int.random(in: 0..<actors.count, using: &random)]
                switch Int.random(in: 0..<20, using: &random) {
                case 0: _ = try? engine.undo(actor: actor)
                case 1: _ = try? engine.redo(actor: actor)
                case 2:
                    let command = try engine.withState { RandomDetailCommands.next(in: $0, using: &random) }
                    _ = try? engine.execute(command, actor: actor)
                default:
                    let command = try engine.withState { RandomCommands.next(in: $0, using: &random) }
                    _ = try? engine.execute(command, actor: actor)
                }
            }
        }

        /// An engine on the log that replays on two threads from `minimum` events on.
        func engine(twoThreadReplayMinimum minimum: Int) throws -> KanbanEngine {
            var options = EngineOptions(snapshotInterval: 0)
            options.twoThreadReplayMinimum = minimum
            return try KanbanEngine(path: path, options: options)
        }

        /// The state folded from every decoded event up to `sequence`, one at a time.
        func fold(upTo sequence: UInt64 = .max) throws -> KanbanState {
            var state = KanbanState()
            for event in try engine(twoThreadReplayMinimum: .max).events() where event.sequence <= sequence { state.apply(event) }
            return state
        }
    }

    /// The state and newest timestamp `engine`'s replay from events after `start` reaches, up
    /// to `limit`, on two threads through a ring of `capacity` entries.
    static func replayOnTwoThreads(
        _ engine: KanbanEngine, from start: KanbanState = KanbanState(), upTo limit: UInt64 = .max, capacity: Int
    ) throws -> (state: KanbanState, lastTimestamp: Timestamp, applied: Int) {
        try engine.read { transaction in
            var state = start
            var lastTimestamp = Timestamp(millisecondsSinceEpoch: 0)
            // `nil` only when no thread could be made: -1 then fails every count the tests expect.
            let applied = try engine.replayOnTwoThreads(
                into: &state, lastTimestamp: &lastTimestamp, upTo: limit, in: transaction, ringCapacity: capacity
            ) ?? -1
            return (state, lastTimestamp, applied)
        }
    }

    @Test("Replayed on two threads, a log gives the state one thread gives and the fold of its decoded events")
    func sameStateAsOneThread() throws {
        let fixture = try Fixture(events: 2_500, seed: 11)
        defer { fixture.directory.remove() }
        let two = try fixture.engine(twoThreadReplayMinimum: 1)
        let one = try fixture.engine(twoThreadReplayMinimum: .max)
        let twoReport = try two.replay(ignoringSnapshots: true)
        let oneReport = try one.replay(ignoringSnapshots: true)
        #expect(twoReport.tailEvents == oneReport.tailEvents)
        #expect(twoReport.events == oneReport.events)
        #expect(twoReport.tailEvents >= 2_500)
        let folded = try fixture.fold()
        #expect(try two.withState { $0.firstDifference(from: folded) } == nil)
        #expect(try one.withState { $0.firstDifference(from: folded) } == nil)
        #expect(try two.withReadCore { $0.lastTimestamp } == one.withReadCore { $0.lastTimestamp })
        #expect(try two.withState { !$0.cards.isEmpty && $0.undoStacks.actors.count == 3 })
    }

    @Test("A ring far smaller than the log makes the reader wait for the applier, and changes nothing", arguments: [2, 4, 64])
    func smallRing(capacity: Int) throws {
        let fixture = try Fixture(events: 1_200, seed: 12)
        defer { fixture.directory.remove() }
        let engine = try fixture.engine(twoThreadReplayMinimum: 1)
        let (state, lastTimestamp, applied) = try Self.replayOnTwoThreads(engine, capacity: capacity)
        let last = try engine.statistics().lastSequence
        #expect(applied == Int(last))
        #expect(state.lastSequence == last)
        #expect(state.firstDifference(from: try fixture.fold()) == nil)
        #expect(lastTimestamp == (try engine.events(after: last - 1, limit: 1).first?.timestamp))
    }

    @Test("Up to a past event, and on top of a state already part-way: the same state as the fold up to there")
    func limitsAndStarts() throws {
        let fixture = try Fixture(events: 1_500, seed: 13)
        defer { fixture.directory.remove() }
        let engine = try fixture.engine(twoThreadReplayMinimum: 1)
        let (asOf, _, applied) = try Self.replayOnTwoThreads(engine, upTo: 777, capacity: 8)
        #expect(applied == 777)
        #expect(asOf.firstDifference(from: try fixture.fold(upTo: 777)) == nil)
        let (rest, _, restApplied) = try Self.replayOnTwoThreads(engine, from: asOf, capacity: 16)
        let last = try engine.statistics().lastSequence
        #expect(restApplied == Int(last) - 777)
        #expect(rest.firstDifference(from: try fixture.fold()) == nil)
    }

    @Test("An event that does not decode, halfway, stops both threads and is reported as one thread reports it")
    func corruptEventHalfway() throws {
        let fixture = try Fixture(events: 1_000, seed: 14)
        defer { fixture.directory.remove() }
        let engine = try fixture.engine(twoThreadReplayMinimum: 1)
        try engine.log.environment.write { transaction in
            try transaction.put([1, 99, 0], forKey: withUnsafeBytes(of: UInt64(500).bigEndian, Array.init), in: engine.log.database)
        }
        for minimum in [1, Int.max] {
            do {
                _ = try fixture.engine(twoThreadReplayMinimum: minimum).replay(ignoringSnapshots: true)
                Issue.record("a corrupt event replayed (two-thread minimum \(minimum))")
            } catch let error as KanbanError {
                guard case .corruptEvent(let sequence, let reason) = error else {
                    Issue.record("expected corruptEvent, got \(error)")
                    continue
                }
                #expect(sequence == 500)
                #expect(reason.contains("unknown event kind 99"))
            }
        }
        // Through a ring of two entries, the reader is stopped mid-wait rather than left hanging.
        #expect(throws: KanbanError.self) { _ = try Self.replayOnTwoThreads(engine, capacity: 2) }
    }

    @Test("The ring hands over every entry once, in order, through many waits; a stopped applier stops the reader")
    func ringOrderAndStop() throws {
        let ring = EventRing(capacity: 8)
        #expect(ring.capacity == 8 && ring.publishEvery == 2)
        let bytes = [UInt8](repeating: 7, count: 64)
        let received = Locked<[UInt64]>([])
        let done = DispatchSemaphore(value: 0)
        let consumer = Thread {
            var seen: [UInt64] = []
            while let (sequence, event) = ring.next() {
                seen.append(sequence)
                if event.count != 64 { seen.append(0) }
            }
            received.withLock { $0 = seen }
            done.signal()
        }
        consumer.start()
        try bytes.withUnsafeBytes { buffer in
            for sequence in UInt64(1)...20_001 {
                try #require(ring.put(sequence, buffer))
            }
        }
        ring.finish()
        done.wait()
        #expect(received.withLock { $0 } == Array(1...20_001))

        let stopped = EventRing(capacity: 4)
        stopped.stop()
        let results = bytes.withUnsafeBytes { buffer in (1...10).map { stopped.put(UInt64($0), buffer) } }
        #expect(results.contains(false))
        #expect(EventRing(capacity: 1).capacity == 2)
    }
}
