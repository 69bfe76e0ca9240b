import HTTPTypes
import Hummingbird

/// What a request carries through the middleware to its route: who is acting.
public struct KanbanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The actor the request acts as: the token's, else `X-Kanban-Actor`, else `web`.
    public var actor: String
    /// The client's IP address (`local` when the connection has none, as in tests).
    public var clientAddress: String

    public init(source: Source) {
        coreContext = .init(source: source)
        actor = KanbanRequestContext.defaultActor
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "local"
    }

    /// Request bodies are JSON of at most 64 KiB.
    public var maxUploadSize: Int { 64 * 1024 }

    /// The actor of requests that name none.
    public static let defaultActor = "web"
}
