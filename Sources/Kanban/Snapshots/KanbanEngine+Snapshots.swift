import Dispatch
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    @discardableResult
    func snapshot() throws -> SnapshotInfo {
        let (state, timestamp, cuts) = try withReadCore { core in
            try read { transaction in try catchUp(&core, in: transaction) }
            return (core.state, core.lastTimestamp, core.cuts)
        }
        try store(state, timestamp: timestamp, cuts: cuts)
        writeSide.withLock { $0.newestSnapshot = max($0.newestSnapshot ?? 0, state.lastSequence) }
        return try read { transaction in
            try snapshotStore.list(in: transaction).last { $0.sequence == state.lastSequence }
        } ?? SnapshotInfo(sequence: state.lastSequence, bytes: 0)
    }

    @discardableResult
    func snapshot(atSequence sequence: UInt64) throws -> SnapshotInfo {
        let (state, timestamp, cuts) = try read { transaction -> (state: KanbanState, timestamp: Timestamp, cuts: UInt64?) in
            let last = try log.lastSequence(in: transaction)
            guard sequence >= 1, sequence <= last else {
                throw KanbanError.outsideLog("#\(sequence) (the log \(last == 0 ? "is empty" : "holds #1 to #\(last)"))")
            }
            let (state, timestamp) = try self.state(atSequence: sequence, in: transaction)
            return (state, timestamp, try cacheCuts?.count(in: transaction))
        }
        // Not the writer's newest snapshot: a moment of the past never is (the writer looks the
        // newest up when it first catches up, and the present one is `snapshot()`'s).
        try store(state, timestamp: timestamp, cuts: cuts)
        return try read { transaction in
            try snapshotStore.list(in: transaction).last { $0.sequence == sequence }
        } ?? SnapshotInfo(sequence: sequence, bytes: 0)
    }

    func snapshotList() throws -> [SnapshotInfo] {
        try read { transaction in try snapshotStore.list(in: transaction) }
    }

    static var hasBackgroundWork: Bool {
        backgroundWork.wait(timeout: .now()) == .timedOut
    }

    static func waitForBackgroundWork() {
        backgroundWork.wait()
    }

    /// Schedules a background snapshot when `interval` events were appended since the newest
    /// one: the state just committed is encoded and stored on another thread. The copy is
    /// copy-on-write, so the command that crossed the interval pays nothing; the writer's next
    /// change copies the card table once (about a millisecond at 50,000 cards). Built from the
    /// log instead (the newest snapshot and the events after it), each snapshot read its
    /// interval's events back through the memory map, and a long `generate` ended with most of
    /// the log in its resident set (596 MB after 1,000,000 events, against 238 MB now).
    ///
    /// `bulk` for a batch of an importer or the workload generator: then the snapshots are spaced
    /// by ``EngineOptions/snapshotSpacing(liveCards:)``, so a long run does not encode the whole
    /// state every 20,000 events (the run ends with ``snapshotAfterBulk()``).
    func scheduleSnapshotIfDue(_ core: inout EngineCore, bulk: Bool = false) {
        let target = core.state.lastSequence
        guard isSnapshotDue(at: target, liveCards: core.state.cards.count, newest: core.newestSnapshot, bulk: bulk) else { return }
        core.newestSnapshot = target
        let (state, timestamp, cuts) = (core.state, core.lastTimestamp, core.cuts)
        KanbanEngine.backgroundWork.enter()
        KanbanEngine.snapshotQueue.async {
            defer { KanbanEngine.backgroundWork.leave() }
            do {
                try self.store(state, timestamp: timestamp, cuts: cuts)
            } catch {
                self.options.warn("the snapshot of #\(target) was not written: \(error)")
            }
        }
    }

    /// Whether a snapshot of the state at `target`, which holds `liveCards` cards, is due when
    /// the newest one stored or scheduled is at `newest` (`nil`: not looked up, never due):
    /// after the plain interval, or, in `bulk` (generate, imports), the spacing by the cards.
    func isSnapshotDue(at target: UInt64, liveCards: Int, newest: UInt64?, bulk: Bool) -> Bool {
        let interval = bulk ? options.snapshotSpacing(liveCards: liveCards) : UInt64(max(options.snapshotInterval, 0))
        // A newest snapshot read from disk may claim any sequence: one so far on that the next
        // is never due takes no more automatic snapshots, and traps nothing.
        guard interval > 0, let newest, case (let due, false) = newest.addingReportingOverflow(interval) else { return false }
        return target >= due
    }

    /// Schedules the snapshot a run of bulk batches left due by the plain interval, so that the
    /// log's newest snapshot is as near its end as commands would have left it (a short-lived
    /// read replays the events after it).
    func snapshotAfterBulk() {
        writeSide.withLock { core in scheduleSnapshotIfDue(&core) }
    }

    /// Writes a snapshot of `state`, then applies the retention policy. A state made before a
    /// cut of the node's cache other than its `cuts`th (``CacheCuts``) is not written: it may
    /// hold events the shared log lost.
    func store(_ state: KanbanState, timestamp: Timestamp, cuts: UInt64? = nil) throws {
        guard state.lastSequence > 0 else { return }
        let value = SnapshotStore.value(of: state, timestamp: timestamp)
        // Not the history index: the transactions that append events extend it, and one that
        // lags (a log from before it) is caught up on open, not here, where it would read the
        // whole backlog back through the memory map inside the snapshot's transaction.
        let root: [UInt8]? = try write(indexing: false) { transaction in
            if let cacheCuts, let cuts, try cacheCuts.count(in: transaction) != cuts { return nil }
            try snapshotStore.save(value, in: transaction)
            try applyRetention(in: transaction)
            // The root its events have, for a node's shared copy: the cache's tree holds them.
            guard options.sharedLog != nil, try auditTree.size(in: transaction) >= value.sequence else { return nil }
            return try auditTree.root(size: value.sequence, in: transaction)
        }
        if let shared = options.sharedLog, let root { share(value, root: root, in: shared) }
    }

    /// How many snapshots a shared log keeps: the newest.
    static let sharedSnapshotsKept = 3

    /// Keeps `value`, whose events have the audit root `root`, in the shared log `shared`, for
    /// nodes that start on an empty cache (``EngineSync/adoptSharedSnapshot(from:)``). A
    /// failure is warned about: the snapshot is a cache, the log goes on without it.
    private func share(_ value: SnapshotValue, root: [UInt8], in shared: any LogStore) {
        do {
            try shared.write {
                try $0.keepSnapshot(SharedSnapshot(position: value.sequence, root: root, bytes: value.bytes), keepingNewest: Self.sharedSnapshotsKept)
            }
        } catch {
            options.warn("the snapshot of #\(value.sequence) was not kept in the shared log: \(error)")
        }
    }

    /// Takes the shared log's newest snapshot the cache reaches into the cache's own, when it is
    /// newer than theirs and the cache's audit root at its position is the snapshot's; returns
    /// its position, `nil` when none was taken. A snapshot that does not decode is warned about
    /// and passed over.
    func adoptSharedSnapshot(from shared: any LogStore) throws -> UInt64? {
        let end = try lastSequence()
        guard end > 0, let snapshot = try Self.sharedLogFailures({ try shared.read { try $0.newestSnapshot(atOrBefore: end) } }),
              snapshot.position > 0 else { return nil }
        return try write(indexing: false) { transaction -> UInt64? in
            if let newest = try snapshotStore.newestSequence(in: transaction), newest >= snapshot.position { return nil }
            guard try auditTree.size(in: transaction) >= snapshot.position,
                  try auditTree.root(size: snapshot.position, in: transaction) == snapshot.root else {
                options.warn("the shared log's snapshot of #\(snapshot.position) was passed over: its audit root is not this cache's there")
                return nil
            }
            do {
                _ = try snapshot.bytes.withUnsafeBytes { try SnapshotStore.decode($0, key: snapshot.position, logEnd: end) }
            } catch {
                options.warn("the shared log's snapshot of #\(snapshot.position) was passed over: \(error)")
                return nil
            }
            try snapshotStore.save(SnapshotValue(sequence: snapshot.position, bytes: snapshot.bytes), in: transaction)
            try applyRetention(in: transaction)
            return snapshot.position
        }
    }

    /// Keeps the snapshots within the log's size, spread evenly over it (``SnapshotRetention``).
    func applyRetention(in transaction: WriteTransaction) throws {
        let statistics = try transaction.statistics(of: log.database)
        let retention = SnapshotRetention(budget: statistics.pages * statistics.pageSize)
        for sequence in retention.doomed(try snapshotStore.list(in: transaction)) {
            try snapshotStore.remove(sequence, in: transaction)
        }
    }

    // MARK: Time travel

    func state(atSequence sequence: UInt64) throws -> (state: KanbanState, timestamp: Timestamp) {
        try read { transaction in try state(atSequence: sequence, in: transaction) }
    }

    /// As ``state(atSequence:)``, in `transaction`. With `cardsOf`, the state holds that board's
    /// cards and no other board's (nor undo stacks from before its snapshot): enough to lay that
    /// board out or compare it, not to decide anything. With `indexed` off, the column orders are
    /// not built (for a state only laid out once).
    func state(atSequence sequence: UInt64, cardsOf board: BoardID? = nil, indexed: Bool = true, in transaction: some Transaction) throws -> (state: KanbanState, timestamp: Timestamp) {
        var core = EngineCore()
        try catchUp(&core, in: transaction, cardsOf: board, upTo: sequence)
        if indexed { core.state.buildOrderIndex() }
        return (core.state, core.lastTimestamp)
    }

    func sequence(of point: PointInTime) throws -> UInt64 {
        try read { transaction in try sequence(of: point, in: transaction) }
    }

    func sequence(of point: PointInTime, in transaction: some Transaction) throws -> UInt64 {
        switch point {
        case .sequence(let sequence):
            let last = try log.lastSequence(in: transaction)
            guard sequence <= last else { throw KanbanError.outsideLog("#\(sequence) (the log ends at #\(last))") }
            return sequence
        case .moment(let moment):
            return try sequence(atOrBefore: moment, in: transaction)
        }
    }

    func sequence(atOrBefore moment: Timestamp) throws -> UInt64 {
        try read { transaction in try sequence(atOrBefore: moment, in: transaction) }
    }

    func sequence(atOrBefore moment: Timestamp, in transaction: some Transaction) throws -> UInt64 {
        var low: UInt64 = 0 // known at or before `moment` (0 = before the log)
        var high = try log.lastSequence(in: transaction) + 1 // known after `moment`
        while high - low > 1 {
            let middle = low + (high - low) / 2
            guard let timestamp = try log.timestamp(at: middle, in: transaction) else { break }
            if timestamp <= moment { low = middle } else { high = middle }
        }
        return low
    }

    static let backgroundWork = DispatchGroup()
    static let snapshotQueue = DispatchQueue(label: "kanban.snapshots")
}
