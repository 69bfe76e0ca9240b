import Foundation
import KanbanCore
import Kanban

/// How a Trello export becomes our board's history: the steps to replay, oldest first, and what
/// the import noticed on the way (texts cut, action types not imported). Pure: the engine carries
/// the steps out (``EngineImporter/trello(_:board:progress:)``).
///
/// The board starts as it was just before the oldest kept action (``TrelloHistory``,
/// ``TrelloDetailHistory``): under the name it had then, made by the action that made it
/// (`createBoard`, the `copyBoard` that made it a copy) when that is the oldest, else by
/// ``importActor`` at the moment the Trello board's id names; with the open lists of that time
/// as columns and its labels and members, and every card of that time added under
/// ``importActor`` at the moment its id names, with its members, labels, checklists and links
/// (an archived one deleted right after). Then each action moves the board to the state the walk
/// found after it: the board renamed; cards added, edited, moved (to the place Trello's `pos`
/// gives among the cards there), archived (deleted) and unarchived (brought back with their id);
/// lists added (created, reopened, moved here with their cards), renamed, moved, and removed
/// when archived or moved to another board (with their cards) if no card is left in them; cards'
/// and the board's details changed, a comment written, edited and deleted as its author. The
/// order within each column always follows `pos`, so at the end the open cards of every list are
/// the export's, in its order. A detail changed while its card is archived (our deleted card)
/// changes then too: details are kept by card id, so the card has them when it comes back.
struct TrelloPlan: Sendable {
    /// The Trello board's id.
    var trelloBoard: String
    /// The Trello board's name, cut to a board name's length.
    var name: String
    /// The steps, oldest first; the first one makes the board.
    var steps: [TrelloStep]
    /// Texts cut to fit.
    var cuts: [TrelloCut]
    /// Actions not replayed, by type (`updateCard:cover` for an update of fields not imported,
    /// `addAttachmentToCard (not a link)` with the reason one could not be); those with no
    /// meaning on our board too (``TrelloNoMeaning``: the report files them apart).
    var notImported: [String: Int]
    /// The export's actions (without repeats).
    var actionCount: Int
    /// The actions replayed.
    var importedActions: Int
    /// Cards that were on the board before the oldest kept action, rebuilt from the export.
    var rebuiltCards: Int
    /// Cards archived at the end (deleted here; they can be brought back).
    var archivedCards: Int
    /// Trello ids the import remembers, so importing the same export again appends nothing:
    /// the board's (`board:ID`) and every action's.
    var rememberedIDs: [String]
    /// Trello members whose actions were replayed.
    var members: [String]
    /// Cards whose title the export does not hold (deleted within the history, older than it).
    var untitledCards: Int
    /// Whether the Trello board is closed (archived) at the end: the export's `closed`, else as
    /// the last `updateBoard` closing or reopening it left it.
    ///
    /// A closed Trello board is archived: off the boards list, read-only, and it can be reopened.
    /// Our boards have no such state, and the nearest thing, removing the board, would be
    /// wrong: a removal cannot be undone by a reopening, and a removed board is no longer
    /// there to hold the history imported (nor to say that the export was imported). So the
    /// board comes in open with its whole history; each closing and reopening counts as
    /// replayed, changing nothing on the board, and the report says the Trello board is closed.
    var closed: Bool

    /// Who the board as it was before the oldest kept action is recorded under.
    static let importActor = "trello"

    init(export: TrelloExport, now: Timestamp) throws {
        let history = try TrelloHistory(export: export)
        var builder = Builder(history: history, details: TrelloDetailHistory(export: export, history: history), trelloBoard: export.id, now: now)
        trelloBoard = export.id
        name = builder.cutName(export.name ?? "", field: "board", trello: export.id, fallback: "Trello board")
        builder.finalName = name
        builder.boardName = builder.cutName(history.initialName, field: "board", trello: export.id, fallback: "Trello board")
        builder.initialName = builder.boardName
        builder.replayInitialBoard()
        builder.replayActions()
        builder.makeBoardIfNone()
        steps = builder.steps
        cuts = builder.cuts
        notImported = builder.notImported
        actionCount = history.actions.count
        importedActions = builder.importedActions
        rebuiltCards = history.initialCards.count
        archivedCards = export.cards.filter { $0.closed == true }.count
        rememberedIDs = ["board:" + export.id] + history.actions.map(\.action.id)
        members = builder.members
        untitledCards = history.untitledCards.count
        closed = export.closed ?? builder.closedByActions ?? false
    }
}

