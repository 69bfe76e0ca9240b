import Kanban
import ServiceLifecycle

/// A node's follower of the shared log (``Kanban/SharedLogFollower``) as a service of the
/// server: it starts with the server and stops when the server shuts down.
public struct SharedLogFollowerService: Service {
    public let follower: SharedLogFollower

    public init(follower: SharedLogFollower) {
        self.follower = follower
    }

    public func run() async throws {
        follower.start()
        // Returns when the server shuts down gracefully; throws when the task is cancelled.
        try? await gracefulShutdown()
        follower.stop()
    }
}
