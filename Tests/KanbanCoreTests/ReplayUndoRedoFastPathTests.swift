import KanbanCore
import PropertyBased
import Testing

/// Replay's fast path reads undos and redos of card events from their bytes, as it reads card
/// events: the payload undone skipped, the compensation applied, the stacks moved. Everything
/// else nested (board, column and detail payloads) goes through the full decoder.
struct ReplayUndoRedoFastPathTests {
    /// A log with an undo and a redo of every card event, and of a column, a detail and a rename,
    /// by two actors, in Korean and French.
    static func log() throws -> Fold {
        var fold = Fold()
        let ana = "ana"
        let jimin = "지민"
        let first = try fold.add("첫 번째 카드", due: .day(CalendarDay(daysSinceEpoch: 20_000)))
        let second = try fold.add("Deuxième carte")
        try fold.run(.addCard(board: "main", title: "- dash, comma", due: nil, column: nil, index: nil), as: ana)
        try fold.undo(ana) // an add undone: the card removed
        try fold.redo(ana) // and redone: inserted again
        try fold.run(.editCard(board: "main", card: first.description, title: "수정됨", description: "**markdown** 🎉", due: .remove), as: jimin)
        try fold.undo(jimin) // an edit undone: the old title, description and due back
        try fold.redo(jimin)
        try fold.run(.moveCard(board: "main", card: second.description, column: "DOING"), as: ana)
        try fold.undo(ana) // a move undone
        try fold.run(.deleteCard(board: "main", card: second.description), as: jimin)
        try fold.undo(jimin) // a delete undone: the card revived with its texts
        try fold.redo(jimin) // and deleted again
        try fold.run(.label(board: "main", card: first.description, label: "urgent"), as: ana)
        try fold.undo(ana) // a detail: the full decoder
        try fold.run(.renameColumn(board: "main", column: "DONE", to: "FINI"), as: ana)
        try fold.undo(ana) // a column: the full decoder
        try fold.redo(ana)
        try fold.run(.editCard(board: "main", card: first.description, title: "again"), as: ana)
        // Two undone, one redone: the other undo stays on the redo stack.
        try fold.run(.moveCard(board: "main", card: first.description, column: "DOING"), as: ana)
        try fold.undo(ana)
        try fold.undo(ana)
        try fold.redo(ana)
        return fold
    }

    /// The state `events` fold to through replay's fast path, deferring texts or not.
    static func replayed(_ events: [RecordedEvent], deferring: Bool) throws -> KanbanState {
        var state = KanbanState()
        let encoded = events.map { (EventCodec.encode($0), $0.sequence) }
        if deferring { state.beginDeferringTexts() }
        for (bytes, sequence) in encoded {
            try bytes.withUnsafeBytes { buffer in _ = try state.apply(encoded: buffer, sequence: sequence) }
        }
        // The deferred texts point into `encoded`, alive until here.
        if deferring { state.endDeferringTexts() }
        withExtendedLifetime(encoded) {}
        return state
    }

    @Test("Undos and redos of every card event fold through the fast path to the decoded fold's state and stacks", arguments: [false, true])
    func undoRedoFold(deferring: Bool) throws {
        let fold = try Self.log()
        let kinds = fold.events.map(\.payload.kind)
        #expect(kinds.filter { $0 == .undone }.count == 8)
        #expect(kinds.filter { $0 == .redone }.count == 5)
        #expect(fold.state.undoStacks.redoStack(for: "ana").count == 1)
        let fast = try Self.replayed(fold.events, deferring: deferring)
        #expect(StateParts(fast) == StateParts(fold.state))
        #expect(fast.undoStacks == fold.state.undoStacks)
        #expect(fast.undoStacks.redoStack(for: "ana") == fold.state.undoStacks.redoStack(for: "ana"))
        #expect(fast.lastSequence == fold.state.lastSequence)
        // Every prefix, so each undo and redo is checked where it lands, not only at the end.
        for end in 1...fold.events.count {
            var decoded = KanbanState()
            for event in fold.events.prefix(end) { decoded.apply(event) }
            let partial = try Self.replayed(Array(fold.events.prefix(end)), deferring: deferring)
            #expect(StateParts(partial) == StateParts(decoded), "after event \(end), \(kinds[end - 1])")
            #expect(partial.undoStacks == decoded.undoStacks, "after event \(end), \(kinds[end - 1])")
        }
    }

