import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// The state built command by command equals the state folded afresh from the log: the log
/// is the only source of truth.
struct ReplayEqualsIncrementalTests {
    /// Card ids per column as the events' indexes say they should be: the API speaks in indexes,
    /// the state in order keys, and the two must agree.
    struct IndexModel {
        var columns: [ColumnID: [CardID]] = [:]
        /// Column ids of every board, left to right.
        var boards: [BoardID: [ColumnID]] = [:]

        mutating func apply(_ event: RecordedEvent) {
            switch event.payload.effect {
            case .boardCreated(let created):
                for column in created.columns { columns[column.id] = [] }
                boards[event.board] = created.columns.map(\.id)
            case .boardRemoved(let removed):
                for column in removed.columns {
                    #expect(columns[column.id]?.isEmpty ?? true, "a removed board's column held cards")
                    columns[column.id] = nil
                }
                boards[event.board] = nil
            case .columnAdded(let added):
                columns[added.column.id] = []
                let count = boards[event.board]?.count ?? 0
                #expect((0...count).contains(added.index), "column added at \(added.index) of \(count)")
                boards[event.board]?.insert(added.column.id, at: min(added.index, count))
            case .columnRemoved(let removed):
                #expect(columns[removed.column.id]?.isEmpty ?? true, "a removed column held cards")
                columns[removed.column.id] = nil
                #expect(boards[event.board]?.firstIndex(of: removed.column.id) == removed.index, "index of a column removal")
                boards[event.board]?.removeAll { $0 == removed.column.id }
            case .columnMoved(let moved):
                #expect(boards[event.board]?.firstIndex(of: moved.column.id) == moved.fromIndex, "fromIndex of a column move")
                boards[event.board]?.removeAll { $0 == moved.column.id }
                let count = boards[event.board]?.count ?? 0
                #expect((0...count).contains(moved.toIndex), "column moved to \(moved.toIndex) of \(count)")
                boards[event.board]?.insert(moved.column.id, at: min(moved.toIndex, count))
            case .cardAdded(let added):
                let count = columns[added.card.column]?.count ?? -1
                #expect((0...max(count, 0)).contains(added.index), "added at \(added.index) of \(count)")
                columns[added.card.column]?.insert(added.card.id, at: min(added.index, max(count, 0)))
            case .cardRevived(let revived):
                let count = columns[revived.card.column]?.count ?? -1
                #expect((0...max(count, 0)).contains(revived.index), "brought back at \(revived.index) of \(count)")
                columns[revived.card.column]?.insert(revived.card.id, at: min(revived.index, max(count, 0)))
            case .cardMoved(let moved):
                #expect(columns[moved.from]?.firstIndex(of: moved.card) == moved.fromIndex, "fromIndex of a move")
                columns[moved.from]?.removeAll { $0 == moved.card }
                let count = columns[moved.to]?.count ?? 0
                #expect((0...count).contains(moved.toIndex), "moved to \(moved.toIndex) of \(count)")
                columns[moved.to]?.insert(moved.card, at: min(moved.toIndex, count))
            case .cardDeleted(let deleted):
                #expect(columns[deleted.card.column]?.firstIndex(of: deleted.card.id) == deleted.index, "index of a delete")
                columns[deleted.card.column]?.removeAll { $0 == deleted.card.id }
            case .restored(let restored):
                for effect in restored.effects { apply(RecordedEvent(
                    sequence: event.sequence, timestamp: event.timestamp, actor: event.actor, id: event.id,
                    board: event.board, payload: effect
                )) }
            case .boardRenamed, .columnRenamed, .cardEdited, .cardDetail, .boardDetail, .undone, .redone:
                break
            }
        }
    }

