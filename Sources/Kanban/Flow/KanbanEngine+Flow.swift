import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func flow(
        board name: String,
        since: Timestamp? = nil,
        until: Timestamp? = nil,
        timeZone: TimeZone = .current,
        now: Timestamp = .now()
    ) throws -> FlowReport {
        if let since, let until {
            let (span, overflow) = until.millisecondsSinceEpoch.subtractingReportingOverflow(since.millisecondsSinceEpoch)
            let days = overflow ? Int64.max : span / 86_400_000
            if days > Limits.reportDays { throw KanbanError.spanTooLong(days: days, maximum: Limits.reportDays) }
        }
        let found: Board? = try withState { state in
            if let board = state.board(named: name) { return board }
            if DefaultBoard.isPending(name, in: state) { return nil }
            throw KanbanError.unknownBoard(name)
        }
        guard let found else {
            let zeros = DefaultBoard.columns.map { _ in 0 }
            return FlowReport(
                board: DefaultBoard.name, columns: DefaultBoard.columns, days: [], cards: [],
                lead: FlowPercentiles(of: []), cycle: FlowPercentiles(of: []), throughput: [], wip: zeros
            )
        }
        let board = found.id
        var builder = FlowBuilder(board: board, timeZone: timeZone)
        var last: Timestamp?
        let backdated = try self.store.existingBackdatedRanges()
        try read { transaction in
            // Times are when things happened. The log's own timestamps never go backwards, so
            // without backdated events (an imported history) the first event past `until` ends
            // the pass; with them, an event that happened later is passed over instead.
            let stopsAtUntil = try backdated.isEmpty(in: transaction)
            try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
                // An event whose head does not decode is decoded whole, so that its error names it.
                guard let head = EventCodec.peekEnvelope(bytes) else {
                    builder.consume(try EventLog.decode(bytes, sequence: sequence))
                    return true
                }
                if let until, head.validTime > until { return !stopsAtUntil }
                guard head.board == board else { return true }
                do throws(EventDecodingError) {
                    try builder.consume(encoded: bytes, sequence: sequence)
                } catch {
                    throw KanbanError.corruptEvent(sequence: sequence, reason: error.description)
                }
                last = head.validTime
                return true
            }
        }
        var report = builder.report(since: since, end: until ?? max(now, last ?? now))
        // As of a moment before the board was made: its name as it is now.
        if report.board.isEmpty { report.board = found.name }
        return report
    }
}
