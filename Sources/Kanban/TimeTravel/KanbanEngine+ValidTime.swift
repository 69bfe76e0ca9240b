import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func sequence(of point: PointInTime, board: BoardID?) throws -> UInt64 {
        let backdated = try self.store.existingBackdatedRanges()
        return try read { transaction in try sequence(of: point, board: board, backdated: backdated, in: transaction) }
    }

    /// As ``sequence(of:board:)``, in `transaction`. `backdated` is opened before the transaction
    /// begins (``LMDBLogStore/existingBackdatedRanges()``): LMDB cannot use a database opened after it.
    func sequence(of point: PointInTime, board: BoardID?, backdated: BackdatedRanges, in transaction: some Transaction) throws -> UInt64 {
        let appended = try sequence(of: point, in: transaction)
        guard case .moment(let moment) = point, let board else { return appended }
        var found = appended
        for range in try backdated.ranges(of: board, in: transaction) where range.upperBound > found {
            if let last = try lastSequence(in: range, happenedAtOrBefore: moment, in: transaction) { found = max(found, last) }
        }
        return found
    }

    /// The last event of `range` that happened at or before `moment`, or `nil`: a binary search,
    /// as the events of a backdated range never go backwards in the time they happened. The
    /// part of the range past the log's end is left out.
    func lastSequence(in range: ClosedRange<UInt64>, happenedAtOrBefore moment: Timestamp, in transaction: some Transaction) throws -> UInt64? {
        let start = max(range.lowerBound, 1)
        let end = min(range.upperBound, try log.lastSequence(in: transaction))
        guard start <= end else { return nil }
        var low = start - 1 // known at or before `moment` (the range's start - 1: none)
        var high = end + 1 // known after `moment`
        while high - low > 1 {
            let middle = low + (high - low) / 2
            guard let time = try log.validTime(at: middle, in: transaction) else { break }
            if time <= moment { low = middle } else { high = middle }
        }
        return low >= start ? low : nil
    }

    /// When event `sequence` happened (``KanbanCore/RecordedEvent/validTime``); `fallback` for 0
    /// (before the log) and for an event that is not there.
    func validTime(ofEvent sequence: UInt64, fallback: Timestamp, in transaction: some Transaction) throws -> Timestamp {
        guard sequence > 0 else { return fallback }
        return try log.validTime(at: sequence, in: transaction) ?? fallback
    }

    /// The id of the board named `name` now, or `nil`: from the boards and columns alone
    /// (``boardsNow(in:)``), so a look at the past does not decode the present's cards.
    func boardID(named name: String) throws -> BoardID? {
        try read { transaction in try boardsNow(in: transaction).board(named: name)?.id }
    }
}
