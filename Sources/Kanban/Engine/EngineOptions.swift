import Foundation
import KanbanCore
import LMDBStorage

/// How a ``KanbanEngine`` is opened.
public struct EngineOptions: Sendable {
    /// Options of the LMDB environment (map size, durability).
    public var environment: EnvironmentOptions
    /// The clock events are stamped with. Stamps never go backwards: an event is stamped no
    /// earlier than the one before it, whatever the clocks of other processes said.
    public var clock: @Sendable () -> Timestamp
    /// A snapshot is taken, in the background, whenever this many events were appended since
    /// the newest one; 0 turns automatic snapshots off. See ``defaultSnapshotInterval``.
    public var snapshotInterval: Int
    /// Where warnings go (a snapshot skipped, a background snapshot that failed).
    public var warn: @Sendable (String) -> Void

    /// 20,000 events: replaying that many takes about 8 ms here, about as long as decoding a
    /// snapshot of 50,000 live cards, so opening and time travel cost at most about twice the
    /// snapshot's decoding, while a 1,000,000-event log holds 50 snapshots before retention.
    public static let defaultSnapshotInterval = 20_000

    public init(
        environment: EnvironmentOptions = EnvironmentOptions(),
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        snapshotInterval: Int = EngineOptions.defaultSnapshotInterval,
        warn: @escaping @Sendable (String) -> Void = EngineOptions.standardErrorWarning
    ) {
        self.environment = environment
        self.clock = clock
        self.snapshotInterval = snapshotInterval
        self.warn = warn
    }

    /// Writes `kanban: warning: …` to standard error.
    @Sendable public static func standardErrorWarning(_ message: String) {
        FileHandle.standardError.write(Data("kanban: warning: \(message)\n".utf8))
    }
}
