/// The binary form of a whole ``KanbanState``, for snapshots: boards, columns, live cards with
/// their order keys, and every actor's undo and redo stacks. The column order index is not
/// stored; it is rebuilt on first need, as after replay.
///
/// Layout (version 1; every count and sequence number LEB128):
///
/// ```
/// lastSequence · boardsCreated
/// boards:  count, then id · name · column count · column ids         (creation order)
/// columns: count, then id · board id · name
/// cards:   count, then a card as events carry it (id, column, key, title, description, due),
///          column by column in the order above, each column's in its order
/// details: (versions 2 and 3) card count, then card id · assignees · labels · u8 due done ·
///          items · comments · links; board count, then board id · members · labels (name ·
///          colour) · limits (column id · limit, and in version 3 · u8 strict)
/// stacks:  actor count, then name · undo count · sequences · redo count · sequences
/// ```
///
/// Version 2 is version 1 with the details section after the cards; a state without details is
/// written as version 1, byte for byte as before (``version(of:)``). The details come before the
/// undo stacks so that laying out one board reads them without stepping over every stack.
/// Version 3 is version 2 where comments may carry when they were last edited (their flags, as
/// events carry comments) and each column limit says whether it is strict; it is written only
/// when some comment was edited or some limit is strict, so other states keep their bytes.
/// Version 4 is version 3 where each board's details end with its visibility and roles
/// (``encodeAccess(of:into:)``); written only when some board has either.
public enum StateCodec {
    /// The layout version of a state without details.
    public static let version: UInt8 = 1
    /// The layout version of a state with details (cards' or boards').
    public static let detailsVersion: UInt8 = 2
    /// The layout version of a state with an edited comment or a strict column limit.
    public static let markedDetailsVersion: UInt8 = 3
    /// The layout version of a state where some board has roles or is not `open`.
    public static let accessVersion: UInt8 = 4
    /// The layout versions this build reads.
    public static let readableVersions: ClosedRange<UInt8> = 1...4

    /// The layout version ``encode(_:)`` writes `state` in.
    public static func version(of state: KanbanState) -> UInt8 {
        if state.details.isEmpty && state.boardDetails.isEmpty { return version }
        if state.boardDetails.values.contains(where: { !$0.roles.isEmpty || $0.visibility != .open }) { return accessVersion }
        let marked = state.boardDetails.values.contains { !$0.strictLimits.isEmpty }
            || state.details.values.contains { $0.comments.contains { $0.editedAt != nil } }
        return marked ? markedDetailsVersion : detailsVersion
    }

