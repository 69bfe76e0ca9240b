import ArgumentParser
import Kanban
import KanbanReplica

/// `--timeout SECONDS` of `clone` and `sync`: how long all their requests to the origin may
/// take together (an origin that answers a byte at a time is cut there); each wait for the
/// origin's next bytes is bounded too, by ``readTimeout``.
struct ReplicaTimeout: ParsableArguments {
    @Option(help: ArgumentHelp("Give up when the server has not answered everything within this many seconds (each wait for its next bytes: at most 30 s).", valueName: "seconds"))
    var timeout: Int = 120

    /// Seconds each wait for the origin's next bytes may take.
    static let readTimeout = 30

    func validate() throws {
        guard (1...86_400).contains(timeout) else { throw ValidationError("--timeout must be from 1 to 86400 seconds, not \(timeout)") }
    }

    /// The transport that keeps to these bounds, its time counted from now.
    func transport() -> SocketReplicaTransport {
        SocketReplicaTransport(timeout: min(Self.readTimeout, timeout), overallTimeout: timeout)
    }
}