extension TrelloPlan {
    /// The forward replay: keeps a mirror of our board and turns each state the walk found into
    /// the operations that reach it.
    struct Builder {
        let history: TrelloHistory
        let detailHistory: TrelloDetailHistory
        /// The Trello board's id.
        let trelloBoard: String
        let now: Timestamp
        var steps: [TrelloStep] = []
        var cuts: [TrelloCut] = []
        var cutsSeen = Set<TrelloCut>()
        var notImported: [String: Int] = [:]
        var importedActions = 0
        /// Whether the last `updateBoard` closing or reopening the board closed it (`nil`: none did).
        var closedByActions: Bool?
        var members: [String] = []
        var membersSeen = Set<String>()

        /// Whether the board has been made (it waits for its first column when none is older
        /// than the oldest action).
        var boardMade = false
        /// The board's name at the end, before the oldest action, and as far as the replay has
        /// come (Trello's, cut to fit).
        var finalName = ""
        var initialName = ""
        var boardName = ""
        /// Column list ids in board order.
        var columns: [String] = []
        /// Each column's name on our board.
        var columnNames: [String: String] = [:]
        /// Each list's state as far as the replay has come.
        var lists: [String: TrelloListState]
        /// Each card the board has had, as far as the replay has come.
        var cards: [String: MirrorCard] = [:]
        /// The cards on the board, per list, in board order.
        var openCards: [String: [String]] = [:]
        /// The time of the last step: steps never go back in time.
        var clock: Timestamp
        /// The details our log holds, as far as the replay has come.
        var mirror = TrelloDetailMirror()
        /// Whether an archived list's column goes as its last card leaves it (not while the board
        /// before the oldest action is built).
        var settles = false
        /// Steps made before the board (its labels and members): added once it is made.
        var waitingForBoard: [TrelloStep] = []

        struct MirrorCard {
            var state: TrelloCardState
            var onBoard: Bool
            /// The card as it was deleted: what a revive brings back.
            var deleted: TrelloCardState
        }

        init(history: TrelloHistory, details: TrelloDetailHistory, trelloBoard: String, now: Timestamp) {
            self.history = history
            detailHistory = details
            self.trelloBoard = trelloBoard
            self.now = now
            lists = history.initialLists
            clock = Timestamp(millisecondsSinceEpoch: .min)
            mirror.checklists = details.checklists
        }

        // MARK: The board before the oldest action

