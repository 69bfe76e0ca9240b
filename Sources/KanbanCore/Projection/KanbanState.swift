/// Every board, column and live card: the projection of the log that commands are decided
/// against and boards are drawn from.
///
/// It is a pure fold: `events.reduce(into: KanbanState()) { $0.apply($1) }`. Applying an event
/// costs O(1) hash-table work; the per-column order (``ColumnOrder``) is built on first need
/// by ``buildOrderIndex()`` and kept up to date after that, so replay never pays for it.
public struct KanbanState: Sendable {
    /// Boards by id.
    public internal(set) var boards: [BoardID: Board] = [:]
    /// Board ids in the order they were created.
    public internal(set) var boardOrder: [BoardID] = []
    /// Columns of every board, by id.
    public internal(set) var columns: [ColumnID: Column] = [:]
    /// Live cards of every board, by id.
    public internal(set) var cards = CardTable()
    /// The sequence number of the last event applied (0 for none).
    public internal(set) var lastSequence: UInt64 = 0
    /// How many boards were ever created; 0 means the log holds no board yet.
    public internal(set) var boardsCreated = 0
    /// What cards carry besides title, description and due date, by card id: live cards' and
    /// deleted ones' (a card brought back finds them). A card with none has no entry.
    public internal(set) var details: [CardID: CardDetails] = [:]
    /// Boards' members, labels and column limits, by board id. A board with none has no entry.
    public internal(set) var boardDetails: [BoardID: BoardDetails] = [:]
    /// Every actor's undo and redo stacks.
    public internal(set) var undoStacks = UndoStacks()
    /// Column orders, once built.
    var orders: [ColumnID: ColumnOrder]?

    public init() {}

    /// Whether the column orders are built and maintained.
    public var isOrderIndexed: Bool { orders != nil }

    /// Builds every column's order in one pass over the cards; later events keep it current.
    /// Cards decoded from a snapshot come column by column, each column's in order: then the
    /// pass looks a column up once per run and sorts nothing.
    public mutating func buildOrderIndex() {
        guard orders == nil else { return }
        var slots: [ColumnID: [OrderedSlot]] = [:]
        for column in columns.keys { slots[column] = [] }
        var runColumn: ColumnID?
        var runSlots: [OrderedSlot] = []
        for card in cards.values {
            if card.column != runColumn {
                if let column = runColumn { slots[column] = runSlots }
                runColumn = card.column
                runSlots = slots.removeValue(forKey: card.column) ?? []
            }
            runSlots.append(card.slot)
        }
        if let column = runColumn { slots[column] = runSlots }
        orders = slots.mapValues(ColumnOrder.init)
    }
}
