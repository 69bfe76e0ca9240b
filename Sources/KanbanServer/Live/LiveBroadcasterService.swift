import ServiceLifecycle

/// The live streams' ``LiveBroadcaster`` as a service of the server: when the server shuts
/// down, it ends every stream and stops reading the log, so no reader outlives the server.
struct LiveBroadcasterService: Service {
    let broadcaster: LiveBroadcaster

    func run() async throws {
        // Returns when the server shuts down gracefully; throws when the task is cancelled.
        try? await gracefulShutdown()
        broadcaster.close()
    }
}