        mutating func replayInitialBoard() {
            let firstAction = history.actions.first?.time ?? now
            let boardTime = history.makingAction.map { history.actions[$0].time }
                ?? min(TrelloTime.creation(ofID: trelloBoard) ?? firstAction, firstAction)
            // The open lists, and those the cards of then are in.
            var initialColumns = Set(history.initialLists.filter { !$0.value.closed }.keys)
            for card in history.initialCards.values { initialColumns.insert(card.list) }
            let ordered = initialColumns.sorted { listOrder($0) < listOrder($1) }
            if !ordered.isEmpty {
                var names: [String] = []
                for list in ordered {
                    columns.append(list)
                    let name = columnName(for: list, state: listState(list))
                    columnNames[list] = name
                    names.append(name)
                }
                boardMade = true
                add(boardStep(at: boardTime, columns: names))
            }
            // Its labels and members then: with it, or as soon as it is made.
            var boardDetails: [Emitted] = []
            rebuildBoard(actor: TrelloPlan.importActor, into: &boardDetails)
            add(boardDetails, at: boardTime, action: nil)
            let cardsByAge = history.initialCards.keys.sorted {
                (TrelloTime.creation(ofID: $0) ?? boardTime, $0) < (TrelloTime.creation(ofID: $1) ?? boardTime, $1)
            }
            for id in cardsByAge {
                guard let state = history.initialCards[id] else { continue }
                let time = min(max(TrelloTime.creation(ofID: id) ?? boardTime, boardTime), firstAction)
                // Added open with its details, then archived.
                var open = state
                open.closed = false
                var emitted = operations(reach(id, open), as: TrelloPlan.importActor)
                rebuild(id, detailHistory.initialCards[id] ?? TrelloCardDetails(), actor: TrelloPlan.importActor, action: nil, into: &emitted)
                if state.closed { emitted += operations(reach(id, state), as: TrelloPlan.importActor) }
                add(emitted, at: time, action: nil)
            }
            // An archived list made a column only for its archived cards goes again.
            var removed: [TrelloOperation] = []
            for list in columns where listState(list).closed && columns.count > 1 && openCards[list, default: []].isEmpty {
                removed += removeColumn(list)
            }
            add(operations(removed, as: TrelloPlan.importActor), at: boardTime, action: nil)
            settles = true
        }

        /// A board without lists gets the default columns, at the moment its id names (or when
        /// the action that made it did).
        mutating func makeBoardIfNone() {
            guard !boardMade else { return }
            boardMade = true
            let step = boardStep(at: min(TrelloTime.creation(ofID: trelloBoard) ?? now, now), columns: DefaultBoard.columns)
            steps.insert(step, at: 0)
            clock = max(clock, step.time)
            let waiting = waitingForBoard
            waitingForBoard = []
            for step in waiting { add(step) }
        }

        // MARK: The actions

        mutating func replayActions() {
            for (index, timed) in history.actions.enumerated() {
                let action = timed.action
                let actor = actorName(timed, noting: false)
                var emitted: [Emitted] = []
                var replayed = false
                var reasons: [String?] = []
                let changes = detailHistory.changes[index]
                switch history.changes[index] {
                case .card(let id, let after):
                    replayed = true
                    let known = cards[id] != nil
                    let wasOnBoard = cards[id]?.onBoard == true
                    if wasOnBoard && after?.closed != false {
                        // Leaving the board: its details change first.
                        reasons = replayDetails(changes, actor: actor, action: action.id, into: &emitted)
                        emitted += operations(reach(id, after), as: actor)
                        break
                    }
                    if !known, let after {
                        // Arriving: added open with the details it comes with (then archived).
                        var open = after
                        open.closed = false
                        emitted += operations(reach(id, open), as: actor)
                        rebuild(id, detailHistory.arrivals[index] ?? TrelloCardDetails(), actor: actor, action: action.id, into: &emitted)
                        if after.closed { emitted += operations(reach(id, after), as: actor) }
                    } else {
                        emitted += operations(reach(id, after), as: actor)
                    }
                    reasons = replayDetails(changes, actor: actor, action: action.id, into: &emitted)
                case .list(let id, let after):
                    let reached = reach(list: id, after)
                    emitted = operations(reached.operations, as: actor)
                    replayed = reached.kept == nil || !emitted.isEmpty
                    reasons = [reached.kept]
                case .listArrival(let id, let after, let arriving):
                    replayed = true
                    emitted = listArrival(id, after, cards: arriving, actor: actor, index: index)
                case .listDeparture(let id):
                    let reached = listDeparture(id, actor: actor)
                    emitted = reached.emitted
                    replayed = reached.kept == nil || !emitted.isEmpty
                    reasons = [reached.kept]
                case .boardName(let after):
                    replayed = true
                    let name = cutName(after, field: "board", trello: trelloBoard, fallback: "Trello board")
                    if name != boardName { emitted = [(actor, .renameBoard(to: name == finalName ? nil : name))] }
                    boardName = name
                case .boardMade:
                    replayed = true
                case .boardClosed(let closed):
                    // Replayed as what it is here: our boards are never closed (``TrelloPlan/closed``).
                    replayed = true
                    closedByActions = closed
                case .notImported:
                    reasons = replayDetails(changes, actor: actor, action: action.id, into: &emitted)
                }
                guard replayed || reasons.contains(where: { $0 == nil }) else {
                    count(action, reason: reasons.lazy.compactMap { $0 }.first)
                    continue
                }
                importedActions += 1
                if membersSeen.insert(timed.actor).inserted { members.append(timed.actor) }
                _ = actorName(timed, noting: true)
                add(emitted, at: timed.time, action: action.id)
            }
        }

