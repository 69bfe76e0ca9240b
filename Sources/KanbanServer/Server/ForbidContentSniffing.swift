import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Adds `X-Content-Type-Options: nosniff` to every response on a connection — the routes', the
/// error lines', and the server's own 400 for a request it cannot read — so a browser never takes
/// a JSON answer or an uploaded text for a script or a page.
final class ForbidContentSniffing: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// `X-Content-Type-Options`.
    static let field = HTTPField.Name("X-Content-Type-Options")!

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        head.headerFields[Self.field] = "nosniff"
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
