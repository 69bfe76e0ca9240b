import Foundation
@testable import Kanban
@testable import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

/// Replay that keeps texts as places in the log's bytes until its end
/// (`KanbanState.beginDeferringTexts()`) folds to the state that makes every string at once.
struct DeferredTextsTests {
    /// Folds the raw events of `engine`'s log after `start` (up to `limit`) into `state`,
    /// deferring texts or not, inside one read transaction as replay does.
    static func fold(
        _ engine: KanbanEngine, into state: KanbanState = KanbanState(), upTo limit: UInt64 = .max, deferring: Bool
    ) throws -> KanbanState {
        try engine.read { transaction in
            var state = state
            if deferring { state.beginDeferringTexts() }
            try engine.log.forEachRaw(after: state.lastSequence, in: transaction) { sequence, bytes in
                guard sequence <= limit else { return false }
                do throws(EventDecodingError) {
                    try state.apply(encoded: bytes, sequence: sequence)
                } catch {
                    throw KanbanError.corruptEvent(sequence: sequence, reason: error.description)
                }
                return true
            }
            state.endDeferringTexts()
            return state
        }
    }

    @Test("Deferred texts fold to the state of strings made at once, over random logs with undos, redos, details and Korean text", arguments: [21, 22, 23] as [UInt64])
    func sameStateAsStrings(seed: UInt64) throws {
        let fixture = try TwoThreadReplayTests.Fixture(events: 1_500, seed: seed)
        defer { fixture.directory.remove() }
        let engine = try fixture.engine(twoThreadReplayMinimum: .max)
        let eager = try Self.fold(engine, deferring: false)
        let deferred = try Self.fold(engine, deferring: true)
        #expect(deferred.firstDifference(from: eager) == nil)
        #expect(deferred.firstDifference(from: try fixture.fold()) == nil)
        #expect(deferred.cards.values.allSatisfy { !$0.title.isEmpty })
        #expect(!deferred.cards.isDeferringTexts)
        // Part-way, then the rest on top: a state from before (as a snapshot gives) keeps its strings.
        let half = try Self.fold(engine, upTo: 700, deferring: true)
        #expect(half.firstDifference(from: try fixture.fold(upTo: 700)) == nil)
        #expect(try Self.fold(engine, into: half, deferring: true).firstDifference(from: eager) == nil)
    }

    @Test("A title that is not UTF-8 is reported at its event whether texts are deferred or not; valid multi-byte texts pass")
    func invalidUTF8() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        _ = try fixture.add("첫 카드 🎉 é")
        _ = try fixture.add("second")
        let last = try fixture.engine.statistics().lastSequence
        let eager = try Self.fold(fixture.engine, deferring: false)
        #expect(try Self.fold(fixture.engine, deferring: true).firstDifference(from: eager) == nil)
        #expect(eager.cards.values.contains { $0.title == "첫 카드 🎉 é" })
        // Replace the last add's title bytes ("second") with a lone continuation byte and an overlong "/".
        let log = fixture.engine.log
        try log.environment.write { transaction in
            let key = withUnsafeBytes(of: last.bigEndian, Array.init)
            var value = try #require(try transaction.value(forKey: key, in: log.database))
            let title = Array("second".utf8)
            let at = try #require(value.indices.first { value[$0...].starts(with: title) })
            value.replaceSubrange(at..<at + 6, with: [0x73, 0x80, 0xC0, 0xAF, 0x64, 0x21])
            try transaction.put(value, forKey: key, in: log.database)
        }
        for deferring in [false, true] {
            do {
                _ = try Self.fold(fixture.engine, deferring: deferring)
                Issue.record("invalid UTF-8 folded (deferring: \(deferring))")
            } catch let error as KanbanError {
                guard case .corruptEvent(let sequence, let reason) = error else {
                    Issue.record("expected corruptEvent, got \(error)")
                    continue
                }
                #expect(sequence == last)
                #expect(reason.contains("invalid UTF-8"))
            }
        }
    }

    @Test("The UTF-8 check without a string accepts exactly what String(decoding:) keeps unchanged")
    func utf8CheckMatchesDecoding() {
        var random = SeededGenerator(seed: 5)
        let pieces: [[UInt8]] = [
            [0x41], [0x7F], [0xC3, 0xA9], [0xED, 0x95, 0x9C], [0xF0, 0x9F, 0x8E, 0x89], [0x80], [0xC0, 0xAF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0xF0, 0x9F], [0xC2],
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let decoded = Array(String(decoding: bytes, as: UTF8.self).utf8)
            #expect(bytes.withUnsafeBytes(ByteReader.isValidUTF8) == (decoded == bytes), "\(bytes)")
        }
    }

    @Test("An engine replaying a long tail defers its texts and reaches the state of the decoded fold")
    func engineReplayDefers() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-deferred-texts")
        defer { directory.remove() }
        let path = directory.appending("db")
        let writer = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 0))
        try writer.importer.generate(events: Int(KanbanEngine.deferredTextsMinimum) + 2_000, seed: 4, batchSize: 4_000)
        var folded = KanbanState()
        for event in try writer.events() { folded.apply(event) }
        for minimum in [1, Int.max] {
            var options = EngineOptions(snapshotInterval: 0)
            options.twoThreadReplayMinimum = minimum
            let engine = try KanbanEngine(path: path, options: options)
            let report = try engine.replay(ignoringSnapshots: true)
            #expect(report.tailEvents >= KanbanEngine.deferredTextsMinimum)
            #expect(try engine.withState { $0.firstDifference(from: folded) } == nil)
            #expect(try engine.withState { !$0.cards.isDeferringTexts })
        }
    }
}