        /// The name `timed`'s events are recorded under: its actor's, cut to a name's length
        /// (the cut noted when `noting`).
        mutating func actorName(_ timed: TrelloHistory.TimedAction, noting: Bool) -> String {
            let trimmed = timed.actor.trimmingCharacters(in: .whitespacesAndNewlines)
            let trello = timed.action.idMemberCreator ?? timed.actor
            guard !trimmed.isEmpty else { return noting ? blank(field: "member", trello: trello, fallback: TrelloPlan.importActor) : TrelloPlan.importActor }
            return cut(trimmed, to: Limits.nameLength, field: "member", trello: trello, noting: noting)
        }

        /// Counts an action not replayed: by type, with the reason when there is one, and for
        /// updates by the fields they changed.
        mutating func count(_ action: TrelloAction, reason: String? = nil) {
            var key = action.type
            if let reason {
                key += " (\(reason))"
            } else if action.type.hasPrefix("update"), let fields = action.data?.old?.keys.sorted(), !fields.isEmpty {
                key += ":" + fields.joined(separator: ",")
            }
            notImported[key, default: 0] += 1
        }

        mutating func add(_ step: TrelloStep) {
            // The board's details wait for the board, made with its first column.
            guard boardMade else {
                waitingForBoard.append(step)
                return
            }
            var step = step
            step.time = min(max(step.time, clock), max(now, clock))
            clock = step.time
            steps.append(step)
            guard !waitingForBoard.isEmpty else { return }
            let waiting = waitingForBoard
            waitingForBoard = []
            for step in waiting { add(step) }
        }

        // MARK: Cards

        /// The operations that take card `id` from where the mirror has it to `after`.
        mutating func reach(_ id: String, _ after: TrelloCardState?) -> [TrelloOperation] {
            var operations: [TrelloOperation] = []
            guard let after else {
                guard let card = cards[id], card.onBoard else { return [] }
                return delete(id, as: card.state)
            }
            guard let card = cards[id] else {
                operations += ensureColumn(after.list)
                let index = place(id, after)
                operations.append(.addCard(
                    card: id, title: title(of: id, after), description: description(of: id, after), due: after.due,
                    column: columnNames[after.list] ?? "", index: index
                ))
                cards[id] = MirrorCard(state: after, onBoard: true, deleted: after)
                if after.closed { operations += delete(id, as: after) }
                return operations
            }
            if card.onBoard {
                operations += edits(id, from: card.state, to: after)
                if after.closed { return operations + delete(id, as: after) }
                if after.list != card.state.list || after.pos != card.state.pos {
                    operations += ensureColumn(after.list)
                    let from = openCards[card.state.list]?.firstIndex(of: id)
                    take(id, from: card.state.list)
                    let index = place(id, after)
                    if after.list != card.state.list || from != index {
                        operations.append(.moveCard(card: id, column: columnNames[after.list] ?? "", index: index))
                    }
                    if after.list != card.state.list { operations += settle(card.state.list) }
                }
                cards[id]?.state = after
                return operations
            }
            // Archived (deleted here): an archived card changes quietly and comes back as it is then.
            cards[id]?.state = after
            guard !after.closed else { return operations }
            operations += ensureColumn(after.list)
            let index = place(id, after)
            operations.append(.reviveCard(card: id, column: columnNames[after.list] ?? "", index: index))
            operations += edits(id, from: card.deleted, to: after)
            cards[id]?.onBoard = true
            return operations
        }

