/// Which snapshots to keep once they outgrow their budget (the log's own size).
///
/// The newest three and the oldest are always kept. While the snapshots together pass the
/// budget, the one removed is the one whose neighbours are closest together: the gap its
/// removal leaves is the smallest possible, so the kept snapshots spread evenly over the log
/// and any past moment stays within about two spacings of one. (Halving the older snapshots
/// at every thinning, the earlier rule, emptied the middle of long logs: at 5,000,000 events
/// nothing was kept between event 20,000 and event 3,820,000, and `board --at 2500000`
/// replayed 2.5 million events.)
struct SnapshotRetention: Sendable {
    /// How many bytes the snapshots may take together.
    var budget: Int
    /// The newest snapshots always kept.
    var newestKept = 3

    /// The sequences of the snapshots to remove from `stored` (oldest first).
    func doomed(_ stored: [SnapshotInfo]) -> [UInt64] {
        var kept = stored.sorted { $0.sequence < $1.sequence }
        var total = kept.reduce(0) { $0 + $1.bytes }
        var removed: [UInt64] = []
        // Candidates: every snapshot but the oldest and the newest `newestKept`.
        while total > budget, kept.count > newestKept + 1 {
            var victim = 1
            var narrowest = UInt64.max
            for index in 1..<(kept.count - newestKept) {
                let gap = kept[index + 1].sequence - kept[index - 1].sequence
                if gap < narrowest { (victim, narrowest) = (index, gap) }
            }
            total -= kept[victim].bytes
            removed.append(kept.remove(at: victim).sequence)
        }
        return removed
    }
}
