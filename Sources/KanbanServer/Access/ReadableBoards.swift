import Kanban
import KanbanCore
import Synchronization

/// The boards each person may read, by name, as of the log's last event: asking the engine's
/// state for every read costs a lock every request shares, so the answer is kept until the log
/// grows (one more event may give or take a role), at most ``capacity`` people at once.
final class ReadableBoards: Sendable {
    private struct Entry {
        var sequence: UInt64
        /// Lowercased, as board names are looked up; with the default board's while it is to be made.
        var names: Set<String>
    }

    private let engine: KanbanEngine
    private let entries = Mutex<[String: Entry]>([:])
    /// The most people kept; past it, all are forgotten and asked again.
    static let capacity = 10_000

    init(engine: KanbanEngine) {
        self.engine = engine
    }

    /// Whether `principal` may read board `name` (any spelling, as names are looked up): it
    /// exists now and their role there lets them, or it is the default board a first write makes.
    func mayRead(_ name: String, as principal: Principal) throws -> Bool {
        let sequence = try engine.lastSequence()
        if let entry = entries.withLock({ $0[principal.person] }), entry.sequence == sequence {
            return entry.names.contains(name.lowercased())
        }
        let names = try engine.withState { state in
            var names = Set(state.readableBoards(as: principal).compactMap { state.boards[$0]?.name.lowercased() })
            if DefaultBoard.isPending(in: state) { names.insert(DefaultBoard.name.lowercased()) }
            return names
        }
        // The state read may be newer than `sequence`: kept under the older one, it is asked again.
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[principal.person] = Entry(sequence: sequence, names: names)
        }
        return names.contains(name.lowercased())
    }
}
