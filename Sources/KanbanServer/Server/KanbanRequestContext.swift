import HTTPTypes
import Hummingbird
import KanbanCore
import NIOCore

/// What a request carries through the middleware to its route: who is acting.
public struct KanbanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The actor the request acts as: the token's, else `X-Kanban-Actor`, else `web`.
    public var actor: String
    /// Whether the actor administers the server: without tokens, everyone does; with them, an
    /// `ACTOR TOKEN` line's actor, not an `ACTOR TOKEN member` line's.
    public var isAdministrator = true
    /// Whether another node of the shared log handed this write on (it showed the nodes' secret).
    public var isForwarded = false
    /// The client's IP address (`local` when the connection has none, as in tests).
    public var clientAddress: String
    /// The request's connection (a live stream sets its send buffer, and waits on its event loop
    /// for its writes).
    let channel: any Channel

    public init(source: Source) {
        coreContext = .init(source: source)
        channel = source.channel
        actor = KanbanRequestContext.defaultActor
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "local"
    }

    /// Request bodies are JSON of at most 64 KiB.
    public var maxUploadSize: Int { 64 * 1024 }

    /// Who asks, as the access rule takes them.
    public var principal: Principal { Principal(person: actor, isAdministrator: isAdministrator) }

    /// The actor of requests that name none.
    public static let defaultActor = "web"
}
