@testable import Kanban
import Testing

/// Snapshots kept within their budget stay spread over the whole log, so any past moment is
/// near one: time travel into the middle of a long log does not replay millions of events.
struct SnapshotRetentionTests {
    /// A log growing by `interval` events at a time, a snapshot after each step whose size grows
    /// with the live cards (one per 20 events, `bytesPerCard` each), and a budget of
    /// `bytesPerEvent` per event, retention applied after each snapshot as the engine does.
    /// Calls `check` with the log's length and the snapshots kept, oldest first.
    private func simulate(
        steps: Int, interval: UInt64 = 20_000, bytesPerCard: Int, bytesPerEvent: Int,
        _ check: (UInt64, [SnapshotInfo], Int) -> Void
    ) {
        var kept: [SnapshotInfo] = []
        for step in 1...steps {
            let length = UInt64(step) * interval
            kept.append(SnapshotInfo(sequence: length, bytes: Int(length / 20) * bytesPerCard))
            let retention = SnapshotRetention(budget: Int(length) * bytesPerEvent)
            let doomed = Set(retention.doomed(kept))
            kept.removeAll { doomed.contains($0.sequence) }
            check(length, kept, retention.budget)
        }
    }

    @Test("Kept snapshots fit the budget, keep the oldest and newest three, and leave no gap over 2.5 times their mean spacing",
          arguments: [(160, 206), (300, 206), (600, 206)])
    func spreadEvenly(bytesPerCard: Int, bytesPerEvent: Int) {
        var worst = 0.0
        var previous: [SnapshotInfo] = []
        simulate(steps: 250, bytesPerCard: bytesPerCard, bytesPerEvent: bytesPerEvent) { length, kept, budget in
            #expect(kept.count <= 4 || kept.reduce(0) { $0 + $1.bytes } <= budget)
            #expect(kept.first?.sequence == 20_000)
            let newest = Array(previous.suffix(2).map(\.sequence)) + [length]
            #expect(kept.suffix(newest.count).map(\.sequence) == newest)
            let edges = [0] + kept.map(\.sequence)
            let widest = zip(edges, edges.dropFirst()).map { $1 - $0 }.max() ?? 0
            worst = max(worst, Double(widest) / (Double(length) / Double(kept.count)))
            previous = kept
        }
        // The earlier rule (halve the older snapshots at each thinning) left gaps of 13 times
        // the mean spacing here: nothing between event 20,000 and 4,600,000 of 5,000,000.
        // (160 bytes per card and 206 per event are the standard workload's.)
        #expect(worst <= 2.5, "widest gap \(worst) times the mean spacing")
    }

    @Test("Under budget, nothing is removed; the newest three and the oldest survive any budget")
    func bounds() {
        let stored = (1...10).map { SnapshotInfo(sequence: UInt64($0) * 100, bytes: 1_000) }
        #expect(SnapshotRetention(budget: 10_000).doomed(stored).isEmpty)
        let doomed = SnapshotRetention(budget: 0).doomed(stored)
        #expect(Set(doomed) == Set([200, 300, 400, 500, 600, 700]))
        #expect(SnapshotRetention(budget: 0).doomed(Array(stored.prefix(4))).isEmpty)
    }
}