    @Test("Decider + apply, command by command, equals a fresh fold of the decoded log")
    func pureReplay() async {
        let totals = Locked((accepted: 0, rejected: 0, moves: 0, reorders: 0, revives: 0, columnMoves: 0))
        await propertyCheck(count: 80, input: Gen.uint64(), Gen.int(in: 40...260)) { seed, steps throws in
            var random = SeededGenerator(seed: seed)
            var ids = SeededGenerator(seed: ~seed)
            var state = KanbanState()
            var log: [RecordedEvent] = []
            var model = IndexModel()
            for step in 0..<steps {
                // Sometimes with the order index, sometimes sorting on demand.
                if Int.random(in: 0..<15, using: &random) == 0 { state.buildOrderIndex() }
                // The deletions as the engine reads them: newest first, from the log.
                let deletions = log.reversed().flatMap(DeletedCard.deletions(in:))
                let command = RandomCommands.next(in: state, deleted: deletions.map(\.card.id), using: &random)
                let decided: [BoardEvent]
                do {
                    if case .reviveCard(let board, let card, let column, let index) = command {
                        decided = [try Decider.revive(board: board, card: card, column: column, index: index, deleted: deletions, in: state)]
                    } else {
                        decided = try Decider.decide(command, in: state, ids: &ids)
                    }
                } catch {
                    totals.withLock { $0.rejected += 1 }
                    continue
                }
                totals.withLock { $0.accepted += 1 }
                for event in decided {
                    let recorded = RecordedEvent(
                        sequence: state.lastSequence + 1,
                        timestamp: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000 + Int64(step)),
                        actor: "prop", id: EventID(.random(using: &ids)), board: event.board, payload: event.payload
                    )
                    switch event.payload {
                    case .cardMoved(let moved): totals.withLock { $0.moves += 1; $0.reorders += moved.isReorder ? 1 : 0 }
                    case .cardRevived: totals.withLock { $0.revives += 1 }
                    case .columnMoved: totals.withLock { $0.columnMoves += 1 }
                    default: break
                    }
                    model.apply(recorded)
                    state.apply(recorded)
                    log.append(recorded)
                }
            }

            // A fresh state from the encoded log, once sorting on demand and once indexed.
            var fresh = KanbanState()
            for event in log {
                fresh.apply(try EventCodec.decode(EventCodec.encode(event), sequence: event.sequence))
            }
            let live = StateSnapshot(state)
            let replayed = StateSnapshot(fresh)
            #expect(live == replayed, "\(live.differences(from: replayed))")
            fresh.buildOrderIndex()
            #expect(StateSnapshot(fresh) == live)
            #expect(live.lastSequence == UInt64(log.count))

            // The order the keys give is the order the indexes said.
            for (column, cards) in model.columns {
                #expect(live.order[column] == cards, "column \(column)")
            }
            #expect(Set(model.columns.keys) == Set(live.columns.keys))
            // The board's columns stand where the column events' indexes said.
            #expect(model.boards == live.boards.mapValues(\.columns))
        }
        let (accepted, rejected, moves, reorders, revives, columnMoves) = totals.value
        #expect(accepted > 500 && rejected > 100, "accepted \(accepted), rejected \(rejected)")
        #expect(reorders > 50 && moves - reorders > 50, "moves \(moves), reorders \(reorders)")
        #expect(revives > 30 && columnMoves > 30, "revives \(revives), column moves \(columnMoves)")
    }

    @Test("An engine's state after random commands equals a fresh engine's replay of its database")
    func engineReplay() async {
        let totals = Locked((accepted: 0, rejected: 0))
        await propertyCheck(count: 10, input: Gen.uint64()) { seed throws in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.appending("db")
            var random = SeededGenerator(seed: seed)
            let live: StateSnapshot
            let liveEvents: [RecordedEvent]
            do {
                let engine = try KanbanEngine(path: path)
                for _ in 0..<70 {
                    let deleted = engine.deletedFromMain()
                    let command = try engine.withState { RandomCommands.next(in: $0, deleted: deleted, using: &random) }
                    let before = try engine.statistics()
                    do {
                        let events = try engine.execute(command, actor: "prop")
                        totals.withLock { $0.accepted += 1 }
                        let after = try engine.statistics()
                        #expect(after.events == before.events + events.count)
                        #expect(events.map(\.sequence) == Array(UInt64(before.events + 1)..<UInt64(after.events + 1)))
                    } catch is KanbanError {
                        totals.withLock { $0.rejected += 1 }
                        #expect(try engine.statistics().events == before.events, "a rejected command appended")
                    }
                }
                live = try engine.withState { StateSnapshot($0) }
                liveEvents = try engine.events()

                // Another engine on the same directory, while the first is open.
                let second = try KanbanEngine(path: path)
                let secondSnapshot = try second.withState { StateSnapshot($0) }
                #expect(secondSnapshot == live, "\(secondSnapshot.differences(from: live))")
                #expect(try second.events() == liveEvents)

                // Replaying in place changes nothing either.
                let report = try engine.replay()
                #expect(report.events == liveEvents.count)
                #expect(try engine.withState { StateSnapshot($0) } == live)
            }
            // Every engine gone, the environment is closed: open it again from the disk.
            let reopened = try KanbanEngine(path: path)
            let reopenedSnapshot = try reopened.withState { StateSnapshot($0) }
            #expect(reopenedSnapshot == live, "\(reopenedSnapshot.differences(from: live))")
            #expect(try reopened.events() == liveEvents)
        }
        let (accepted, rejected) = totals.value
        #expect(accepted > 100 && rejected > 20, "accepted \(accepted), rejected \(rejected)")
    }
}
