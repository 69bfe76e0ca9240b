import Foundation
import KanbanCore
import PropertyBased
import Testing

/// Events that happened before they were appended (``RecordedEvent/happenedAt``): format
/// version 3 and every reader of it — the decoder, the peeks, replay's and the flow's fast paths,
/// the history's filter.
struct BackdatedEventTests {
    /// When the imported events of these tests were appended: 2030-01-01T00:00:00Z.
    static let importTime = Timestamp(millisecondsSinceEpoch: 1_893_456_000_000)

    /// `events` as an import appends them: at `importTime`, each with the time it happened.
    static func imported(_ events: [RecordedEvent]) -> [RecordedEvent] {
        events.map { event in
            var copy = event
            copy.happenedAt = event.timestamp
            copy.timestamp = importTime
            return copy
        }
    }

    @Test("A backdated event round-trips as version 2's (or 4's) bytes, version 3 (or 5), and the time it happened", arguments: EventKind.allCases)
    func roundTrip(kind: EventKind) async {
        await propertyCheck(count: 200, input: RandomEvents.generator(of: kind)) { event throws in
            var backdated = event
            backdated.happenedAt = Timestamp(millisecondsSinceEpoch: Int64(bitPattern: event.sequence))
            let plain = EventCodec.encode(event)
            let bytes = EventCodec.encode(backdated)
            // Version 2 and 3, or (an event carrying a comment edit) 4 and 5.
            #expect(plain.first == EventCodec.formatVersion || plain.first == EventCodec.markedFormatVersion)
            #expect(bytes.first == (plain.first == EventCodec.formatVersion ? EventCodec.backdatedFormatVersion : EventCodec.markedBackdatedFormatVersion))
            #expect(bytes.count == plain.count + 8)
            #expect(bytes[1..<plain.count] == plain[1...])
            #expect(Array(bytes.suffix(8)) == withUnsafeBytes(of: Int64(bitPattern: event.sequence).littleEndian) { Array($0) })
            let decoded = try EventCodec.decode(bytes, sequence: event.sequence)
            #expect(decoded == backdated)
            #expect(decoded.validTime == backdated.happenedAt)
            bytes.withUnsafeBytes { buffer in
                let head = EventCodec.peekEnvelope(buffer)
                #expect(head?.happenedAt == backdated.happenedAt && head?.timestamp == event.timestamp)
                #expect(EventCodec.peekTimestamp(buffer) == event.timestamp)
                #expect(EventCodec.peekKind(buffer) == kind)
                let card = plain.withUnsafeBytes { EventCodec.peekCard($0) }
                #expect(EventCodec.peekCard(buffer) == card)
            }
        }
    }

    @Test("An event without happenedAt keeps version 2 and its valid time is its timestamp")
    func plainStaysVersion2() throws {
        var random = SeededGenerator(seed: 5)
        let event = RandomEvents.event(of: .cardMoved, using: &random)
        #expect(event.happenedAt == nil && event.validTime == event.timestamp)
        let bytes = EventCodec.encode(event)
        #expect(bytes.first == 2)
        bytes.withUnsafeBytes { buffer in
            let (body, happenedAt) = EventCodec.splitTrailer(buffer)
            #expect(body.count == buffer.count && happenedAt == nil)
            #expect(EventCodec.peekEnvelope(buffer)?.happenedAt == nil)
        }
    }

    @Test("splitTrailer takes 8 bytes off version 3 only, and only when at least 9 are there")
    func splitTrailer() {
        let nine: [UInt8] = [3, 1, 0, 0, 0, 0, 0, 0, 0]
        nine.withUnsafeBytes { buffer in
            let (body, happenedAt) = EventCodec.splitTrailer(buffer)
            #expect(Array(body) == [3] && happenedAt == Timestamp(millisecondsSinceEpoch: 1))
        }
        let eight: [UInt8] = [3, 1, 0, 0, 0, 0, 0, 0]
        eight.withUnsafeBytes { buffer in
            let (body, happenedAt) = EventCodec.splitTrailer(buffer)
            #expect(body.count == 8 && happenedAt == nil)
        }
        let version2: [UInt8] = [2, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        version2.withUnsafeBytes { buffer in
            #expect(EventCodec.splitTrailer(buffer).happenedAt == nil)
        }
        #expect(throws: EventDecodingError.self) { try EventCodec.decode([3], sequence: 1) }
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(eight, sequence: 1) }
    }

