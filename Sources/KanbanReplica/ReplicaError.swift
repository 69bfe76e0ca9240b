/// Why a replica could not do what it was asked.
public enum ReplicaError: Error, Equatable, CustomStringConvertible {
    /// The origin could not be reached (or the connection broke before a whole answer).
    case unreachable(origin: String, reason: String)
    /// The origin answered with an error status; `message` is its `error` line.
    case refusedByServer(origin: String, status: Int, message: String)
    /// The origin answered something this replica cannot read.
    case unreadableAnswer(origin: String, reason: String)
    /// The database has events already: a clone goes into an empty one.
    case databaseNotEmpty(events: UInt64)
    /// The database is a replica already.
    case alreadyAReplica(origin: String)
    /// The database is not a replica (no `kanban clone` made it).
    case notAReplica
    /// Not a URL a replica can sync with.
    case badOrigin(String)
    /// A change that cannot wait for the origin (it needs the log as the origin has it).
    case notQueueable(String)
    /// The origin expects a mutation this replica no longer has (the server was restored from
    /// an older backup).
    case outOfOrder(expected: UInt64, sent: UInt64)
    /// No refused change has this number (`kanban sync --status` lists them).
    case noSuchRefusal(UInt64)
    /// A replica cannot be served: writes through the server would append to its log, which
    /// only the origin's events may do.
    case cannotServeReplica(origin: String)

    public var description: String {
        switch self {
        case .unreachable(let origin, let reason): "cannot reach \(origin): \(reason)"
        case .refusedByServer(let origin, let status, let message): "\(origin) answered \(status): \(message)"
        case .unreadableAnswer(let origin, let reason): "\(origin) answered something that is not a kanban server's answer: \(reason)"
        case .databaseNotEmpty(let events): "the database holds \(events) event\(events == 1 ? "" : "s"); clone into an empty one (a new --db directory)"
        case .alreadyAReplica(let origin): "the database is a replica of \(origin) already"
        case .notAReplica: "the database is not a replica: make one with 'kanban clone URL --db PATH'"
        case .badOrigin(let text): "'\(text)' is not an http:// or https:// URL of a kanban server"
        case .notQueueable(let what): "\(what) cannot be queued on a replica: run it on the server"
        case .noSuchRefusal(let id): "no refused change is numbered \(id): 'kanban sync --status' lists them"
        case .cannotServeReplica(let origin):
            "the database is a replica of \(origin): serve the origin itself (writes here would make the copy differ from it), or clone it into another database"
        case .outOfOrder(let expected, let sent): "the server expects mutation \(expected) but the replica sent \(sent): was the server restored from an older backup?"
        }
    }
}
