import KanbanCore
import Testing

/// A comment remembers when its text was last edited (``Comment/editedAt``): set by an edit,
/// put back by its undo, kept by the codecs.
struct CommentEditMarkTests {
    /// A card with two comments, the second edited twice; the fold and the card.
    static func editedTwice() throws -> (fold: Fold, card: CardID, edits: [RecordedEvent]) {
        var fold = Fold()
        let card = try fold.add("Commented")
        try fold.run(.addComment(board: "main", card: card.description, text: "left alone"))
        try fold.run(.addComment(board: "main", card: card.description, text: "first"))
        let comment = fold.state.details(of: card).comments[1].id.description
        let first = try fold.run(.editComment(board: "main", card: card.description, comment: comment, text: "second"))
        let second = try fold.run(.editComment(board: "main", card: card.description, comment: comment, text: "third"))
        return (fold, card, first + second)
    }

    @Test("An edit marks the comment edited at the event's time and records the mark it had; others stay unmarked")
    func editMarks() throws {
        let (fold, card, edits) = try Self.editedTwice()
        let comments = fold.state.details(of: card).comments
        #expect(comments[0].editedAt == nil)
        #expect(comments[1].editedAt == edits[1].timestamp)
        #expect(comments[1].text == "third")
        guard case .cardDetail(let first) = edits[0].payload, case .cardDetail(let second) = edits[1].payload else {
            Issue.record("not detail events")
            return
        }
        #expect(first.edit == .commentEdited(comments[1].id, Change(old: "first", new: "second"), mark: .now(previous: nil)))
        #expect(second.edit == .commentEdited(comments[1].id, Change(old: "second", new: "third"), mark: .now(previous: edits[0].timestamp)))

        var fresh = KanbanState()
        for event in fold.events { fresh.apply(event) }
        #expect(fresh.details == fold.state.details)
    }

    @Test("Undo puts the text and the mark back, edit by edit; redo brings the edit's own time back")
    func undoAndRedo() throws {
        let setup = try Self.editedTwice()
        var fold = setup.fold
        let (card, edits) = (setup.card, setup.edits)
        func comment() -> KanbanCore.Comment { fold.state.details(of: card).comments[1] }
        try fold.undo("tester")
        #expect(comment().text == "second" && comment().editedAt == edits[0].timestamp)
        try fold.undo("tester")
        #expect(comment().text == "first" && comment().editedAt == nil)
        try fold.redo("tester")
        #expect(comment().text == "second" && comment().editedAt == edits[0].timestamp)
        try fold.redo("tester")
        #expect(comment().text == "third" && comment().editedAt == edits[1].timestamp)

        var fresh = KanbanState()
        for event in fold.events { fresh.apply(event) }
        #expect(fresh.details == fold.state.details)
        // Undone and redone edits carry their marks through the codec (format version 4).
        for event in fold.events.suffix(4) {
            let bytes = EventCodec.encode(event)
            #expect(bytes.first == EventCodec.markedFormatVersion)
            #expect(try EventCodec.decode(bytes, sequence: event.sequence) == event)
        }
    }

    @Test("An undone delete of an edited comment writes it back with its times")
    func deleteKeepsTheMark() throws {
        let setup = try Self.editedTwice()
        var fold = setup.fold
        let card = setup.card
        let edited = fold.state.details(of: card).comments[1]
        try fold.run(.deleteComment(board: "main", card: card.description, comment: edited.id.description))
        let deleted = try #require(fold.events.last)
        #expect(try EventCodec.decode(EventCodec.encode(deleted), sequence: deleted.sequence) == deleted)
        #expect(EventCodec.encode(deleted).first == EventCodec.formatVersion)
        try fold.undo("tester")
        #expect(fold.state.details(of: card).comments[1] == edited)
    }

