import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// Cards' and boards' details (assignees, labels, due done, comments, checklists, links,
/// members, board labels, column limits) in replay, snapshots and undo, under random commands.
struct CardDetailsPropertyTests {
    /// Runs `count` random commands (details mostly, cards, undo and redo), by two actors.
    static func run(_ count: Int, on engine: KanbanEngine, using random: inout SeededGenerator) throws -> (accepted: Int, rejected: Int) {
        var (accepted, rejected) = (0, 0)
        for step in 0..<count {
            let actor = step % 3 == 0 ? "bo" : "ana"
            let roll = Int.random(in: 0..<100, using: &random)
            let command: Command = if roll < 70 {
                try engine.withState { RandomDetailCommands.next(in: $0, using: &random) }
            } else if roll < 88 {
                try engine.withState { RandomCommands.next(in: $0, using: &random) }
            } else {
                roll < 95 ? .undo() : .redo()
            }
            let before = try engine.statistics().events
            do {
                _ = try engine.execute(command, actor: actor)
                accepted += 1
            } catch is KanbanError {
                rejected += 1
                #expect(try engine.statistics().events == before, "a refused \(command) appended")
            }
        }
        return (accepted, rejected)
    }

    /// Seeds run before the random ones, so that which kinds were made does not hang on chance:
    /// between them they make every detail kind.
    static let fixedSeeds: [UInt64] = [1, 2, 3]

    @Test("Replay equals incremental state with every detail kind; a snapshot plus its tail equals full replay")
    func replayAndSnapshots() async throws {
        let totals = Locked((accepted: 0, rejected: 0, kinds: Set<EventKind>()))
        for seed in Self.fixedSeeds { try Self.check(seed: seed, totals: totals) }
        await propertyCheck(count: 8, input: Gen.uint64()) { seed throws in try Self.check(seed: seed, totals: totals) }
        let (accepted, rejected, kinds) = totals.value
        #expect(accepted > 500 && rejected > 100, "accepted \(accepted), rejected \(rejected)")
        let missing = EventKind.allCases.filter { ($0.isCardDetail || $0.isBoardDetail) && !kinds.contains($0) }
        #expect(missing.isEmpty, "never made: \(missing.map(\.name))")
    }

    /// 250 random commands from `seed`, a snapshot taken after 150: replay, the snapshot's
    /// bytes and a reopening all give the live state. Adds what was made to `totals`.
    static func check(seed: UInt64, totals: Locked<(accepted: Int, rejected: Int, kinds: Set<EventKind>)>) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("db")
        var random = SeededGenerator(seed: seed)
        let live: StateSnapshot
        do {
            let engine = try KanbanEngine(path: path)
            let first = try Self.run(150, on: engine, using: &random)
            _ = try engine.snapshots.take()
            let second = try Self.run(100, on: engine, using: &random)
            live = try engine.withState { StateSnapshot($0) }
            let events = try engine.events()
            totals.withLock {
                $0.accepted += first.accepted + second.accepted
                $0.rejected += first.rejected + second.rejected
                for event in events { $0.kinds.insert(event.payload.effect.kind) }
            }

            // Folding the log afresh gives the same state.
            var fresh = KanbanState()
            for event in events { fresh.apply(event) }
            #expect(StateSnapshot(fresh) == live, "\(StateSnapshot(fresh).differences(from: live))")

            // The snapshot's bytes decode to the state they encode.
            let state = try engine.withState { $0 }
            let bytes = StateCodec.encode(state)
            let decoded = try bytes.withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.version(of: state)) }
            #expect(decoded.firstDifference(from: state) == nil)
            #expect(StateCodec.encode(decoded) == bytes)

            // Replaying in place from no snapshot changes nothing.
            _ = try engine.replay(ignoringSnapshots: true)
            #expect(try engine.withState { StateSnapshot($0) } == live)
        }
        // Reopened: the snapshot taken halfway plus the events after it.
        let reopened = try KanbanEngine(path: path)
        let reopenedSnapshot = try reopened.withState { StateSnapshot($0) }
        #expect(reopenedSnapshot == live, "\(reopenedSnapshot.differences(from: live))")
    }

    @Test("Undo n then redo n restores the details, step by step")
    func undoThenRedo() throws {
        for seed: UInt64 in [1, 2, 3, 4, 5] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let engine = try KanbanEngine(path: directory.appending("db"))
            var random = SeededGenerator(seed: seed)
            for index in 0..<4 { _ = try engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana") }
            // States after each action of ana's that changed something.
            var states: [(CardDetailsState)] = [try engine.withState { CardDetailsState($0) }]
            var actions = 0
            while actions < 25 {
                let command = try engine.withState { RandomDetailCommands.next(in: $0, using: &random) }
                if case .addCard = command { continue }
                guard let events = try? engine.execute(command, actor: "ana"), !events.isEmpty else { continue }
                states.append(try engine.withState { CardDetailsState($0) })
                actions += 1
            }
            for step in (0..<actions).reversed() {
                let undone = try engine.execute(.undo(), actor: "ana")
                let now = try engine.withState { CardDetailsState($0) }
                #expect(now == states[step], "seed \(seed): undo to step \(step) by \(undone.map(\.payload)): \(now) vs \(states[step])")
            }
            for step in 1...actions {
                _ = try engine.execute(.redo(), actor: "ana")
                #expect(try engine.withState { CardDetailsState($0) } == states[step], "seed \(seed): redo to step \(step)")
            }
        }
    }
}

/// The details of a state, with comments' times left out (an undone delete writes the comment
/// back with its time; the first write has the event's).
struct CardDetailsState: Equatable {
    let details: [CardID: CardDetails]
    let boards: [BoardID: BoardDetails]

    init(_ state: KanbanState) {
        details = state.details
        boards = state.boardDetails
    }
}