    public static func encode(_ state: KanbanState) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 + state.cards.count * 160)
        encodeBoards(of: state, into: &writer)
        // Cards column by column (in the order just written), each column's in its order: the
        // same state always encodes to the same bytes, and decoding rebuilds the order index
        // without sorting (``ColumnOrder/init(_:)`` checks instead).
        var byColumn: [ColumnID: [Int]] = [:]
        for (index, card) in state.cards.values.enumerated() { byColumn[card.column, default: []].append(index) }
        var known: [ColumnID] = []
        forEachColumn(of: state) { known.append($0.id) }
        let unknown = byColumn.keys.filter { state.columns[$0] == nil }.sorted()
        writer.write(count: state.cards.count)
        for column in known + unknown {
            let members = byColumn[column] ?? []
            // The order index, when built, lists the column's cards in order: they are written
            // where they lie, neither copied nor sorted (a snapshot of 50,000 cards spent most
            // of its time on both). Else, or should it disagree with the cards, they are sorted.
            var ordered: [Int] = []
            if let order = state.orders?[column], order.count == members.count {
                ordered.reserveCapacity(members.count)
                order.forEachSlot { slot in
                    if let index = state.cards.index(forKey: slot.card), state.cards.values[index].column == column,
                       state.cards.values[index].key == slot.key {
                        ordered.append(index)
                    }
                }
            }
            if ordered.count != members.count {
                ordered = members.sorted { state.cards.values[$0].slot < state.cards.values[$1].slot }
            }
            for index in ordered { EventCodec.encodeCard(state.cards.values[index], into: &writer) }
        }
        let layout = version(of: state)
        if layout >= detailsVersion { encodeDetails(of: state, into: &writer, version: layout) }
        let stacks = state.undoStacks
        writer.write(count: stacks.names.count)
        for (index, name) in stacks.names.enumerated() {
            writer.write(name)
            for stack in [stacks.undo[index], stacks.redo[index]] {
                writer.write(count: stack.count)
                for sequence in stack { writer.write(varint: sequence) }
            }
        }
        return writer.bytes
    }

    /// Writes what comes first — the last sequence, boards and columns (in the order of
    /// ``forEachColumn(of:_:)``). Allocates nothing when every column is on a board: the
    /// board outline is written this way in every command's transaction.
    static func encodeBoards(of state: KanbanState, into writer: inout ByteWriter) {
        writer.write(varint: state.lastSequence)
        writer.write(count: state.boardsCreated)
        writer.write(count: state.boardOrder.count)
        for id in state.boardOrder {
            let board = state.boards[id]!
            writer.write(id.raw)
            writer.write(board.name)
            writer.write(count: board.columns.count)
            for column in board.columns { writer.write(column.raw) }
        }
        var count = 0
        forEachColumn(of: state) { _ in count += 1 }
        writer.write(count: count)
        forEachColumn(of: state) { column in
            writer.write(column.id.raw)
            writer.write(column.board.raw)
            writer.write(column.name)
        }
    }

    /// Calls `body` with every column of `state` in the order snapshots write them, so the same
    /// state always encodes to the same bytes: each board's columns in board order, then the
    /// strays (on no board's list) by id.
    static func forEachColumn(of state: KanbanState, _ body: (Column) -> Void) {
        var listed = 0
        for id in state.boardOrder {
            for column in state.boards[id]?.columns ?? [] {
                guard let column = state.columns[column] else { continue }
                body(column)
                listed += 1
            }
        }
        guard listed != state.columns.count else { return }
        let onBoards = Set(state.boardOrder.flatMap { state.boards[$0]?.columns ?? [] })
        for column in state.columns.values.filter({ !onBoards.contains($0.id) }).sorted(by: { $0.id < $1.id }) { body(column) }
    }

    /// The state `bytes` encode in layout `version`. With `boardsOnly`, only what comes first — the last sequence,
    /// boards and columns — is read: the state has no cards and no undo stacks, enough for a
    /// read that needs names (a history page), at a small part of the cost. With `cardsOf`, the
    /// boards and columns and the cards of that one board, without undo stacks: enough to lay
    /// that board out, the other boards' cards stepped over without making their strings.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, version: UInt8 = StateCodec.version, boardsOnly: Bool = false, cardsOf board: BoardID? = nil
    ) throws(EventDecodingError) -> KanbanState {
        guard readableVersions.contains(version) else { throw .malformed("state layout \(version)", at: 0) }
        var reader = ByteReader(bytes)
        var state = try decodeBoards(from: &reader, limit: bytes.count)
        if boardsOnly { return state }
        let cardCount = try reader.readCount()
        guard cardCount <= bytes.count else { throw .malformed("card count \(cardCount)", at: reader.offset) }
        if let board {
            // With one board, every card is its: room for them all at once, not by doubling.
            if state.boards.count == 1 { state.cards.reserveCapacity(roomForTail(cardCount)) }
            try decodeCards(of: board, count: cardCount, from: &reader, into: &state)
            if version >= detailsVersion { try decodeDetails(from: &reader, into: &state, limit: bytes.count, version: version) }
            return state
        }
        state.cards.reserveCapacity(roomForTail(cardCount))
        for _ in 0..<cardCount {
            prefetchSlot(ofCardAt: reader, in: &state)
            try insert(try EventCodec.decodeCard(from: &reader), into: &state, at: reader.offset)
        }
        if version >= detailsVersion { try decodeDetails(from: &reader, into: &state, limit: bytes.count, version: version) }
        let actorCount = try reader.readCount()
        for _ in 0..<actorCount {
            let name = try reader.readString()
            var stacks: [[UInt64]] = []
            for _ in 0..<2 {
                let count = try reader.readCount()
                guard count <= bytes.count else { throw .malformed("stack of \(count)", at: reader.offset) }
                var stack: [UInt64] = []
                stack.reserveCapacity(count)
                for _ in 0..<count { stack.append(try reader.readVarint()) }
                stacks.append(stack)
            }
            state.undoStacks.restore(actor: name, undo: stacks[0], redo: stacks[1])
        }
        try reader.expectEnd()
        return state
    }

    /// Adds a decoded `card` to `state`, refusing a card twice, with one probe of the table.
    private static func insert(_ card: consuming Card, into state: inout KanbanState, at offset: Int) throws(EventDecodingError) {
        let (found, slot) = state.cards.find(card.id)
        guard found == nil else { throw .malformed("card \(card.id) twice", at: offset) }
        state.cards.insertNew(card, at: slot)
    }

    /// Room for a snapshot's `count` cards and the cards the events after it add: an eighth
    /// more, so that the first cards added after a snapshot do not copy the whole table (at
    /// 117,000 cards, a tenth of `board --at`).
    static func roomForTail(_ count: Int) -> Int {
        count + count / 8 + 16
    }

    /// Reads the cards of `board` among the `count` cards at `reader` into `state`, stepping
    /// over the others. This build writes a board's cards together, but snapshots written
    /// before cards were stored column by column hold them in any order: every card is looked at.
    private static func decodeCards(
        of board: BoardID, count: Int, from reader: inout ByteReader, into state: inout KanbanState
    ) throws(EventDecodingError) {
        var column: ColumnID?
        var isBoards = false
        for _ in 0..<count {
            var peek = reader
            try peek.skip(16)
            let next = ColumnID(try peek.readIdentifier())
            if next != column {
                column = next
                isBoards = state.columns[next]?.board == board
            }
            guard isBoards else {
                try EventCodec.skipCard(from: &reader)
                continue
            }
            prefetchSlot(ofCardAt: reader, in: &state)
            try insert(try EventCodec.decodeCard(from: &reader), into: &state, at: reader.offset)
        }
    }

    /// Asks for the table slot of the card whose bytes start at `reader` (its id comes first)
    /// before the card is decoded: its strings take long enough for the slot, which misses the
    /// cache in a large table, to arrive by the time the card goes in. A hint only.
    @inline(__always)
    private static func prefetchSlot(ofCardAt reader: ByteReader, in state: inout KanbanState) {
        var peek = reader
        guard let id = try? peek.readIdentifier() else { return }
        state.cards.prefetchSlot(of: CardID(id))
    }

    /// Reads what ``encodeBoards(of:into:)`` wrote into a state with no cards and no undo
    /// stacks; `limit` bounds every count read (the size of the whole input).
    static func decodeBoards(from reader: inout ByteReader, limit: Int) throws(EventDecodingError) -> KanbanState {
        var state = KanbanState()
        state.lastSequence = try reader.readVarint()
        state.boardsCreated = try reader.readCount()
        let boardCount = try reader.readCount()
        for _ in 0..<boardCount {
            let id = BoardID(try reader.readIdentifier())
            let name = try reader.readString()
            let columnCount = try reader.readCount()
            guard columnCount <= limit else { throw .malformed("column count \(columnCount)", at: reader.offset) }
            var columns: [ColumnID] = []
            for _ in 0..<columnCount { columns.append(ColumnID(try reader.readIdentifier())) }
            guard state.boards[id] == nil else { throw .malformed("board \(id) twice", at: reader.offset) }
            state.boards[id] = Board(id: id, name: name, columns: columns)
            state.boardOrder.append(id)
        }
        let columnCount = try reader.readCount()
        for _ in 0..<columnCount {
            let id = ColumnID(try reader.readIdentifier())
            let board = BoardID(try reader.readIdentifier())
            guard state.columns[id] == nil else { throw .malformed("column \(id) twice", at: reader.offset) }
            state.columns[id] = Column(id: id, board: board, name: try reader.readString())
        }
        // What replay guarantees and `decide` relies on: every board has columns, each its own, once.
        for board in state.boards.values {
            guard !board.columns.isEmpty else { throw .malformed("board \(board.id) has no columns", at: reader.offset) }
            guard Set(board.columns).count == board.columns.count,
                  board.columns.allSatisfy({ state.columns[$0]?.board == board.id })
            else { throw .malformed("board \(board.id) lists a column that is not its own", at: reader.offset) }
        }
        return state
    }
}