    @Test("A comment edit of an old log (versions 1–3, no marks) reads as an edit made then")
    func oldLogEdit() throws {
        let edit = RecordedEvent(
            sequence: 7, timestamp: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), actor: "ana", id: EventID(.random()),
            board: BoardID(.random()),
            payload: .cardDetail(CardDetailChanged(card: CardID(.random()), title: "T", edit: .commentEdited(DetailID(.random()), Change(old: "a", new: "b"), mark: .now(previous: nil))))
        )
        let marked = EventCodec.encode(edit)
        #expect(marked.first == EventCodec.markedFormatVersion)
        #expect(marked.suffix(2) == [0, 0]) // edited now · no previous mark
        // The same event as version 2 wrote it: no marks.
        let old = [EventCodec.formatVersion] + marked.dropFirst().dropLast(2)
        #expect(try EventCodec.decode(old, sequence: 7) == edit)
        var backdated = old
        backdated[0] = EventCodec.backdatedFormatVersion
        backdated += withUnsafeBytes(of: Int64(1_700_000_000_000).littleEndian) { Array($0) }
        #expect(try EventCodec.decode(backdated, sequence: 7).payload == edit.payload)
        // Version 4's marks are read with it, and refused when malformed.
        var bad = marked
        bad[bad.count - 2] = 2
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(bad, sequence: 7) }
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(Array(marked.dropLast()), sequence: 7) }
    }

    @Test("A comment's flags other than its two times, and a limit's forms other than none, plain and strict, are refused")
    func malformedFlags() throws {
        let comment = KanbanCore.Comment(id: DetailID(.random()), author: "ana", text: "hi", at: Timestamp(millisecondsSinceEpoch: 5), editedAt: Timestamp(millisecondsSinceEpoch: 9))
        let card = CardID(.random())
        let added = RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 10), actor: "ana", id: EventID(.random()), board: BoardID(.random()),
            payload: .cardDetail(CardDetailChanged(card: card, title: "T", edit: .commentAdded(comment, index: 0)))
        )
        var bytes = EventCodec.encode(added)
        #expect(try EventCodec.decode(bytes, sequence: 1) == added)
        // The flags byte sits before the two times (ZigZag 5 and 9: one byte each) and the index.
        let flags = bytes.count - 4
        #expect(bytes[flags] == 3)
        bytes[flags] = 7
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(bytes, sequence: 1) }

        let spec = ColumnSpec(id: ColumnID(.random()), name: "DOING")
        let limited = RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 10), actor: "ana", id: EventID(.random()), board: BoardID(.random()),
            payload: .boardDetail(BoardDetailChanged(edit: .columnLimited(spec, Change(old: nil, new: ColumnLimit(3, strict: true)))))
        )
        var limit = EventCodec.encode(limited)
        #expect(Array(limit.suffix(3)) == [2, 3, 0]) // strict 3 · none
        #expect(try EventCodec.decode(limit, sequence: 1) == limited)
        limit[limit.count - 3] = 1
        #expect(try EventCodec.decode(limit, sequence: 1).payload == .boardDetail(BoardDetailChanged(edit: .columnLimited(spec, Change(old: nil, new: ColumnLimit(3))))))
        limit[limit.count - 3] = 3
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(limit, sequence: 1) }
    }

    @Test("A snapshot keeps edit marks in layout 3, written only when a comment was edited; layout 2 refuses them")
    func snapshotLayout() throws {
        let setup = try Self.editedTwice()
        var fold = setup.fold
        let card = setup.card
        let state = fold.state
        #expect(StateCodec.version(of: state) == StateCodec.markedDetailsVersion)
        let bytes = StateCodec.encode(state)
        let decoded = try bytes.withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.markedDetailsVersion) }
        #expect(decoded.details == state.details)
        #expect(StateCodec.encode(decoded) == bytes)
        #expect(throws: EventDecodingError.self) {
            try bytes.withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.detailsVersion) }
        }
        // Every edit undone: no mark left, layout 2 again, byte for byte what it was before.
        try fold.undo("tester")
        try fold.undo("tester")
        #expect(fold.state.details(of: card).comments.allSatisfy { $0.editedAt == nil })
        #expect(StateCodec.version(of: fold.state) == StateCodec.detailsVersion)
        #expect(StateCodec.version(of: KanbanState()) == StateCodec.version)
        #expect(StateCodec.readableVersions == 1...4)
    }
}
