import Kanban
import KanbanOutput
import NIOCore
import Synchronization

/// The live streams opened for a syncing client (`GET /api/events?client=ID`), so that each
/// push of that client is acknowledged on them with an `ack` frame (``SyncAckOutput``).
final class SyncAcknowledgements: Sendable {
    private let streams = Mutex<[String: [ObjectIdentifier: LiveSubscriber]]>([:])

    /// Sends `client`'s acknowledgements to `subscriber` until ``forget(_:client:)``.
    func listen(_ subscriber: LiveSubscriber, client: String) {
        streams.withLock { $0[client, default: [:]][ObjectIdentifier(subscriber)] = subscriber }
    }

    /// Stops sending `client`'s acknowledgements to `subscriber`.
    func forget(_ subscriber: LiveSubscriber, client: String) {
        streams.withLock { streams in
            streams[client]?.removeValue(forKey: ObjectIdentifier(subscriber))
            if streams[client]?.isEmpty == true { streams[client] = nil }
        }
    }

    /// Puts `ack` on every stream of its client.
    func send(_ ack: SyncAckOutput) throws {
        let subscribers = streams.withLock { $0[ack.clientID].map { Array($0.values) } ?? [] }
        guard !subscribers.isEmpty else { return }
        let frame = ServerSentEvent.ack(try OutputJSON.encode(ack))
        for subscriber in subscribers { _ = subscriber.offer(frame) }
    }
}
