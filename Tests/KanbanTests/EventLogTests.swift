import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

struct EventLogTests {
    static func event(_ sequence: UInt64) -> RecordedEvent {
        RecordedEvent(
            sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: Int64(sequence)), actor: "log",
            id: EventID(Identifier(high: sequence, low: 1)), board: BoardID(Identifier(high: 0, low: 1)),
            payload: .boardRenamed(BoardRenamed(from: "a\(sequence)", to: "b\(sequence)"))
        )
    }

    static func withLog(_ body: (EventLog) throws -> Void) throws {
        let directory = try TemporaryDirectory(prefix: "event-log")
        defer { directory.remove() }
        try body(EventLog(environment: Environment.open(path: directory.appending("db"))))
    }

    @Test("An empty log has no events and last sequence 0")
    func emptyLog() throws {
        try Self.withLog { log in
            try log.environment.read { transaction throws in
                #expect(try log.count(in: transaction) == 0)
                #expect(try log.lastSequence(in: transaction) == 0)
            }
        }
    }

    @Test("Events are appended in sequence and read back in order, from any point, until told to stop")
    func appendAndRead() throws {
        try Self.withLog { log in
            try log.environment.write { transaction throws in
                for sequence in UInt64(1)...300 { try log.append(Self.event(sequence), in: transaction) }
            }
            try log.environment.read { transaction throws in
                #expect(try log.count(in: transaction) == 300)
                #expect(try log.lastSequence(in: transaction) == 300)
                var all: [RecordedEvent] = []
                try log.forEach(after: 0, in: transaction) { all.append($0); return true }
                #expect(all == (1...300).map(Self.event))
                var tail: [UInt64] = []
                try log.forEach(after: 295, in: transaction) { tail.append($0.sequence); return true }
                #expect(tail == [296, 297, 298, 299, 300])
                var firstThree: [UInt64] = []
                try log.forEach(after: 10, in: transaction) { firstThree.append($0.sequence); return firstThree.count < 3 }
                #expect(firstThree == [11, 12, 13])
                var none = 0
                try log.forEach(after: 300, in: transaction) { _ in none += 1; return true }
                try log.forEach(after: .max, in: transaction) { _ in none += 1; return true }
                #expect(none == 0)
                var raw: [UInt64] = []
                try log.forEachRaw(after: 298, in: transaction) { sequence, bytes throws in
                    #expect(try EventCodec.decode(bytes, sequence: sequence) == Self.event(sequence))
                    raw.append(sequence)
                    return true
                }
                #expect(raw == [299, 300])
            }
        }
    }

    @Test("Appending a sequence number that does not follow the last is refused with keyExists")
    func appendOutOfOrder() throws {
        try Self.withLog { log in
            try log.environment.write { transaction throws in
                for sequence in UInt64(1)...5 { try log.append(Self.event(sequence), in: transaction) }
            }
            for sequence in [UInt64(5), 3, 1] {
                #expect(throws: LMDBError.keyExists) {
                    try log.environment.write { try log.append(Self.event(sequence), in: $0) }
                }
            }
            try log.environment.read { transaction throws in
                var events: [RecordedEvent] = []
                try log.forEach(after: 0, in: transaction) { events.append($0); return true }
                #expect(events == (1...5).map(Self.event))
            }
        }
    }

    @Test("A key that is not an 8-byte sequence number is reported as corrupt")
    func foreignKey() throws {
        try Self.withLog { log in
            try log.environment.write { try $0.put([1], forKey: [1, 2, 3], in: log.database) }
            #expect(throws: KanbanError.self) {
                try log.environment.read { transaction in try log.forEach(after: 0, in: transaction) { _ in true } }
            }
        }
    }

    @Test("The log is the named database 'events'")
    func databaseName() throws {
        try Self.withLog { log in #expect(log.database.name == "events") }
    }
}
