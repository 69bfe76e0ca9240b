import Foundation
import Kanban
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The import behind ``EngineImporter/trello(_:board:progress:)``.
    package func importTrello(_ data: Data, board name: String? = nil, progress: ((Int, Int) -> Void)? = nil) throws -> TrelloImportReport {
        // A name given is checked before anything else, so that a bad one is refused even for an
        // export imported before (which otherwise answers `alreadyImported` and appends nothing).
        let given = try name.map(Limits.checkedName)
        let export = try TrelloExport.decode(data)
        let plan = try TrelloPlan(export: export, now: clock())
        let memory: TrelloMemory
        do {
            memory = try TrelloMemory(environment: environment)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
        return try appendBatch { batch in
            let boards = Array(batch.state.boards.keys)
            if let board = try memory.boards(holdingAll: plan.rememberedIDs, among: boards, in: batch.transaction).first {
                return Self.report(plan, board: board, in: batch.state, events: [], alreadyImported: true)
            }
            let boardName = try given ?? Limits.checkedName(plan.name)
            if batch.state.board(named: boardName) != nil || DefaultBoard.isPending(boardName, in: batch.state) {
                throw TrelloImportError.boardExists(boardName)
            }
            var ids = SystemRandomNumberGenerator()
            // A fresh database makes its default board first, as it is: now, by no one.
            let bootstrap = DefaultBoard.bootstrap(in: batch.state, ids: &ids)
            if !bootstrap.isEmpty { _ = try batch.append(bootstrap, actor: UndoStacks.systemActor) }

            var replay = TrelloReplay()
            var appended: [RecordedEvent] = []
            for (index, step) in plan.steps.enumerated() {
                let actor = (try? Self.checkedActor(step.actor)) ?? TrelloPlan.importActor
                for operation in step.operations {
                    let events: [RecordedEvent]
                    do {
                        let command = try replay.command(for: operation, board: boardName, in: batch.state)
                        batch.buildOrderIndex()
                        let deciding = replay.decidingState(for: operation, in: batch.state)
                        let decided = try batch.decide(command, actor: actor, on: deciding)
                        events = try batch.append(decided, actor: actor, happenedAt: step.time)
                    } catch let error as KanbanError {
                        throw TrelloImportError.unreplayable(action: step.action ?? "(the board before the oldest action)", reason: error.description)
                    }
                    replay.record(events, of: operation)
                    appended += events
                }
                if (index + 1) % 250 == 0 { progress?(index + 1, plan.steps.count) }
            }
            progress?(plan.steps.count, plan.steps.count)
            guard let first = appended.first, let last = appended.last else {
                throw TrelloImportError.malformed("nothing to import")
            }
            try batch.recordBackdated(board: first.board, sequences: first.sequence...last.sequence)
            try memory.remember(plan.rememberedIDs, board: first.board, sequence: last.sequence, in: batch.transaction)
            return Self.report(plan, board: first.board, in: batch.state, events: appended, alreadyImported: false)
        }
    }

    private static func report(
        _ plan: TrelloPlan, board: BoardID, in state: KanbanState, events: [RecordedEvent], alreadyImported: Bool
    ) -> TrelloImportReport {
        let current = state.boards[board]
        let columns = current?.columns.compactMap { state.columns[$0]?.name } ?? []
        let cards = current.map { state.cardCount(on: $0) } ?? 0
        return TrelloImportReport(
            board: current?.name ?? plan.name, trelloBoard: plan.trelloBoard, alreadyImported: alreadyImported, closed: plan.closed,
            columns: columns, cards: cards, archivedCards: plan.archivedCards, actions: plan.actionCount,
            importedActions: plan.importedActions, notImported: plan.notImported, rebuiltCards: plan.rebuiltCards,
            untitledCards: plan.untitledCards,
            events: events.count, firstSequence: events.first?.sequence, lastSequence: events.last?.sequence,
            from: events.first.map { $0.validTime.description }, until: events.last.map { $0.validTime.description },
            members: plan.members, cuts: plan.cuts
        )
    }
}
