import Testing
@testable import LMDBStorage

struct CursorTests {
    @Test("A cursor walks keys in byte order, forwards and backwards, whatever the insertion order")
    func iterationOrder() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)

        var random = SystemRandomNumberGenerator()
        let keys: [[UInt8]] = (0..<300).map { _ in
            (0..<Int.random(in: 1...6, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        } + [[0], [0, 0], [255], [255, 255], [1, 2, 3]]
        let unique = Array(Set(keys))
        try environment.write { transaction throws in
            for key in unique.shuffled() { try transaction.put(key + [0xEE], forKey: key, in: database) }
        }
        let sorted = unique.sorted { $0.lexicographicallyPrecedes($1) }

        let (forwards, backwards) = try environment.read { transaction throws in
            try transaction.withCursor(on: database) { cursor -> ([[UInt8]], [[UInt8]]) in
                var forwards: [[UInt8]] = []
                var entry = try cursor.first()
                while let current = entry {
                    #expect(Array(current.value) == Array(current.key) + [0xEE])
                    forwards.append(Array(current.key))
                    entry = try cursor.next()
                }
                var backwards: [[UInt8]] = []
                entry = try cursor.last()
                while let current = entry {
                    backwards.append(Array(current.key))
                    entry = try cursor.previous()
                }
                return (forwards, backwards)
            }
        }
        #expect(forwards == sorted)
        #expect(backwards == sorted.reversed())
    }

    @Test("seek(atLeast:) finds the first key not below the one given")
    func seek() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { transaction throws in
            for value in stride(from: UInt64(10), through: 100, by: 10) {
                try transaction.put([UInt8(value)], forKey: key(value), in: database)
            }
        }
        func seek(_ value: UInt64) throws -> UInt8? {
            try environment.read { transaction throws in
                try transaction.withCursor(on: database) { cursor in
                    try key(value).withUnsafeBytes { try cursor.seek(atLeast: $0) }.map { $0.value[0] }
                }
            }
        }
        #expect(try seek(0) == 10)
        #expect(try seek(10) == 10)
        #expect(try seek(11) == 20)
        #expect(try seek(100) == 100)
        #expect(try seek(101) == nil)
    }

    @Test("An empty database has no first or last entry")
    func emptyDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        try scratch.environment.read { transaction throws in
            try transaction.withCursor(on: scratch.database) { cursor throws in
                #expect(try cursor.first() == nil)
                #expect(try cursor.last() == nil)
            }
        }
    }
}
