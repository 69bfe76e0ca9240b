import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Replays the whole log from scratch, decoding every byte of every event, and compares the
    /// result with every snapshot (at the sequence it covers) and with the state the engine
    /// opens with (newest snapshot + tail). Checks too that timestamps never go backwards
    /// (time travel's binary search relies on it), and that an event that happened before it was
    /// appended happened no later than that and lies in a backdated range of its board (where
    /// time travel looks for it), and that the history index holds exactly the entries of the
    /// events it covers. Reports the first difference.
    public func verify() throws -> VerificationReport {
        let backdated = try self.store.existingBackdatedRanges()
        return try read { transaction in
            let stored = try snapshotStore.list(in: transaction)
            let logEnd = try log.lastSequence(in: transaction)
            var pending = stored.map(\.sequence)[...]
            var state = KanbanState()
            var checked = 0
            var difference: String?

            func compareSnapshot(_ sequence: UInt64) throws {
                guard difference == nil else { return }
                var problem: String?
                let snapshot = try snapshotStore.newest(atMost: sequence, logEnd: logEnd, in: transaction) { problem = problem ?? $0 }
                checked += 1
                if let problem { difference = problem; return }
                guard let snapshot, snapshot.state.lastSequence == sequence else {
                    difference = "snapshot #\(sequence) could not be read"
                    return
                }
                if let different = snapshot.state.firstDifference(from: state) {
                    difference = "snapshot #\(sequence): \(different)"
                }
            }

            var previous: (sequence: UInt64, timestamp: Timestamp)?
            var rangesByBoard: [BoardID: [ClosedRange<UInt64>]] = [:]
            try log.forEach(after: 0, in: transaction) { event in
                if let previous, event.timestamp < previous.timestamp, difference == nil {
                    difference = "event #\(event.sequence) (\(event.timestamp)) is earlier than event #\(previous.sequence) (\(previous.timestamp))"
                }
                if let happenedAt = event.happenedAt, difference == nil {
                    if happenedAt > event.timestamp {
                        difference = "event #\(event.sequence) happened (\(happenedAt)) after it was appended (\(event.timestamp))"
                    } else {
                        if rangesByBoard[event.board] == nil { rangesByBoard[event.board] = try backdated.ranges(of: event.board, in: transaction) }
                        if !(rangesByBoard[event.board] ?? []).contains(where: { $0.contains(event.sequence) }) {
                            difference = "event #\(event.sequence) happened before it was appended (\(happenedAt)) but lies in no backdated range of its board"
                        }
                    }
                }
                previous = (event.sequence, event.timestamp)
                state.apply(event)
                while let next = pending.first, next <= event.sequence {
                    pending.removeFirst()
                    if next == event.sequence { try compareSnapshot(next) } else if difference == nil {
                        difference = "snapshot #\(next) covers no event of the log"
                    }
                }
                return true
            }
            if let beyond = pending.first, difference == nil {
                difference = "snapshot #\(beyond) lies beyond the log's end (#\(state.lastSequence))"
            }
            if difference == nil {
                difference = try historyIndexDifference(in: transaction)
            }
            if difference == nil {
                difference = try outlineDifference(from: state, lastTimestamp: previous?.timestamp, in: transaction)
            }
            if difference == nil {
                var opened = EngineCore()
                try catchUp(&opened, in: transaction)
                if let different = opened.state.firstDifference(from: state) {
                    difference = "the opened state (from \(opened.snapshot.map { "snapshot #\($0)" } ?? "the log")): \(different)"
                }
            }
            return VerificationReport(events: Int(clamping: state.lastSequence), snapshots: checked, firstDifference: difference)
        }
    }

    /// How the stored board outline differs from the outline of `state` (the replayed log, whose
    /// last event has `lastTimestamp`), or `nil`. An outline that ends before the log (kept by a
    /// build before the last append) is not used, so not wrong; one that ends after it is.
    private func outlineDifference(from state: KanbanState, lastTimestamp: Timestamp?, in transaction: some Transaction) throws -> String? {
        let loaded: (outline: BoardOutline, lastEvent: UInt64)?
        do {
            loaded = try outlines.load(in: transaction)
        } catch {
            return "the board outline: \(error)"
        }
        guard let (stored, lastEvent) = loaded, stored.lastSequence >= state.lastSequence else { return nil }
        guard stored.lastSequence == state.lastSequence else {
            return "the board outline covers #\(stored.lastSequence), beyond the log's end (#\(state.lastSequence))"
        }
        // Written after another event of that number (a log put back, then extended otherwise): not used.
        guard try OutlineStore.lastEvent(of: log, in: transaction).digest == lastEvent else { return nil }
        var indexed = state
        indexed.buildOrderIndex()
        let expected = BoardOutline(of: indexed, lastTimestamp: lastTimestamp ?? Timestamp(millisecondsSinceEpoch: 0))
        guard stored != expected else { return nil }
        if stored.lastTimestamp != expected.lastTimestamp { return "the board outline's last timestamp differs from the log's" }
        if let column = Set(stored.ends.keys).union(expected.ends.keys).sorted().first(where: { stored.end(of: $0) != expected.end(of: $0) }) {
            let (found, wanted) = (stored.end(of: column), expected.end(of: column))
            return "the board outline says column \(column) holds \(found.count) cards ending at \(found.lastKey.map(String.init(describing:)) ?? "none"); the log, \(wanted.count) ending at \(wanted.lastKey.map(String.init(describing:)) ?? "none")"
        }
        return "the board outline's boards and columns differ from the log's"
    }

    /// The first way the history index differs from what the log's events say it holds, or `nil`.
    private func historyIndexDifference(in transaction: some Transaction) throws -> String? {
        let extent = try historyIndex.extent(in: transaction)
        let shift = try historyIndex.epochShift(in: transaction)
        var expected = 0
        var difference: String?
        try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
            guard sequence <= extent else { return false }
            for (key, value) in HistoryIndex.entries(of: bytes, sequence: sequence, epochShift: shift) {
                expected += 1
                let stored = try transaction.value(forKey: key, in: historyIndex.database)
                if stored != value {
                    difference = "the history index \(stored == nil ? "lacks an entry" : "holds a wrong entry") for event #\(sequence)"
                    return false
                }
            }
            return true
        }
        if difference == nil {
            var stored = 0
            try historyIndex.forEachEntry(in: transaction) { _, _ in stored += 1 }
            if stored != expected {
                difference = "the history index holds \(stored) entries where the \(extent) events it covers make \(expected)"
            }
        }
        return difference
    }
}