        /// Deletes card `id`, which the mirror has on the board, as `state` (its texts then).
        private mutating func delete(_ id: String, as state: TrelloCardState) -> [TrelloOperation] {
            let list = cards[id].flatMap { $0.onBoard ? $0.state.list : nil }
            if let list { take(id, from: list) }
            cards[id]?.onBoard = false
            cards[id]?.deleted = state
            cards[id]?.state = state
            guard let list else { return [.deleteCard(card: id)] }
            return [.deleteCard(card: id)] + settle(list)
        }

        /// An edit from `old` to `new` of what the board shows, or nothing when that is the same.
        mutating func edits(_ id: String, from old: TrelloCardState, to new: TrelloCardState) -> [TrelloOperation] {
            let oldTitle = title(of: id, old, noting: false)
            let newTitle = title(of: id, new)
            let oldDescription = description(of: id, old, noting: false)
            let newDescription = description(of: id, new)
            let titleChange = oldTitle == newTitle ? nil : newTitle
            let descriptionChange = oldDescription == newDescription ? nil : newDescription
            let dueChange: DueUpdate? = old.due == new.due ? nil : new.due.map(DueUpdate.set) ?? .remove
            guard titleChange != nil || descriptionChange != nil || dueChange != nil else { return [] }
            return [.editCard(card: id, title: titleChange, description: descriptionChange, due: dueChange)]
        }

        /// Puts card `id` among the open cards of its list by `pos`; returns its index there.
        mutating func place(_ id: String, _ state: TrelloCardState) -> Int {
            var list = openCards[state.list] ?? []
            let key = (state.pos, id)
            let index = list.firstIndex { other in
                let otherState = cards[other]?.state
                return (otherState?.pos ?? .greatestFiniteMagnitude, other) > key
            } ?? list.count
            list.insert(id, at: index)
            openCards[state.list] = list
            return index
        }

        mutating func take(_ id: String, from list: String) {
            openCards[list]?.removeAll { $0 == id }
        }

        // MARK: Texts

        /// A column name for list `id`: its name cut to fit, made unique on the board (`Done (2)`).
        mutating func columnName(for id: String, state: TrelloListState) -> String {
            let base = cutName(state.name, field: "column", trello: id, fallback: "List")
            let taken = Set(columns.filter { $0 != id }.compactMap { columnNames[$0]?.lowercased() })
            return base.numbered { taken.contains($0.lowercased()) }
        }

        /// `text` trimmed and cut to a name's length (the cut noted), or `fallback` when empty.
        mutating func cutName(_ text: String, field: String, trello: String, fallback: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return blank(field: field, trello: trello, fallback: fallback) }
            return cut(trimmed, to: Limits.nameLength, field: field, trello: trello, noting: true)
        }

        mutating func title(of id: String, _ state: TrelloCardState, noting: Bool = true) -> String {
            let trimmed = state.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return noting ? blank(field: "title", trello: id, fallback: "(untitled)") : "(untitled)" }
            return cut(trimmed, to: Limits.titleLength, field: "title", trello: id, noting: noting)
        }

        mutating func description(of id: String, _ state: TrelloCardState, noting: Bool = true) -> String {
            cut(state.description, to: Limits.descriptionLength, field: "description", trello: id, noting: noting)
        }

        /// `fallback` for a blank text, noted as a cut to length 0.
        mutating func blank(field: String, trello: String, fallback: String) -> String {
            let note = TrelloCut(field: field, trello: trello, text: fallback, length: 0)
            if cutsSeen.insert(note).inserted { cuts.append(note) }
            return fallback
        }

        mutating func cut(_ text: String, to limit: Int, field: String, trello: String, noting: Bool) -> String {
            guard text.utf8.count > limit, text.count > limit else { return text }
            let cut = String(text.prefix(limit - 1)) + "…"
            if noting {
                let note = TrelloCut(field: field, trello: trello, text: cut, length: text.count)
                if cutsSeen.insert(note).inserted { cuts.append(note) }
            }
            return cut
        }
    }
}
