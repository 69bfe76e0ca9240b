import Foundation

/// Folds one board's log into its flow metrics (``FlowReport``): a pure fold, like
/// ``HistoryBuilder``, fed every event of the log in order (events of other boards are passed
/// over), then asked for the report.
///
/// Two views of each card are kept:
/// - **the board as it stood** — every effect applied, undos' compensations included, exactly
///   as ``KanbanState`` applies them — gives the cards per column at each day's end and at the
///   end (cumulative flow, work in progress);
/// - **the card's counted moves** give lead, cycle and time in each column. An undone move does
///   not count as a move: neither the move itself (when an `undone` event names it later, as the
///   undo stacks fold it) nor the undo's compensation. A `redone` move counts again (unless it
///   is undone in turn). Coming onto the board and leaving it (adds, deletions, bringing back,
///   an undone add or deletion, a restore's re-adds and removals) always count, when they
///   happen. So a card moved to the last column by mistake and moved back by an undo has not
///   arrived there, and its time in between counts in the column it was in before.
///
/// Times are when things happened (``RecordedEvent/validTime``): an imported history counts
/// on the days it happened, not the day it was imported. Days are local calendar days in the given time zone. The first and last columns are the
/// board's first and last at the end of the fold; a removed column keeps the name it had.
///
/// For example:
///
/// ```swift
/// var builder = FlowBuilder(board: board.id, timeZone: .current)
/// for event in events { builder.consume(event) }
/// let report = builder.report(since: nil, end: .now())
/// ```
public struct FlowBuilder {
    /// The board folded.
    public let board: BoardID
    var calendar: FlowCalendar

    /// The board's name as it stands.
    var boardName = ""
    /// Whether the board exists (created and not removed).
    var boardIsLive = false

    // Columns the board ever had, by index.
    var columnIDs: [ColumnID] = []
    var columnIndexes: [ColumnID: Int32] = [:]
    var columnNames: [String] = []
    /// The live columns, left to right.
    var columnOrder: [Int32] = []
    /// Cards per column (by index) on the board as it stands.
    var counts: [Int] = []

    // Cards the board ever had, by index.
    var cardIDs: [CardID] = []
    var cardIndexes: [CardID: Int32] = [:]
    var titles: [String] = []
    /// Each card's column on the board as it stands: -1 when it is not on the board, -2 when
    /// it stands in a column the board does not know (only a damaged log does that).
    var positions: [Int32] = []

    /// The day of the last event, and `counts` at the end of each earlier day with events.
    var currentDay: CalendarDay?
    var firstDay: CalendarDay?
    var dayEnds: [FlowDay] = []
    /// The last event's time.
    var lastTimestamp: Timestamp?

    /// Every placement, move and removal, in log order.
    var steps: [FlowStep] = []
    /// The events some `undone` event names.
    var undoneSequences: Set<UInt64> = []

    /// A builder for `board`, counting days in `timeZone`.
    public init(board: BoardID, timeZone: TimeZone) {
        self.board = board
        calendar = FlowCalendar(timeZone: timeZone)
    }

    /// Takes the next event of the log, in order; events of other boards change nothing.
    public mutating func consume(_ event: RecordedEvent) {
        guard event.board == board else { return }
        advance(to: event.validTime)
        switch event.payload {
        case .undone(let undone):
            undoneSequences.insert(undone.target)
            apply(undone.compensation, of: event, countable: false)
        default:
            apply(event.payload, of: event, countable: true)
        }
    }

    /// Moves the clock to the next event's time: when it falls on a later day, the counts as
    /// they stand are the previous day's end. (A timestamp that goes backwards, which only a
    /// damaged log has, stays in the current day.)
    mutating func advance(to timestamp: Timestamp) {
        let day = calendar.day(of: timestamp)
        if let currentDay {
            if day > currentDay {
                dayEnds.append(FlowDay(day: currentDay, counts: counts))
                self.currentDay = day
            }
        } else {
            currentDay = day
            firstDay = day
        }
        lastTimestamp = timestamp
    }

