/// Why ``LogMigration`` would not start.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target holds events already (a migration is never merged into another log).
    case targetNotEmpty(events: UInt64, boards: Int)

    public var description: String {
        switch self {
        case .targetNotEmpty(let events, let boards):
            "the target database holds \(events) event\(events == 1 ? "" : "s") of \(boards) board\(boards == 1 ? "" : "s") already; migrate only into an empty one"
        }
    }
}