    @Test("Every truncation of a backdated event is an error for the decoder and replay's fast path, and no trap anywhere", arguments: EventKind.allCases)
    func truncated(kind: EventKind) throws {
        var random = SeededGenerator(seed: UInt64(kind.rawValue))
        var event = RandomEvents.event(of: kind, using: &random)
        event.happenedAt = Timestamp(millisecondsSinceEpoch: -5)
        let bytes = EventCodec.encode(event)
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: EventDecodingError.self) { try EventCodec.decode(prefix, sequence: 1) }
            var state = KanbanState()
            var flow = FlowBuilder(board: event.board, timeZone: TimeZone(identifier: "UTC")!)
            prefix.withUnsafeBytes { buffer in
                #expect((try? state.apply(encoded: buffer, sequence: 1)) == nil)
                _ = try? flow.consume(encoded: buffer, sequence: 1)
                _ = EventCodec.peekEnvelope(buffer)
                _ = EventCodec.peekCard(buffer)
            }
        }
    }

    /// A board's work over four days of March 2026, with an edit, a delete, a revive, an undo
    /// and a redo: the history an import brings in.
    static func work() throws -> Fold {
        var fold = Fold()
        let a = try fold.add("a", at: Fold.moment(day: 0, hour: 9))
        let b = try fold.add("b", at: Fold.moment(day: 0, hour: 10))
        try fold.move(a, to: "DOING", at: Fold.moment(day: 1, hour: 9))
        try fold.run(.editCard(board: "main", card: b.description, title: "b2"), at: Fold.moment(day: 1, hour: 10))
        try fold.move(a, to: "DONE", at: Fold.moment(day: 2, hour: 9))
        try fold.move(b, to: "DONE", at: Fold.moment(day: 2, hour: 10))
        try fold.undo(at: Fold.moment(day: 2, hour: 11))
        try fold.redo(at: Fold.moment(day: 2, hour: 12))
        try fold.run(.deleteCard(board: "main", card: b.description), at: Fold.moment(day: 3, hour: 9))
        fold.clock = Fold.moment(day: 3, hour: 10) - 1000
        try fold.revive(b.description, index: 0, as: "tester")
        return fold
    }

    @Test("Replay's fast path folds backdated bytes as the full decoder does, and returns when they were appended")
    func replayFastPath() throws {
        let fold = try Self.work()
        var fast = KanbanState()
        var slow = KanbanState()
        for event in Self.imported(fold.events) {
            let timestamp = try EventCodec.encode(event).withUnsafeBytes { buffer in
                try fast.apply(encoded: buffer, sequence: event.sequence)
            }
            #expect(timestamp == Self.importTime)
            slow.apply(try EventCodec.decode(EventCodec.encode(event), sequence: event.sequence))
        }
        #expect(StateParts(fast) == StateParts(slow))
        #expect(StateParts(fast) == StateParts(fold.state))
        #expect(fast.undoStacks == fold.state.undoStacks)
    }

    @Test("The flow of an imported history counts the days it happened, decoded and from its bytes alike")
    func flowUsesValidTime() throws {
        let fold = try Self.work()
        let board = fold.main.id
        let utc = TimeZone(identifier: "UTC")!
        let end = Timestamp(millisecondsSinceEpoch: Fold.moment(day: 5))
        var native = FlowBuilder(board: board, timeZone: utc)
        for event in fold.events { native.consume(event) }
        var decoded = FlowBuilder(board: board, timeZone: utc)
        var encoded = FlowBuilder(board: board, timeZone: utc)
        for event in Self.imported(fold.events) {
            decoded.consume(event)
            try EventCodec.encode(event).withUnsafeBytes { try encoded.consume(encoded: $0, sequence: event.sequence) }
        }
        let expected = native.report(since: nil, end: end)
        #expect(expected.days.first?.day.description == "2026-03-01")
        #expect(expected.cards.count == 2)
        #expect(decoded.report(since: nil, end: end) == expected)
        #expect(encoded.report(since: nil, end: end) == expected)
    }

    @Test("History entries carry when it happened, and when it was appended only when that differs; the filter compares when it happened")
    func historyUsesValidTime() throws {
        let fold = try Self.work()
        let since = Timestamp(millisecondsSinceEpoch: Fold.moment(day: 1))
        let until = Timestamp(millisecondsSinceEpoch: Fold.moment(day: 2, hour: 12))
        var builder = HistoryBuilder(filter: HistoryFilter(since: since, until: until), language: .english)
        for event in Self.imported(fold.events) { builder.consume(event) }
        let expected = fold.events.filter { $0.timestamp >= since && $0.timestamp <= until }
        #expect(builder.result.map(\.sequence) == expected.map(\.sequence))
        #expect(builder.result.map(\.timestamp) == expected.map(\.timestamp))
        #expect(builder.result.allSatisfy { $0.recorded == Self.importTime })
        var plain = HistoryBuilder(filter: HistoryFilter(), language: .english)
        for event in fold.events { plain.consume(event) }
        #expect(plain.result.allSatisfy { $0.recorded == nil })
    }

    @Test("A deleted card's time is when the deletion happened")
    func deletedCardTime() throws {
        let fold = try Self.work()
        let deletion = try #require(Self.imported(fold.events).first { $0.payload.kind == .cardDeleted })
        let deleted = try #require(DeletedCard.deletions(in: deletion).first)
        #expect(deleted.timestamp == deletion.happenedAt)
    }
}
