import KanbanCore
import LMDBStorage

/// How a ``KanbanEngine`` is opened.
public struct EngineOptions: Sendable {
    /// Options of the LMDB environment (map size, durability).
    public var environment: EnvironmentOptions
    /// The clock events are stamped with. Stamps never go backwards: an event is stamped no
    /// earlier than the one before it, whatever the clocks of other processes said.
    public var clock: @Sendable () -> Timestamp

    public init(environment: EnvironmentOptions = EnvironmentOptions(), clock: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.environment = environment
        self.clock = clock
    }
}
