import Foundation
import KanbanCore
import Testing

extension Fold {
    /// 2026-03-01T00:00:00Z, a Sunday.
    static let flowStart: Int64 = 1_772_323_200_000

    /// `hour` o'clock UTC on the `day`-th day after 2026-03-01.
    static func moment(day: Int64, hour: Int64 = 0) -> Int64 {
        flowStart + day * 86_400_000 + hour * 3_600_000
    }

    /// Runs `command` with every event it appends stamped at `time`.
    @discardableResult
    mutating func run(_ command: Command, at time: Int64) throws(KanbanError) -> [RecordedEvent] {
        let decided = try Decider.decide(command, in: state, ids: &ids)
        return decided.map { event in
            clock = time - 1000
            return append(event, actor: actor)
        }
    }

    /// Adds a card at `time` and returns its id.
    mutating func add(_ title: String, column: String? = nil, board: String = DefaultBoard.name, at time: Int64) throws(KanbanError) -> CardID {
        let recorded = try run(.addCard(board: board, title: title, column: column), at: time)
        guard case .cardAdded(let added)? = recorded.last?.payload else { preconditionFailure("an add decided no card") }
        return added.card.id
    }

    /// Moves `card` to `column` at `time`.
    mutating func move(_ card: CardID, to column: String, board: String = DefaultBoard.name, at time: Int64) throws(KanbanError) {
        try run(.moveCard(board: board, card: card.description, column: column), at: time)
    }

    /// Undoes `actor`'s last action at `time`.
    mutating func undo(_ actor: String = "tester", at time: Int64) throws(KanbanError) {
        clock = time - 1000
        try undo(actor)
    }

    /// Redoes `actor`'s last undo at `time`.
    mutating func redo(_ actor: String = "tester", at time: Int64) throws(KanbanError) {
        clock = time - 1000
        try redo(actor)
    }

    /// The flow report of `board` over the whole log, days in UTC unless told otherwise.
    /// `events`: the first that many events only. The events are folded twice, decoded and
    /// from their bytes (the engine's fast path), and the two reports expected equal.
    func flow(
        board: String = DefaultBoard.name, since: Int64? = nil, end: Int64, events count: Int? = nil,
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FlowReport {
        let id = state.board(named: board)!.id
        var decoded = FlowBuilder(board: id, timeZone: timeZone)
        var encoded = FlowBuilder(board: id, timeZone: timeZone)
        for event in events.prefix(count ?? events.count) {
            decoded.consume(event)
            let bytes = EventCodec.encode(event)
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                try bytes.withUnsafeBytes { try encoded.consume(encoded: $0, sequence: event.sequence) }
            }
        }
        let since = since.map(Timestamp.init(millisecondsSinceEpoch:))
        let report = decoded.report(since: since, end: Timestamp(millisecondsSinceEpoch: end))
        #expect(encoded.report(since: since, end: Timestamp(millisecondsSinceEpoch: end)) == report, "the fast path folds otherwise", sourceLocation: sourceLocation)
        return report
    }
}
