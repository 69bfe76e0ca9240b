import Foundation
import Synchronization

/// Where this node's writes are carried out, on a shared log whose nodes hold a write lease:
/// at the node holding it (``leader``), or here when this node holds it, nobody does, or the
/// holder could not be reached a moment ago. A node's lease keeper sets it each round; the
/// server's ``ForwardWritesMiddleware`` reads it for each write.
///
/// Every node of a log signs the writes it hands on with the same ``secret`` (``NodeSignature``),
/// and takes a write handed on only so signed: only the nodes (who read the log's database) can
/// act for someone.
public final class WriteForwarding: Sendable {
    /// The secret the nodes of the log sign with.
    public let secret: String

    private struct State {
        var leader: String?
        /// A leader that did not take a connection, and until when its writes stay here.
        var unreachable: (url: String, until: ContinuousClock.Instant)?
    }

    private let state = Mutex(State())
    /// The log's last sequence after the latest write the holder answered for this node: a read
    /// here waits until this node's copy of the log holds it.
    private let floor = Atomic<UInt64>(0)
    /// A sequence this node's copy of the log was seen to hold.
    private let seen = Atomic<UInt64>(0)

    /// How long writes stay here after the leader refused a connection (its lease lapses by then,
    /// or it is back).
    static let unreachablePause: Duration = .seconds(2)

    public init(secret: String) {
        self.secret = secret
    }

    /// Sets where writes go: `url` is the lease holder's, `nil` when this node holds the lease
    /// or nobody does.
    public func lead(to url: String?) {
        state.withLock { $0.leader = url }
    }

    /// Where writes go now: the holder's URL, or `nil` for here.
    public var leader: String? {
        state.withLock { state in
            guard let leader = state.leader else { return nil }
            if let unreachable = state.unreachable, unreachable.url == leader, ContinuousClock.now < unreachable.until { return nil }
            return leader
        }
    }

    /// Notes that the holder answered a write of this node's once the log reached `sequence`.
    func raiseFloor(to sequence: UInt64) {
        floor.max(sequence, ordering: .relaxed)
    }

    /// Where a read here must find the log, if further than it was last seen: `nil` when it
    /// need not look.
    var readFloor: UInt64? {
        let floor = floor.load(ordering: .relaxed)
        return floor > seen.load(ordering: .relaxed) ? floor : nil
    }

    /// Notes that this node's copy of the log was seen holding `sequence`.
    func saw(_ sequence: UInt64) {
        seen.max(sequence, ordering: .relaxed)
    }

    /// Notes that `url` refused a connection: writes are carried out here for a moment.
    func markUnreachable(_ url: String) {
        state.withLock { $0.unreachable = (url, ContinuousClock.now + Self.unreachablePause) }
    }
}
