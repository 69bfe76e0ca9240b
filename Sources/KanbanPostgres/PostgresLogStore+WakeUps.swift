import Foundation
import KanbanLog
import KanbanCore
import Logging
import PostgresNIO

extension PostgresLogStore {
    /// The channel writers notify after each committed append, and ``wakeUps()`` listens on.
    public static let wakeUpChannel = "kanban_log"

    /// How long ``wakeUps()`` waits before connecting again after losing its connection.
    static let reconnectDelay = Duration.milliseconds(100)

    /// Hints that boards moved (``Kanban/LogStore/wakeUps()``), from `LISTEN kanban_log` on a
    /// connection of the stream's own (async, on PostgresNIO's event loop: no thread is held).
    /// Each notification a writer sends after committing an append (`<board-uuid>:<head>`)
    /// becomes a hint naming its board. The first hint, an empty set ("catch up everything"),
    /// comes once `LISTEN` is in place; when the connection fails, the stream waits 100 ms,
    /// connects again and, listening again, hints an empty set once more: notifications sent
    /// in between are lost. Cancelling the consumer (or dropping the stream) closes the connection.
    public func wakeUps() -> AsyncStream<Set<BoardID>> {
        hints { $0.boards }
    }

    /// ``wakeUps()`` with the log's last position after each commit hinted, which writers
    /// of this program add to their notifications (`<board-uuid>:<head>:<position>`; a
    /// notification without it, from an older writer, hints no position).
    public func wakeUpsWithPositions() -> AsyncStream<WakeUp> {
        hints { $0 }
    }

    /// The stream of ``wakeUps()``, each hint made an element by `element`.
    private func hints<Element: Sendable>(_ element: @escaping @Sendable (WakeUp) -> Element) -> AsyncStream<Element> {
        let url = self.url
        let logger = self.logger
        return AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    await Self.listen(url: url, logger: logger) { continuation.yield(element($0)) }
                    try? await Task.sleep(for: Self.reconnectDelay)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Connects, listens and hints until the connection fails or the task is cancelled, then closes.
    private static func listen(url: PostgresURL, logger: Logger, hint: @escaping @Sendable (WakeUp) -> Void) async {
        guard let listener = await connectToPrimary(url: url, logger: logger) else { return }
        do {
            try await listener.listen(on: wakeUpChannel) { notifications in
                hint(WakeUp(boards: []))
                for try await notification in notifications {
                    if let wakeUp = wakeUp(from: notification.payload) { hint(wakeUp) }
                }
            }
        } catch {
            // The connection failed (or the task was cancelled): hints since are lost.
        }
        try? await listener.close()
    }

    /// A connection to the first of `url`'s servers that takes it (and writes, when the URL
    /// asks for read-write: notifications come from the primary), or `nil` when none does.
    private static func connectToPrimary(url: PostgresURL, logger: Logger) async -> PostgresConnection? {
        for index in url.servers.indices {
            guard let connection = try? await PostgresConnection.connect(
                configuration: try url.configuration(server: index), id: BlockingConnection.nextID(), logger: logger
            ) else { continue }
            guard url.targetSession == .readWrite else { return connection }
            var writable = false
            do {
                for try await value in try await connection.query("SHOW transaction_read_only", logger: logger).decode(String.self) {
                    writable = value == "off"
                }
            } catch {
                writable = false
            }
            if writable { return connection }
            try? await connection.close()
        }
        return nil
    }

    /// The board a notification's payload (`<board-uuid>:<head>`, perhaps `:<position>` after) names; `nil` for anything else.
    static func board(named payload: String) -> BoardID? {
        guard let uuid = payload.split(separator: ":", maxSplits: 1).first.flatMap({ UUID(uuidString: String($0)) }) else { return nil }
        return BoardID(uuid)
    }

    /// The hint of a notification's payload: its board, and the position after it when it
    /// says one (`<board-uuid>:<head>:<position>`); `nil` for a payload that names no board.
    static func wakeUp(from payload: String) -> WakeUp? {
        guard let board = board(named: payload) else { return nil }
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        let position = parts.count == 3 ? UInt64(parts[2]) : nil
        return WakeUp(boards: [board], position: position)
    }
}
