@testable import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

/// The small forms: `add`, `stats`, `generate`, `replay`, `snapshot(s)` and `verify` with `--json`.
struct FigureOutputTests {
    @Test("AddedCardOutput: {id}")
    func addedCard() throws {
        try expectJSON(AddedCardOutput(card: Sample.card), ["id": .string(Sample.text(4))])
    }

    @Test("StatsOutput: six whole numbers")
    func stats() throws {
        let statistics = LogStatistics(events: 12, lastSequence: 12, liveCards: 3, boards: 2, databaseBytes: 65_536, mapBytes: 1 << 30)
        try expectJSON(StatsOutput(statistics: statistics), [
            "events": 12, "lastSequence": 12, "liveCards": 3, "boards": 2, "databaseBytes": 65_536, "mapBytes": 1_073_741_824,
        ])
    }

    @Test("GenerateOutput: {events, seconds, eventsPerSecond}, the rate rounded, no snapshot key")
    func generate() throws {
        try expectJSON(GenerateOutput(report: ReplayReport(events: 1000, seconds: 0.75)), [
            "events": 1000, "seconds": 0.75, "eventsPerSecond": 1333,
        ])
    }

    @Test("ReplayOutput: snapshot null for the whole log, a number from a snapshot; tailEvents")
    func replay() throws {
        try expectJSON(ReplayOutput(report: ReplayReport(events: 1000, seconds: 0.5)), [
            "events": 1000, "seconds": 0.5, "eventsPerSecond": 2000, "snapshot": nil, "tailEvents": 1000,
        ])
        try expectJSON(ReplayOutput(report: ReplayReport(events: 1000, seconds: 0.25, snapshot: 900, tailEvents: 100)), [
            "events": 1000, "seconds": 0.25, "eventsPerSecond": 400, "snapshot": 900, "tailEvents": 100,
        ])
    }

    @Test("SnapshotOutput: {sequence, bytes}")
    func snapshot() throws {
        try expectJSON(SnapshotOutput(sequence: 20_000, bytes: 1_234_567), ["sequence": 20_000, "bytes": 1_234_567])
    }

    @Test("VerifyOutput: ok and difference null when everything agreed, false and the difference otherwise")
    func verify() throws {
        try expectJSON(VerifyOutput(report: VerificationReport(events: 40, snapshots: 2, firstDifference: nil)), [
            "events": 40, "snapshots": 2, "ok": true, "difference": nil,
        ])
        try expectJSON(VerifyOutput(report: VerificationReport(events: 40, snapshots: 2, firstDifference: "snapshot #20: cards differ")), [
            "events": 40, "snapshots": 2, "ok": false, "difference": "snapshot #20: cards differ",
        ])
    }
}
