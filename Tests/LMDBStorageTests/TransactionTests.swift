import Foundation
import KanbanTestSupport
import Testing
@testable import LMDBStorage

/// A fresh environment with one database, removed after the test.
struct Scratch {
    let directory: TemporaryDirectory
    let environment: Environment
    let database: Database

    init(options: EnvironmentOptions = EnvironmentOptions()) throws {
        directory = try TemporaryDirectory(prefix: "lmdb-test")
        environment = try Environment.open(path: directory.appending("db"), options: options)
        database = try environment.database(named: "test")
    }
}

/// The key for `value`: 8 bytes, big-endian, so byte order is numeric order.
func key(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }

struct TransactionTests {
    @Test("put, get and delete")
    func putGetDelete() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)

        try environment.write { transaction throws in
            try transaction.put(Array("one".utf8), forKey: key(1), in: database)
            try transaction.put(Array("two".utf8), forKey: key(2), in: database)
            try transaction.put([], forKey: key(3), in: database)
        }
        try environment.read { transaction throws in
            #expect(try transaction.value(forKey: key(1), in: database) == Array("one".utf8))
            #expect(try transaction.value(forKey: key(2), in: database) == Array("two".utf8))
            #expect(try transaction.value(forKey: key(3), in: database) == [])
            #expect(try transaction.value(forKey: key(4), in: database) == nil)
            #expect(try transaction.statistics(of: database).entries == 3)
        }

        // Overwrite, then delete.
        try environment.write { transaction throws in
            try transaction.put(Array("uno".utf8), forKey: key(1), in: database)
            #expect(try transaction.delete(forKey: key(2), in: database))
            #expect(try !transaction.delete(forKey: key(2), in: database))
            #expect(try !transaction.delete(forKey: key(99), in: database))
            // A write transaction sees its own changes.
            #expect(try transaction.value(forKey: key(2), in: database) == nil)
        }
        try environment.read { transaction throws in
            #expect(try transaction.value(forKey: key(1), in: database) == Array("uno".utf8))
            #expect(try transaction.value(forKey: key(2), in: database) == nil)
            #expect(try transaction.statistics(of: database).entries == 2)
        }
    }

    @Test("withValue hands the stored bytes to its closure")
    func withValue() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { try $0.put([1, 2, 3, 4], forKey: [7], in: database) }
        let sum = try environment.read { transaction throws in
            try [UInt8(7)].withUnsafeBytes { keyBytes in
                try transaction.withValue(forKey: keyBytes, in: database) { $0.reduce(0) { $0 + Int($1) } }
            }
        }
        #expect(sum == 10)
    }

    @Test("A write whose body throws is aborted: nothing it put is kept")
    func throwingBodyAborts() throws {
        struct Stop: Error {}
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { try $0.put([1], forKey: key(1), in: database) }
        #expect(throws: Stop.self) {
            try environment.write { transaction throws in
                try transaction.put([2], forKey: key(2), in: database)
                _ = try transaction.delete(forKey: key(1), in: database)
                throw Stop()
            }
        }
        try environment.read { transaction throws in
            #expect(try transaction.value(forKey: key(1), in: database) == [1])
            #expect(try transaction.value(forKey: key(2), in: database) == nil)
        }
    }

    @Test("MDB_APPEND accepts keys in order and refuses one out of order with keyExists")
    func appendOutOfOrder() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { transaction throws in
            for sequence in UInt64(1)...100 {
                try transaction.put(Array("event \(sequence)".utf8), forKey: key(sequence), in: database, flags: .append)
            }
        }
        // Lower than the last key, equal to it, and lower by a lot: all refused.
        for sequence in [UInt64(50), 100, 1] {
            #expect(throws: LMDBError.keyExists) {
                try environment.write { try $0.put([0], forKey: key(sequence), in: database, flags: .append) }
            }
        }
        // The pattern match works in a catch clause too.
        var caught = false
        do {
            try environment.write { try $0.put([0], forKey: key(3), in: database, flags: .append) }
        } catch LMDBError.keyExists {
            caught = true
        }
        #expect(caught)
        try environment.write { try $0.put([1], forKey: key(101), in: database, flags: .append) }
        try environment.read { transaction throws in
            #expect(try transaction.statistics(of: database).entries == 101)
            #expect(try transaction.value(forKey: key(50), in: database) == Array("event 50".utf8))
        }
    }

    @Test("noOverwrite refuses an existing key with keyExists and keeps the old value")
    func noOverwrite() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { try $0.put([1], forKey: [5], in: database, flags: .noOverwrite) }
        #expect(throws: LMDBError.keyExists) {
            try environment.write { try $0.put([2], forKey: [5], in: database, flags: .noOverwrite) }
        }
        #expect(try environment.read { try $0.value(forKey: [5], in: database) } == [1])
    }

    @Test("A read transaction sees a snapshot: writes committed after it began stay invisible")
    func readSnapshotIsolation() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { try $0.put([1], forKey: key(1), in: database) }
        let finished = DispatchSemaphore(value: 0)
        let entriesSeen = try environment.read { transaction -> Int in
            // Another thread commits while this read is open.
            Thread.detachNewThread {
                try? environment.write { try $0.put([2], forKey: key(2), in: database) }
                finished.signal()
            }
            finished.wait()
            return try transaction.statistics(of: database).entries
        }
        #expect(entriesSeen == 1)
        #expect(try environment.read { try $0.statistics(of: database).entries } == 2)
    }

    @Test("LMDBError carries LMDB's code and message")
    func errorDescription() {
        let error = LMDBError.keyExists
        #expect(error.code == -30799)
        #expect(error.message.contains("MDB_KEYEXIST"))
        #expect(LMDBError.mapFull ~= LMDBError.mapFull)
        #expect(!(LMDBError.mapFull ~= LMDBError.keyExists))
        #expect(!(LMDBError.mapFull ~= CocoaError(.fileNoSuchFile)))
    }
}
