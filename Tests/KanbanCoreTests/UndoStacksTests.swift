import KanbanCore
import PropertyBased
import Testing

/// Per-actor undo and redo stacks folded from the log: an action pushes and clears its actor's
/// redo stack, an undo moves the top to the redo stack, a redo moves it back, and the engine's
/// own events are on no stack.
struct UndoStacksTests {
    static let board = BoardID(Identifier(high: 1, low: 1))

    /// Builds a log by hand: actions, undos and redos, with payloads that need no board.
    struct Log {
        var events: [RecordedEvent] = []

        /// Appends an action by `actor` and returns its sequence number.
        @discardableResult
        mutating func action(_ actor: String, _ payload: EventPayload? = nil) -> UInt64 {
            append(actor, payload ?? .boardRenamed(BoardRenamed(from: "a", to: "b")))
        }

        @discardableResult
        mutating func undo(_ actor: String, target: UInt64) -> UInt64 {
            let payload = EventPayload.boardRenamed(BoardRenamed(from: "b", to: "a"))
            return append(actor, .undone(Undone(target: target, undid: payload, compensation: payload)))
        }

        @discardableResult
        mutating func redo(_ actor: String, target: UInt64) -> UInt64 {
            let payload = EventPayload.boardRenamed(BoardRenamed(from: "a", to: "b"))
            return append(actor, .redone(Redone(target: target, redid: payload, effect: payload)))
        }

        private mutating func append(_ actor: String, _ payload: EventPayload) -> UInt64 {
            let sequence = UInt64(events.count + 1)
            events.append(RecordedEvent(
                sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: Int64(sequence) * 1000), actor: actor,
                id: EventID(Identifier(high: 5, low: sequence)), board: UndoStacksTests.board, payload: payload
            ))
            return sequence
        }

        /// The stacks the full events fold to.
        var stacks: UndoStacks {
            var state = KanbanState()
            for event in events { state.apply(event) }
            return state.undoStacks
        }

