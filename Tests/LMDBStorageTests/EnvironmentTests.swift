import Foundation
import KanbanTestSupport
import Synchronization
import Testing
@testable import LMDBStorage

struct EnvironmentTests {
    @Test("Opening the same directory twice returns the same environment")
    func openTwiceSharesTheInstance() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("db")
        let first = try Environment.open(path: path)
        let second = try Environment.open(path: path)
        let respelled = try Environment.open(path: path + "/./")
        #expect(first === second)
        #expect(first === respelled)
        #expect(first.path == URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    }

    @Test("A directory reached through a symbolic link is the same environment")
    func symlinkSharesTheInstance() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("db")
        let first = try Environment.open(path: path)
        try FileManager.default.createSymbolicLink(atPath: directory.appending("link"), withDestinationPath: path)
        let second = try Environment.open(path: directory.appending("link"))
        #expect(first === second)
    }

    @Test("Opening creates the directory, and data written survives closing and reopening")
    func reopenKeepsData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("nested/db")
        do {
            let environment = try Environment.open(path: path)
            let database = try environment.database(named: "things")
            try environment.write { try $0.put(Array("value".utf8), forKey: [1], in: database) }
        }
        #expect(FileManager.default.fileExists(atPath: path + "/data.mdb"))
        let environment = try Environment.open(path: path)
        let database = try environment.database(named: "things")
        let value = try environment.read { try $0.value(forKey: [1], in: database) }
        #expect(value == Array("value".utf8))
    }

    @Test("A data.mdb that is not an LMDB file is refused with MDB_INVALID")
    func foreignDataFileIsInvalid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "this is not an LMDB environment\n", count: 512).utf8)
        try garbage.write(to: URL(fileURLWithPath: path + "/data.mdb"))
        #expect(throws: LMDBError.invalid) { try Environment.open(path: path) }
        // The file is left alone.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "/data.mdb")) == garbage)
    }

    @Test("A regular file as the path is refused with ENOTDIR")
    func regularFileIsNotADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("file")
        try Data("plain".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: LMDBError.self) { try Environment.open(path: path) }
        #expect(error?.code == ENOTDIR)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("plain".utf8))
    }

    @Test("A 64 KiB map grows by itself while several MB are written")
    func tinyMapGrows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try Environment.open(path: directory.appending("db"), options: EnvironmentOptions(mapSize: 64 * 1024))
        let database = try environment.database(named: "blobs")
        let initialMap = environment.info().mapSize

        // Many small transactions of 1 KiB values…
        let value = [UInt8](repeating: 0xAB, count: 1024)
        for batch in 0..<64 {
            try environment.write { transaction throws in
                for item in 0..<64 {
                    let key = withUnsafeBytes(of: UInt32(batch * 64 + item).bigEndian, Array.init)
                    try transaction.put(value, forKey: key, in: database)
                }
            }
        }
        // …and one transaction of a single 2 MiB value.
        let large = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try environment.write { try $0.put(large, forKey: Array("large".utf8), in: database) }

        let info = environment.info()
        #expect(initialMap <= 64 * 1024 * 2)
        #expect(info.mapSize >= 6 << 20)
        #expect(info.fileSize > 6 << 20)
        #expect(info.fileSize <= info.mapSize)
        try environment.read { transaction throws in
            #expect(try transaction.statistics(of: database).entries == 64 * 64 + 1)
            #expect(try transaction.value(forKey: Array("large".utf8), in: database) == large)
            let key = withUnsafeBytes(of: UInt32(4095).bigEndian, Array.init)
            #expect(try transaction.value(forKey: key, in: database) == value)
        }
    }

    @Test("Sizes asked for on one thread while another grows the map: the map is never read while it moves")
    func infoWhileTheMapGrows() throws {
        // `generate` crashed once in `mdb_env_info`, reading the meta pages of a map its
        // snapshot thread's write had just moved. Each round grows a fresh 64 KiB map nine times
        // while this thread asks for its sizes (and syncs) as fast as it can.
        for round in 0..<12 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let environment = try Environment.open(
                path: directory.appending("db"), options: EnvironmentOptions(mapSize: 64 * 1024, durability: .noMetaSync)
            )
            let database = try environment.database(named: "blobs")
            let done = Atomic(false)
            let writer = Thread {
                defer { done.store(true, ordering: .releasing) }
                let value = [UInt8](repeating: UInt8(truncatingIfNeeded: round), count: 64 * 1024)
                for item in 0..<512 {
                    let key = withUnsafeBytes(of: UInt32(item).bigEndian, Array.init)
                    try? environment.write { try $0.put(value, forKey: key, in: database) }
                }
            }
            writer.start()
            var asked = 0
            var largest = 0
            while !done.load(ordering: .acquiring) {
                largest = max(largest, environment.info().mapSize)
                if asked % 16 == 0 { try environment.sync() }
                asked += 1
            }
            #expect(environment.info().mapSize >= 32 << 20, "round \(round): \(asked) asked, the largest map seen \(largest)")
            try environment.read { transaction throws in
                #expect(try transaction.statistics(of: database).entries == 512)
            }
        }
    }

    @Test("Named databases are created once and keep their handle")
    func namedDatabases() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try Environment.open(path: directory.appending("db"))
        let events = try environment.database(named: "events")
        let again = try environment.database(named: "events")
        let other = try environment.database(named: "other")
        #expect(events == again)
        #expect(events.handle != other.handle)
        #expect(other.name == "other")
        try environment.write { try $0.put([2], forKey: [1], in: events) }
        try environment.read { transaction throws in
            #expect(try transaction.value(forKey: [1], in: events) == [2])
            #expect(try transaction.value(forKey: [1], in: other) == nil)
        }
    }

    @Test("More named databases than maxDatabases is refused with MDB_DBS_FULL")
    func tooManyDatabases() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try Environment.open(path: directory.appending("db"), options: EnvironmentOptions(maxDatabases: 2))
        _ = try environment.database(named: "one")
        _ = try environment.database(named: "two")
        #expect(throws: LMDBError.databasesFull) { try environment.database(named: "three") }
    }

    @Test("sync() succeeds on a no-meta-sync environment and data stays readable")
    func syncWithRelaxedDurability() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try Environment.open(path: directory.appending("db"), options: EnvironmentOptions(durability: .noMetaSync))
        #expect(environment.options.durability == .noMetaSync)
        let database = try environment.database(named: "d")
        try environment.write { try $0.put([9], forKey: [9], in: database) }
        try environment.sync()
        #expect(try environment.read { try $0.value(forKey: [9], in: database) } == [9])
    }
}
