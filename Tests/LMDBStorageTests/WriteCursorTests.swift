import Testing
@testable import LMDBStorage

struct WriteCursorTests {
    @Test("Puts through one write cursor, in order, out of order and over existing keys, read back as plain puts would")
    func putsReadBack() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)

        // Enough keys to split pages many times; ascending first (the cursor's cheap path),
        // then a shuffled second pass that overwrites half of them and adds new ones between.
        let ascending: [[UInt8]] = (0..<20_000).map { index in withUnsafeBytes(of: UInt32(index * 2).bigEndian) { Array($0) } }
        var random = SystemRandomNumberGenerator()
        let second: [[UInt8]] = ((0..<10_000).map { ascending[$0 * 2] } + (0..<5_000).map { index in
            withUnsafeBytes(of: UInt32(index * 8 + 1).bigEndian) { Array($0) }
        }).shuffled(using: &random)
        try environment.write { transaction throws in
            try transaction.withWriteCursor(on: database) { cursor in
                for key in ascending { try cursor.put(key + [1], forKey: key) }
            }
            try transaction.withWriteCursor(on: database) { cursor in
                for key in second { try cursor.put(key + [2], forKey: key) }
            }
        }
        var expected: [[UInt8]: [UInt8]] = [:]
        for key in ascending { expected[key] = key + [1] }
        for key in second { expected[key] = key + [2] }

        let stored = try environment.read { transaction throws in
            try transaction.withCursor(on: database) { cursor -> [([UInt8], [UInt8])] in
                var stored: [([UInt8], [UInt8])] = []
                var entry = try cursor.first()
                while let current = entry {
                    stored.append((Array(current.key), Array(current.value)))
                    entry = try cursor.next()
                }
                return stored
            }
        }
        #expect(stored.count == expected.count)
        #expect(stored.map(\.0) == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(stored.allSatisfy { expected[$0.0] == $0.1 })
    }

    @Test("A write cursor's put refused (noOverwrite on a key that is there) throws and keeps the old value")
    func refusedPut() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let (environment, database) = (scratch.environment, scratch.database)
        try environment.write { transaction throws in
            try transaction.withWriteCursor(on: database) { cursor in
                try cursor.put([1], forKey: [7])
                #expect(throws: LMDBError.self) { try cursor.put([2], forKey: [7], flags: .noOverwrite) }
            }
        }
        let value = try environment.read { transaction throws in try transaction.value(forKey: [7], in: database) }
        #expect(value == [1])
    }
}