    private mutating func apply(_ payload: EventPayload, of event: RecordedEvent, countable: Bool) {
        switch payload {
        case .cardAdded(let added): place(added.card.id, in: added.card.column, title: added.card.title, by: event.sequence, at: event.validTime)
        case .cardRevived(let revived): place(revived.card.id, in: revived.card.column, title: revived.card.title, by: event.sequence, at: event.validTime)
        case .cardMoved(let moved): move(moved.card, to: moved.to, by: event.sequence, at: event.validTime, countable: countable)
        case .cardDeleted(let deleted): remove(deleted.card.id, by: event.sequence, at: event.validTime)
        case .cardEdited(let edited): retitle(edited.card, to: edited.title)
        case .cardDetail, .boardDetail: return
        case .boardCreated(let created):
            guard !boardIsLive else { return }
            var fresh: [Int32] = []
            for column in created.columns {
                guard let index = register(column) else { continue }
                if !fresh.contains(index) { fresh.append(index) }
            }
            guard !fresh.isEmpty else { return }
            boardIsLive = true
            boardName = created.name
            columnOrder = fresh
        case .boardRenamed(let renamed):
            if boardIsLive { boardName = renamed.to }
        case .boardRemoved:
            boardIsLive = false
            columnOrder = []
        case .columnAdded(let added):
            guard boardIsLive, !isLive(added.column.id), let index = register(added.column) else { return }
            columnOrder.insert(index, at: min(max(added.index, 0), columnOrder.count))
        case .columnRenamed(let renamed):
            guard let index = columnIndexes[renamed.column], columnOrder.contains(index) else { return }
            columnNames[Int(index)] = renamed.to
        case .columnRemoved(let removed):
            guard columnOrder.count > 1, let index = columnIndexes[removed.column.id],
                  let place = columnOrder.firstIndex(of: index)
            else { return }
            columnOrder.remove(at: place)
        case .columnMoved(let moved):
            guard let index = columnIndexes[moved.column.id], let place = columnOrder.firstIndex(of: index) else { return }
            columnOrder.remove(at: place)
            columnOrder.insert(index, at: min(max(moved.toIndex, 0), columnOrder.count))
        case .undone(let undone):
            // Nested in a restore or a redo: only a damaged log holds that; its effect applies,
            // and it counts as no move.
            apply(undone.compensation, of: event, countable: false)
        case .redone(let redone):
            apply(redone.effect, of: event, countable: countable)
        case .restored(let restored):
            for effect in restored.effects { apply(effect, of: event, countable: countable) }
        }
    }

    /// The card comes onto the board, when it is not on it and `column` is one of the board's
    /// live columns (as ``KanbanState`` inserts it).
    mutating func place(_ card: CardID, in column: ColumnID, title: String, by sequence: UInt64, at time: Timestamp) {
        guard let column = columnIndexes[column], columnOrder.contains(column),
              let index = self.index(of: card), positions[Int(index)] == -1
        else { return }
        positions[Int(index)] = column
        titles[Int(index)] = title
        counts[Int(column)] += 1
        steps.append(FlowStep(card: index, column: column, kind: .placed, countable: true, sequence: sequence, time: time.millisecondsSinceEpoch))
    }

    /// The card moves to `column`. (A move's title is the card's title then, which its add,
    /// its edits and its bringing back already told.)
    mutating func move(_ card: CardID, to column: ColumnID, by sequence: UInt64, at time: Timestamp, countable: Bool) {
        guard let index = cardIndexes[card] else { return }
        let from = positions[Int(index)]
        guard from != -1 else { return }
        let to = columnIndexes[column] ?? -2
        guard to != from else { return }
        if from >= 0 { counts[Int(from)] -= 1 }
        if to >= 0 { counts[Int(to)] += 1 }
        positions[Int(index)] = to
        steps.append(FlowStep(card: index, column: max(to, -1), kind: .moved, countable: countable, sequence: sequence, time: time.millisecondsSinceEpoch))
    }

    /// The card leaves the board.
    mutating func remove(_ card: CardID, by sequence: UInt64, at time: Timestamp) {
        guard let index = cardIndexes[card] else { return }
        let from = positions[Int(index)]
        guard from != -1 else { return }
        if from >= 0 { counts[Int(from)] -= 1 }
        positions[Int(index)] = -1
        steps.append(FlowStep(card: index, column: -1, kind: .removed, countable: true, sequence: sequence, time: time.millisecondsSinceEpoch))
    }

    /// The card, when on the board, is now titled `title`.
    mutating func retitle(_ card: CardID, to title: String) {
        if let index = cardIndexes[card], positions[Int(index)] != -1 { titles[Int(index)] = title }
    }

    private func isLive(_ column: ColumnID) -> Bool {
        columnIndexes[column].map(columnOrder.contains) ?? false
    }

    /// The column's index, registering it (or renaming it, when it comes back) as needed;
    /// `nil` past 2³¹ − 1 columns.
    private mutating func register(_ column: ColumnSpec) -> Int32? {
        if let index = columnIndexes[column.id] {
            columnNames[Int(index)] = column.name
            return index
        }
        guard columnIDs.count < Int32.max else { return nil }
        let index = Int32(columnIDs.count)
        columnIDs.append(column.id)
        columnIndexes[column.id] = index
        columnNames.append(column.name)
        counts.append(0)
        return index
    }

    /// The card's index, registering it as not on the board when it is new; `nil` past
    /// 2³¹ − 1 cards.
    private mutating func index(of card: CardID) -> Int32? {
        if let index = cardIndexes[card] { return index }
        guard cardIDs.count < Int32.max else { return nil }
        let index = Int32(cardIDs.count)
        cardIDs.append(card)
        cardIndexes[card] = index
        titles.append("")
        positions.append(-1)
        return index
    }
}