        /// The stacks replay's fast path folds the encoded events to.
        var replayedStacks: UndoStacks {
            var state = KanbanState()
            for event in events {
                let bytes = EventCodec.encode(event)
                let applied: Bool = bytes.withUnsafeBytes { raw in
                    do {
                        try state.apply(encoded: raw, sequence: event.sequence)
                        return true
                    } catch {
                        return false
                    }
                }
                precondition(applied, "event \(event.sequence) did not decode")
            }
            return state.undoStacks
        }
    }

    @Test("Actions push onto their own actor's stack; actors are listed in the order they first acted")
    func actionsPush() {
        var log = Log()
        log.action("ana")
        log.action("bo")
        log.action("ana")
        log.action("지민")
        let stacks = log.stacks
        #expect(stacks.undoStack(for: "ana") == [1, 3])
        #expect(stacks.undoStack(for: "bo") == [2])
        #expect(stacks.undoStack(for: "지민") == [4])
        #expect(stacks.undoStack(for: "nobody").isEmpty)
        #expect(stacks.redoStack(for: "ana").isEmpty)
        #expect(stacks.actors == ["ana", "bo", "지민"])
    }

    /// The engine makes the first board of every log, before any command, under ``UndoStacks/systemActor``
    /// (`kanban`): that event is no one's. Everything else recorded under `kanban` is an actor's like
    /// any other, since `kanban` may well be someone's login name (the CLI's default actor).
    @Test("The engine's first board is on no stack; an actor named kanban has stacks like anyone")
    func systemActor() {
        var log = Log()
                log.action(UndoStacks.systemActor, .boardCreated(BoardCreated(name: "main", columns: [ColumnSpec(id: ColumnID(Identifier(high: 2, low: 1)), name: "TODO")])))
        let add = log.action("kanban", .cardAdded(CardAdded(
            card: Card(id: CardID(Identifier(high: 9, low: 1)), column: ColumnID(Identifier(high: 8, low: 1)), key: .middle, title: "X"),
            index: 0
        )))
        let board = log.action("kanban", .boardCreated(BoardCreated(name: "Side", columns: [ColumnSpec(id: ColumnID(Identifier(high: 2, low: 2)), name: "A")])))
        let rename = log.action("kanban")
        log.action("ana")
        #expect(UndoStacks.systemActor == "kanban")
        #expect(log.stacks.undoStack(for: "kanban") == [add, board, rename])
        #expect(log.stacks.actors == ["kanban", "ana"])
        #expect(log.replayedStacks == log.stacks)
        // Only the log's first board creation is the engine's, and only under its name.
        var other = Log()
        let first = other.action("ana", .boardCreated(BoardCreated(name: "main", columns: [])))
        #expect(other.stacks.undoStack(for: "ana") == [first])
    }

    @Test("An undo moves the top to the redo stack; a redo moves it back as the redo's own sequence")
    func undoAndRedo() {
        var log = Log()
        let first = log.action("ana")
        let second = log.action("ana")
        let undoSecond = log.undo("ana", target: second)
        #expect(log.stacks.undoStack(for: "ana") == [first])
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond])
        let undoFirst = log.undo("ana", target: first)
        #expect(log.stacks.undoStack(for: "ana").isEmpty)
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond, undoFirst])
        let redoFirst = log.redo("ana", target: undoFirst)
        #expect(log.stacks.undoStack(for: "ana") == [redoFirst])
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond])
        // Undoing the redo puts a new undo on the redo stack.
        let undoRedo = log.undo("ana", target: redoFirst)
        #expect(log.stacks.undoStack(for: "ana").isEmpty)
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond, undoRedo])
        #expect(log.replayedStacks == log.stacks)
    }

    /// The engine undoes the newest entry it can and drops the ones above it that cannot be
    /// undone at all; the fold reads that from the `undone` event alone, so every process and
    /// every replay agrees. Until entries could be dropped the target was always the top, so
    /// older logs read the same way.
    @Test("An undo removes its target and every entry above it; a redo likewise on the redo stack")
    func undoDropsEntriesAbove() {
        var log = Log()
        let first = log.action("ana")
        let second = log.action("ana")
        log.action("bo")
        log.action("ana")
        log.action("ana")
        let undoSecond = log.undo("ana", target: second)
        #expect(log.stacks.undoStack(for: "ana") == [first])
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond])
        #expect(log.stacks.undoStack(for: "bo") == [3])
        #expect(log.replayedStacks == log.stacks)
        let undoFirst = log.undo("ana", target: first)
        let third = log.action("bo")
        let undoThird = log.undo("bo", target: third)
        #expect(log.stacks.redoStack(for: "ana") == [undoSecond, undoFirst])
        // Redoing the older undo drops the newer one, which cannot be redone.
        let redo = log.redo("ana", target: undoSecond)
        #expect(log.stacks.redoStack(for: "ana").isEmpty)
        #expect(log.stacks.undoStack(for: "ana") == [redo])
        #expect(log.stacks.redoStack(for: "bo") == [undoThird])
        #expect(log.replayedStacks == log.stacks)
    }

    @Test("A new action clears its actor's redo stack and no one else's")
    func actionClearsOwnRedo() {
        var log = Log()
        let a = log.action("ana")
        let b = log.action("bo")
        let undoA = log.undo("ana", target: a)
        let undoB = log.undo("bo", target: b)
        #expect(log.stacks.redoStack(for: "ana") == [undoA])
        #expect(log.stacks.redoStack(for: "bo") == [undoB])
        let next = log.action("ana")
        #expect(log.stacks.undoStack(for: "ana") == [next])
        #expect(log.stacks.redoStack(for: "ana").isEmpty)
        #expect(log.stacks.redoStack(for: "bo") == [undoB])
        // An undo or a redo is not a new action: it clears nothing.
        let undoNext = log.undo("ana", target: next)
        log.redo("bo", target: undoB)
        #expect(log.stacks.redoStack(for: "ana") == [undoNext])
        #expect(log.replayedStacks == log.stacks)
    }

    @Test("A stack is cut back to the latest depth actions when it reaches twice the depth, by both replay paths")
    func depthBound() {
        let depth = UndoStacks.depth
        var log = Log()
        let card = Card(id: CardID(Identifier(high: 9, low: 9)), column: ColumnID(Identifier(high: 8, low: 1)), key: .middle, title: "c")
        for number in 0..<(2 * depth - 1) {
            log.action("ana", number.isMultiple(of: 2) ? nil : .cardMoved(CardMoved(
                card: card.id, title: "c", from: card.column, fromIndex: 0, to: card.column, toIndex: 0, key: .middle
            )))
        }
        #expect(log.stacks.undoStack(for: "ana").count == 2 * depth - 1)
        log.action("ana")
        let stack = log.stacks.undoStack(for: "ana")
        #expect(stack.count == depth)
        #expect(stack.first == UInt64(depth + 1) && stack.last == UInt64(2 * depth))
        #expect(log.replayedStacks == log.stacks)
        // Undoing moves entries to the redo stack one by one; the oldest kept is the last undoable.
        log.undo("ana", target: stack.last!)
        #expect(log.stacks.undoStack(for: "ana").count == depth - 1)
        #expect(log.stacks.redoStack(for: "ana") == [UInt64(2 * depth + 1)])
    }

    static let actors = ["ana", "bob", "ann", "지민", "Zoé", UndoStacks.systemActor]

    /// Payloads of every kind an action can be; card ones take replay's fast path.
    static func actionPayload(_ roll: Int, sequence: UInt64) -> EventPayload {
        let card = Card(id: CardID(Identifier(high: 9, low: sequence)), column: ColumnID(Identifier(high: 8, low: 1)), key: .middle, title: "c")
        switch roll % 6 {
        case 0: return .cardAdded(CardAdded(card: card, index: 0))
        case 1: return .cardMoved(CardMoved(card: card.id, title: "c", from: card.column, fromIndex: 0, to: card.column, toIndex: 1, key: .middle))
        case 2: return .cardEdited(CardEdited(card: card.id, title: "d", titleChange: Change(old: "c", new: "d")))
        case 3: return .cardDeleted(CardDeleted(card: card, index: 0))
        case 4: return .columnRenamed(ColumnRenamed(column: card.column, from: "x", to: "y"))
        default: return .boardRenamed(BoardRenamed(from: "a", to: "b"))
        }
    }

    @Test("Random actions, undos and redos by several actors fold to the model's stacks, by both replay paths")
    func randomLogs() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...120)) { rolls in
            Self.checkRandomLog(rolls)
        }
    }

    /// Builds a log from `rolls` beside the model and compares the stacks.
    static func checkRandomLog(_ rolls: [Int]) {
        var log = Log()
        var undo: [String: [UInt64]] = [:]
        var redo: [String: [UInt64]] = [:]
        for roll in rolls {
            let actor = actors[roll % actors.count]
            let next = UInt64(log.events.count + 1)
            let undoTop = undo[actor]?.last
            let redoTop = redo[actor]?.last
            switch roll / actors.count % 4 {
            case 0 where undoTop != nil:
                log.undo(actor, target: undoTop!)
                undo[actor]?.removeLast()
                redo[actor, default: []].append(next)
            case 1 where redoTop != nil:
                log.redo(actor, target: redoTop!)
                redo[actor]?.removeLast()
                undo[actor, default: []].append(next)
            default:
                log.action(actor, actionPayload(roll / 24, sequence: next))
                undo[actor, default: []].append(next)
                redo[actor] = []
            }
        }
        let stacks = log.stacks
        for actor in actors {
            #expect(stacks.undoStack(for: actor) == undo[actor] ?? [], "undo stack of \(actor)")
            #expect(stacks.redoStack(for: actor) == redo[actor] ?? [], "redo stack of \(actor)")
        }
        #expect(log.replayedStacks == stacks)
    }
}