    @Test("A corrupt undo is refused as the decoder refuses it, and changes nothing")
    func corruptUndo() throws {
        let fold = try Self.log()
        guard let undo = fold.events.first(where: { $0.payload.kind == .undone }) else {
            Issue.record("no undo in the log")
            return
        }
        let before = try Self.replayed(Array(fold.events.prefix(Int(undo.sequence) - 1)), deferring: false)
        let bytes = EventCodec.encode(undo)
        var corrupt: [[UInt8]] = []
        // Cut short at every length, and the compensation's kind tag made unknown.
        for length in 1..<bytes.count { corrupt.append(Array(bytes.prefix(length))) }
        var unknownEffect = bytes
        let effectTag = try #require(try Self.effectTagOffset(in: bytes))
        unknownEffect[effectTag] = 0xEE
        corrupt.append(unknownEffect)
        var trailing = bytes
        trailing.append(0)
        corrupt.append(trailing)
        for candidate in corrupt {
            #expect(throws: EventDecodingError.self) { try EventCodec.decode(candidate, sequence: undo.sequence) }
            var state = before
            #expect(throws: EventDecodingError.self, "\(candidate.count) of \(bytes.count) bytes") {
                try candidate.withUnsafeBytes { buffer in _ = try state.apply(encoded: buffer, sequence: undo.sequence) }
            }
            #expect(StateParts(state) == StateParts(before))
            #expect(state.undoStacks == before.undoStacks)
            #expect(state.lastSequence == before.lastSequence)
        }
    }

    @Test("Random undos and redos of card events, whole or damaged: the fast path never traps, and folds what the decoder reads as the decoder's event folds")
    func randomUndoRedo() async {
        let cardKinds: [EventKind] = [.cardAdded, .cardEdited, .cardMoved, .cardDeleted, .cardRevived]
        await propertyCheck(count: 400, input: Gen.uint64(), Gen.int(in: 0...3)) { seed, edits throws in
            var random = SeededGenerator(seed: seed)
            // A state with cards for the payloads to meet: the ids are random, so most miss,
            // and the ones a revive or an add brings in are there for what follows.
            var event = RandomEvents.event(of: Bool.random(using: &random) ? .undone : .redone, using: &random)
            let first = RandomEvents.payload(of: cardKinds.randomElement(using: &random)!, using: &random)
            let second = RandomEvents.payload(of: cardKinds.randomElement(using: &random)!, using: &random)
            let target = UInt64.random(in: 1...UInt64.max, using: &random)
            event.payload = event.payload.kind == .undone
                ? .undone(Undone(target: target, undid: first, compensation: second))
                : .redone(Redone(target: target, redid: first, effect: second))
            var bytes = EventCodec.encode(event)
            for _ in 0..<edits where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
                }
            }
            var fast = KanbanState()
            let applied = (try? bytes.withUnsafeBytes { buffer in try fast.apply(encoded: buffer, sequence: event.sequence) }) != nil
            guard let decoded = try? EventCodec.decode(bytes, sequence: event.sequence) else { return }
            // What the decoder reads, the fast path reads too, to the same state and stacks.
            #expect(applied)
            var expected = KanbanState()
            expected.apply(decoded)
            #expect(StateParts(fast) == StateParts(expected))
            #expect(fast.undoStacks == expected.undoStacks)
            #expect(fast.lastSequence == expected.lastSequence)
        }
    }

    /// Where an encoded undo's compensation starts (its kind tag): the undo's last bytes are
    /// the compensation's payload, as long as it is in an event of its own after that event's
    /// head (version, kind, time, ids, the actor's length and bytes).
    static func effectTagOffset(in bytes: [UInt8]) throws -> Int? {
        let event = try EventCodec.decode(bytes, sequence: 1)
        guard case .undone(let undone) = event.payload, event.actor.utf8.count < 128 else { return nil }
        var alone = event
        alone.payload = undone.compensation
        let head = 1 + 1 + 8 + 32 + 1 + event.actor.utf8.count
        return bytes.count - (EventCodec.encode(alone).count - head) - 1
    }
}
