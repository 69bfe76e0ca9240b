import Foundation
import KanbanOutput
import Synchronization

/// The encoded answers of `GET /api/boards/{board}` (now, not `?at=`), kept per board name and
/// log sequence for at most a second: encoding the board's JSON was most of that request's cost
/// (profiled under wrk, before ``Kanban/BoardJSON``), and between two commits the answer only changes when a due date
/// passes — which the one-second life bounds.
final class BoardAnswerCache: Sendable {
    private struct Entry {
        var sequence: UInt64
        var made: ContinuousClock.Instant
        var bytes: [UInt8]
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// How long an answer is given again.
    let lifetime: Duration

    init(lifetime: Duration = .seconds(1)) {
        self.lifetime = lifetime
    }

    /// The answer kept for `board` at `sequence`, when still fresh.
    func answer(board: String, sequence: UInt64) -> [UInt8]? {
        entries.withLock { entries in
            guard let entry = entries[board], entry.sequence == sequence, ContinuousClock.now - entry.made < lifetime else { return nil }
            return entry.bytes
        }
    }

    /// Keeps `bytes` as the answer for `board` at `sequence`.
    func keep(_ bytes: [UInt8], board: String, sequence: UInt64) {
        entries.withLock { entries in
            if entries.count > 1_000 { entries.removeAll() }
            entries[board] = Entry(sequence: sequence, made: .now, bytes: bytes)
        }
    }
}
