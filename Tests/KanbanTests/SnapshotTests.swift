import Foundation
@testable import Kanban
@testable import KanbanCore
import KanbanTestSupport
import LMDBStorage
import PropertyBased
import Testing

/// Snapshots are a cache: a snapshot plus the events after it builds the same state as the
/// whole log, and a damaged one is skipped without changing the result.
struct SnapshotTests {
    /// A database with `events` events of random commands (several actors, undos included),
    /// no automatic snapshots, and warnings collected.
    struct Fixture {
        let directory: TemporaryDirectory
        let path: String
        let engine: KanbanEngine
        let warnings: Locked<[String]>

        init(events: Int, seed: UInt64, interval: Int = 0) throws {
            directory = try TemporaryDirectory(prefix: "kanban-snapshots")
            path = directory.appending("db")
            let warnings = Locked<[String]>([])
            self.warnings = warnings
            engine = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: interval, warn: { message in
                warnings.withLock { $0.append(message) }
            }))
            var random = SeededGenerator(seed: seed)
            let actors = ["ana", "bo", "cy"]
            while try engine.statistics().lastSequence < UInt64(events) {
                let actor = actors[Int.random(in: 0..<actors.count, using: &random)]
                if Int.random(in: 0..<10, using: &random) == 0 {
                    _ = try? engine.undo(actor: actor)
                } else {
                    let command = try engine.withState { RandomCommands.next(in: $0, using: &random) }
                    _ = try? engine.execute(command, actor: actor)
                }
            }
        }

        /// The state folded from the whole log, decoding every event, up to `sequence`.
        func fullReplay(upTo sequence: UInt64 = .max) throws -> KanbanState {
            var state = KanbanState()
            for event in try engine.events() where event.sequence <= sequence { state.apply(event) }
            return state
        }

        /// Stores a snapshot of the state after `sequence`, built from the log alone.
        func storeSnapshot(at sequence: UInt64) throws {
            let state = try fullReplay(upTo: sequence)
            let timestamp = try engine.events(after: sequence - 1, limit: 1).first!.timestamp
            try engine.store(state, timestamp: timestamp)
        }

        /// Replaces the value of snapshot `sequence` with `change(value)`.
        func damageSnapshot(at sequence: UInt64, _ change: (inout [UInt8]) -> Void) throws {
            let key = withUnsafeBytes(of: sequence.bigEndian, Array.init)
            try engine.log.environment.write { transaction in
                var value = try #require(try transaction.value(forKey: key, in: engine.snapshotStore.database))
                change(&value)
                try transaction.put(value, forKey: key, in: engine.snapshotStore.database)
            }
        }
    }

    @Test("A snapshot plus its tail equals full replay, at random cut points")
    func snapshotPlusTail() async throws {
        await propertyCheck(count: 12, input: Gen.uint64()) { seed throws in
            let fixture = try Fixture(events: 150, seed: seed)
            defer { fixture.directory.remove() }
            var random = SeededGenerator(seed: seed)
            let last = try fixture.engine.statistics().lastSequence
            let cut = UInt64.random(in: 1...last, using: &random)
            try fixture.storeSnapshot(at: cut)
            // Before the cut too: a snapshot past the moment asked for is no warning.
            for target in [UInt64.random(in: 1...cut, using: &random), cut, UInt64.random(in: cut...last, using: &random), last] {
                let built = try fixture.engine.timeTravel.state(atSequence: target).state
                let replayed = try fixture.fullReplay(upTo: target)
                #expect(built.firstDifference(from: replayed) == nil, "cut \(cut), target \(target)")
                #expect(StateSnapshot(built) == StateSnapshot(replayed))
            }
            let report = try fixture.engine.replay()
            #expect(report.snapshot == cut)
            #expect(report.tailEvents == Int(last - cut))
            #expect(try fixture.engine.withState { $0.firstDifference(from: try fixture.fullReplay()) } == nil)
            #expect(try fixture.engine.verify().firstDifference == nil)
            #expect(fixture.warnings.withLock { $0 }.isEmpty)
        }
    }

    @Test("A snapshot lists cards column by column, each column's in order: the bytes do not depend on the card table's order, and the decoded order index equals replay's")
    func cardsInColumnOrder() throws {
        let fixture = try Fixture(events: 400, seed: 7)
        defer { fixture.directory.remove() }
        // Replay leaves the card table in the order of adds, with deletions moving cards around.
        var replayed = try fixture.fullReplay()
        let bytes = StateCodec.encode(replayed)
        var decoded = try bytes.withUnsafeBytes { try StateCodec.decode($0) }
        #expect(decoded.firstDifference(from: replayed) == nil)
        #expect(StateCodec.encode(decoded) == bytes)
        var runs: [ColumnID] = []
        for (previous, card) in zip([nil] + decoded.cards.values.map(Optional.some), decoded.cards.values) {
            if previous?.column != card.column {
                runs.append(card.column)
            } else if let previous {
                #expect(previous.slot < card.slot, "cards of one column in order")
            }
        }
        #expect(Set(runs).count == runs.count, "each column's cards in one run")
        #expect(runs.count > 1)
        replayed.buildOrderIndex()
        decoded.buildOrderIndex()
        for column in replayed.columns.keys {
            #expect(decoded.order(of: column) == replayed.order(of: column))
        }
    }

    @Test("A state encodes to the same bytes with its order index (cards written in its order, where they lie) as without it (cards sorted), and an index that disagrees with the cards is not followed")
    func encodingFollowsTheOrderIndex() throws {
        let fixture = try Fixture(events: 400, seed: 7)
        defer { fixture.directory.remove() }
        let plain = try fixture.fullReplay()
        #expect(!plain.isOrderIndexed)
        let bytes = StateCodec.encode(plain)
        var indexed = plain
        indexed.buildOrderIndex()
        #expect(StateCodec.encode(indexed) == bytes)
        // An index kept up event by event, as the writer keeps it.
        var maintained = KanbanState()
        maintained.buildOrderIndex()
        for event in try fixture.engine.events() { maintained.apply(event) }
        #expect(StateCodec.encode(maintained) == bytes)
        // An index that lost a card, or has two cards in each other's places, is passed over
        // for sorting.
        let column = try #require(indexed.orders?.first { $0.value.count > 2 }?.key)
        var short = indexed
        short.orders?[column] = ColumnOrder(Array(indexed.order(of: column).slots.dropFirst()))
        #expect(StateCodec.encode(short) == bytes)
        var swapped = indexed
        var slots = indexed.order(of: column).slots
        (slots[0].card, slots[1].card) = (slots[1].card, slots[0].card)
        swapped.orders?[column] = ColumnOrder(slots)
        #expect(StateCodec.encode(swapped) == bytes)
    }

    @Test("A snapshot of format 1 (FNV-1a checksum) is still read, and still refused when damaged")
    func formatOneStillRead() throws {
        let fixture = try Fixture(events: 120, seed: 9)
        defer { fixture.directory.remove() }
        try fixture.storeSnapshot(at: 100)
        // Format 1's value: the same bytes with version 1 and FNV-1a over the state.
        try fixture.damageSnapshot(at: 100) { value in
            value[4] = 1
            let checksum = Array(value[SnapshotStore.headerSize...]).withUnsafeBytes(Checksum.fnv1a)
            withUnsafeBytes(of: checksum.littleEndian) { value.replaceSubrange(22..<30, with: $0) }
        }
        let fresh = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0))
        let report = try fresh.replay()
        #expect(report.snapshot == 100)
        #expect(try fresh.withState { $0.firstDifference(from: try fixture.fullReplay()) } == nil)
        #expect(try fresh.verify().firstDifference == nil)

        try fixture.damageSnapshot(at: 100) { $0[$0.count - 1] ^= 0x01 }
        let logEnd = try fixture.engine.statistics().lastSequence
        let stored = try #require(try fixture.engine.log.environment.read { transaction in
            try transaction.value(forKey: withUnsafeBytes(of: UInt64(100).bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
        })
        #expect(throws: SnapshotError.checksumMismatch) { try stored.withUnsafeBytes { try SnapshotStore.decode($0, key: 100, logEnd: logEnd) } }
    }

    @Test("The snapshot checksum is XXH64: the reference implementation's values", arguments: [
        ("", 0xEF46_DB37_51D8_E999),
        ("abc", 0x44BC_2CF5_AD77_0999),
        ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
    ] as [(String, UInt64)])
    func checksumReferenceValues(text: String, expected: UInt64) {
        #expect(Array(text.utf8).withUnsafeBytes(Checksum.xxh64) == expected)
    }

    @Test("XXH64 over every kind of tail (32-byte stripes, then 8, 4 and single bytes), as the reference computes it", arguments: [
        (1, 0xE934_A84A_DB05_2768), (3, 0xE5C7_BB45_33BC_65DD), (4, 0xFFCE_D860_4453_CC1E), (7, 0x14CC_643F_630C_72D2),
        (8, 0x884A_1736_14B8_1B8D), (12, 0x424A_F23F_1F08_DCA5), (31, 0xC346_D2B5_9B4D_8EE1), (32, 0xCBF5_9C51_16FF_32B4),
        (33, 0x0C53_5D1A_CAFB_8EAD), (63, 0xE26A_A9E2_A95F_8E4F), (64, 0xF7C6_7301_DB67_13F0), (100, 0x6AC1_E580_3216_6597),
        (527, 0xE103_388D_3663_BD10),
    ] as [(Int, UInt64)])
    func checksumTails(length: Int, expected: UInt64) {
        // The first `length` of: bytes 0…255 twice, then "kanban snapshot" (values from the
        // reference implementation; their low 32 bits are what `zstd --check` stores).
        let bytes = Array(0...255).map(UInt8.init) + Array(0...255).map(UInt8.init) + Array("kanban snapshot".utf8)
        #expect(Array(bytes.prefix(length)).withUnsafeBytes(Checksum.xxh64) == expected)
    }

    /// The ways a stored snapshot can be bad: each must be skipped with a warning naming why.
    enum Damage: String, CaseIterable, Sendable {
        case checksum, titleCharacter, version, truncated, notASnapshot, beyondLog, wrongSequence
    }

    /// Changes one ASCII letter of a live card's title inside the snapshot value: the state still
    /// decodes, to a different board, so only the checksum can tell.
    static func changeOneTitleCharacter(of state: KanbanState, in value: inout [UInt8]) throws {
        let card = try #require(state.cards.values.sorted { $0.id < $1.id }.first { $0.title.utf8.contains { UInt8(ascii: "a")...UInt8(ascii: "z") ~= $0 } })
        let title = Array(card.title.utf8)
        try #require(title.count < 128, "a one-byte length")
        // The title as the card carries it (its length, then its bytes), right after the key.
        let needle = [UInt8(title.count)] + title
        let start = try #require(value.indices.dropLast(needle.count - 1).first { Array(value[$0..<$0 + needle.count]) == needle })
        let letter = try #require(title.firstIndex { UInt8(ascii: "a")...UInt8(ascii: "z") ~= $0 })
        value[start + 1 + letter] = value[start + 1 + letter] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        // It still decodes: only the checksum stands between this and a wrong board.
        let damaged = try Array(value[SnapshotStore.headerSize...]).withUnsafeBytes { try StateCodec.decode($0) }
        #expect(damaged.cards[card.id]?.title != card.title)
        #expect(damaged.cards[card.id]?.title.count == card.title.count)
    }

    @Test("Every corrupt-snapshot case falls back to an older snapshot or full replay, with the same state, and says why", arguments: Damage.allCases)
    func corruptSnapshots(damage: Damage) throws {
        let fixture = try Fixture(events: 120, seed: 42)
        defer { fixture.directory.remove() }
        try fixture.storeSnapshot(at: 40)
        try fixture.storeSnapshot(at: 100)
        let expected = try fixture.fullReplay()
        let logEnd = try fixture.engine.statistics().lastSequence
        var bad: UInt64 = 100
        let reason: SnapshotError
        switch damage {
        case .checksum:
            try fixture.damageSnapshot(at: 100) { $0[$0.count - 1] ^= 0xFF }
            reason = .checksumMismatch
        case .titleCharacter:
            let state = try fixture.fullReplay(upTo: 100)
            var failure: (any Error)?
            try fixture.damageSnapshot(at: 100) { value in
                do { try Self.changeOneTitleCharacter(of: state, in: &value) } catch { failure = error }
            }
            if let failure { throw failure }
            reason = .checksumMismatch
        case .version:
            try fixture.damageSnapshot(at: 100) { $0[4] = 99 }
            reason = .unknownVersion(format: 99, layout: StateCodec.version)
        case .truncated:
            try fixture.damageSnapshot(at: 100) { $0.removeLast($0.count / 2) }
            reason = .checksumMismatch
        case .notASnapshot:
            try fixture.damageSnapshot(at: 100) { $0 = Array("hello".utf8) }
            reason = .notASnapshot
        case .wrongSequence:
            try fixture.damageSnapshot(at: 100) { $0[6] ^= 1 }
            reason = .wrongSequence(101)
        case .beyondLog:
            // A snapshot claiming to cover events the log does not have (a log restored from an
            // older backup, say): copy #100's value under a key past the end.
            bad = 10_000
            let value = try fixture.engine.log.environment.read { transaction in
                try transaction.value(forKey: withUnsafeBytes(of: UInt64(100).bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
            }!
            var moved = value
            withUnsafeBytes(of: bad.littleEndian) { moved.replaceSubrange(6..<14, with: $0) }
            try fixture.engine.log.environment.write { transaction in
                try transaction.put(moved, forKey: withUnsafeBytes(of: bad.bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
            }
            reason = .beyondLog(logEnd: logEnd)
        }
        // The stored value is refused for exactly this reason.
        let stored = try #require(try fixture.engine.log.environment.read { transaction in
            try transaction.value(forKey: withUnsafeBytes(of: bad.bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
        })
        #expect(throws: reason) { try stored.withUnsafeBytes { try SnapshotStore.decode($0, key: bad, logEnd: logEnd) } }

        let fresh = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0, warn: { message in
            fixture.warnings.withLock { $0.append(message) }
        }))
        let report = try fresh.replay()
        #expect(report.snapshot == (damage == .beyondLog ? 100 : 40))
        #expect(try fresh.withState { $0.firstDifference(from: expected) } == nil)
        let warnings = fixture.warnings.withLock { $0 }
        #expect(warnings.contains("snapshot #\(bad) skipped: \(reason)"), "\(warnings)")
        let verification = try fresh.verify()
        #expect(verification.firstDifference != nil, "verify names the bad snapshot")
        #expect(verification.firstDifference?.contains("#\(bad)") == true, "\(verification)")
        // verify reads snapshots in order, so one past the log's end is what is left over at the end.
        let verifyReason = damage == .beyondLog ? "lies beyond the log's end (#\(logEnd))" : "\(reason)"
        #expect(verification.firstDifference?.contains(verifyReason) == true, "\(verification)")
    }

    @Test("A history page from a process that reads only the snapshot's boards skips a damaged snapshot as opening does, with the same entries")
    func historyPageSkipsDamagedSnapshot() throws {
        let fixture = try Fixture(events: 120, seed: 5)
        defer { fixture.directory.remove() }
        try fixture.storeSnapshot(at: 40)
        try fixture.storeSnapshot(at: 100)
        let query = HistoryQuery(board: nil, limit: 30)
        let expected = try fixture.engine.history.entries(query)
        try fixture.damageSnapshot(at: 100) { $0[$0.count - 1] ^= 0xFF }
        // With the board outline current, the page reads no snapshot at all: no warning.
        let withOutline = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0, warn: { message in
            fixture.warnings.withLock { $0.append(message) }
        }))
        #expect(try withOutline.history.entries(query) == expected)
        #expect(fixture.warnings.withLock { $0 }.isEmpty)
        // Without one (a log written before it existed), it reads the newest snapshot's boards.
        let removed = try fixture.engine.log.environment.write { transaction in
            try transaction.delete(forKey: OutlineStore.key, in: fixture.engine.outlines.database)
        }
        #expect(removed)
        let fresh = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0, warn: { message in
            fixture.warnings.withLock { $0.append(message) }
        }))
        #expect(try fresh.history.entries(query) == expected)
        #expect(fixture.warnings.withLock { $0 }.contains("snapshot #100 skipped: \(SnapshotError.checksumMismatch)"))
    }

    @Test("Losing every snapshot loses nothing: full replay gives the same state")
    func losingSnapshots() throws {
        let fixture = try Fixture(events: 80, seed: 5)
        defer { fixture.directory.remove() }
        try fixture.storeSnapshot(at: 50)
        let before = try fixture.engine.withState { $0 }
        try fixture.engine.log.environment.write { transaction in
            try fixture.engine.snapshotStore.remove(50, in: transaction)
        }
        let report = try fixture.engine.replay()
        #expect(report.snapshot == nil)
        #expect(try fixture.engine.withState { $0.firstDifference(from: before) } == nil)
    }

    @Test("Snapshots are taken every N events in the background, and kept within the retention policy")
    func automaticSnapshots() throws {
        let fixture = try Fixture(events: 10, seed: 9, interval: 50)
        defer { fixture.directory.remove() }
        try fixture.engine.importer.generate(events: 400, seed: 3, batchSize: 25)
        EngineSnapshots.waitForBackgroundWork()
        let snapshots = try fixture.engine.snapshots.list()
        #expect(!snapshots.isEmpty)
        #expect(snapshots.allSatisfy { $0.sequence % 25 == 0 || $0.sequence > 0 })
        let logBytes = try fixture.engine.log.environment.read { transaction in
            let statistics = try transaction.statistics(of: fixture.engine.log.database)
            return statistics.pages * statistics.pageSize
        }
        #expect(snapshots.count <= 3 || snapshots.reduce(0) { $0 + $1.bytes } <= logBytes)
        let verification = try fixture.engine.verify()
        #expect(verification.firstDifference == nil, "\(verification)")
        let report = try fixture.engine.replay()
        #expect(report.snapshot == snapshots.last?.sequence)
    }

    @Test("An importer's snapshots are spaced by the interval, or by half the live cards when that is more; commands keep the interval")
    func spacingFollowsCards() throws {
        let options = EngineOptions(snapshotInterval: 100)
        #expect(options.snapshotSpacing(liveCards: 0) == 100)
        #expect(options.snapshotSpacing(liveCards: 200) == 100)
        #expect(options.snapshotSpacing(liveCards: 1_001) == 500)
        #expect(EngineOptions(snapshotInterval: 0).snapshotSpacing(liveCards: 1_000_000) == 0)

        // 300 adds with an interval of 20, each in a batch of its own (one write transaction,
        // as an importer's): past 40 live cards the snapshots spread out.
        let directory = try TemporaryDirectory(prefix: "kanban-snapshot-spacing")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(snapshotInterval: 20))
        for index in 0..<300 {
            try engine.importer.batch { batch in
                _ = try batch.append(try batch.decide(.addCard(board: "main", title: "card \(index)"), actor: "ana"), actor: "ana")
            }
        }
        EngineSnapshots.waitForBackgroundWork()
        // Event 1 makes the board, each event after it adds a card: after event `n` the state
        // holds `n - 1` cards. A snapshot is due at the first `n` with `n - newest >= max(20,
        // (n - 1) / 2)`: 20, 40, then 78 (77 cards: 38 ≥ 38) and 154 (153 cards: 76 ≥ 76); the
        // next would be 231, past the 301 events. A fixed interval took 15.
        #expect(try engine.snapshots.list().map(\.sequence) == [20, 40, 78, 154])
        #expect(try engine.verify().firstDifference == nil)

        // Commands on the same log go back to the interval: the first one is past it (#302,
        // 148 after #154), the twentieth after it too (#322), though the state holds 320 cards.
        for index in 0..<30 { _ = try engine.execute(.addCard(board: "main", title: "more \(index)"), actor: "bo") }
        EngineSnapshots.waitForBackgroundWork()
        let sequences = try engine.snapshots.list().map(\.sequence)
        #expect(sequences.suffix(2) == [302, 322], "\(sequences)")
    }

    @Test("A stored snapshot whose key claims the far end of the sequence space stops nothing and traps nothing")
    func farFutureSnapshotKey() throws {
        let fixture = try Fixture(events: 30, seed: 5, interval: 10)
        defer { fixture.directory.remove() }
        try fixture.storeSnapshot(at: 20)
        let value = try #require(try fixture.engine.log.environment.read { transaction in
            try transaction.value(forKey: withUnsafeBytes(of: UInt64(20).bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
        })
        let far = UInt64.max - 3
        try fixture.engine.log.environment.write { transaction in
            try transaction.put(value, forKey: withUnsafeBytes(of: far.bigEndian, Array.init), in: fixture.engine.snapshotStore.database)
        }
        let path = fixture.path
        let reopened = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 10, warn: { _ in }))
        for index in 0..<25 { _ = try reopened.execute(.addCard(board: "main", title: "after \(index)"), actor: "ana") }
        EngineSnapshots.waitForBackgroundWork()
        #expect(try reopened.statistics().lastSequence > 30)
        #expect(try reopened.withState { $0.firstDifference(from: try fixture.fullReplay()) } == nil)
    }

    @Test("kanban snapshot's engine call covers the current state and is listed")
    func snapshotNow() throws {
        let fixture = try Fixture(events: 30, seed: 11)
        defer { fixture.directory.remove() }
        let info = try fixture.engine.snapshots.take()
        #expect(info.sequence == (try fixture.engine.statistics().lastSequence))
        #expect(info.bytes > 0)
        #expect(try fixture.engine.snapshots.list().map(\.sequence) == [info.sequence])
        #expect(try fixture.engine.replay().tailEvents == 0)
    }

    @Test("kanban snapshot --at's engine call stores the state after that event, which time travel then starts from; outside the log it stores nothing")
    func snapshotOfThePast() throws {
        let fixture = try Fixture(events: 120, seed: 12)
        defer { fixture.directory.remove() }
        let events = try fixture.engine.events()
        let info = try fixture.engine.snapshots.take(atSequence: 60)
        #expect(info.sequence == 60 && info.bytes > 0)
        #expect(try fixture.engine.snapshots.list().map(\.sequence) == [60])
        var folded = KanbanState()
        for event in events.prefix(60) { folded.apply(event) }
        let stored = try fixture.engine.read { transaction in
            try fixture.engine.snapshotStore.newest(atMost: 60, logEnd: UInt64(events.count), in: transaction) { Issue.record("\($0)") }
        }
        #expect(stored?.state.lastSequence == 60)
        #expect(stored.flatMap { $0.state.firstDifference(from: folded) } == nil)
        #expect(stored?.timestamp == events[59].timestamp)
        // Time travel past it starts there and gives the fold.
        for event in events[60..<70] { folded.apply(event) }
        #expect(try fixture.engine.timeTravel.state(atSequence: 70).state.firstDifference(from: folded) == nil)
        // Again at the same place: the same snapshot, once.
        #expect(try fixture.engine.snapshots.take(atSequence: 60) == info)
        for outside in [0, UInt64(events.count) + 1, .max] as [UInt64] {
            #expect(throws: KanbanError.self) { try fixture.engine.snapshots.take(atSequence: outside) }
        }
        #expect(try fixture.engine.snapshots.list().map(\.sequence) == [60])
        #expect(try fixture.engine.verify().firstDifference == nil)
    }
}
