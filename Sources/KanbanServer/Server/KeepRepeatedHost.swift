import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Puts a request's first `Host` line back among its fields when it sent more than one, so the
/// access rule sees them all and refuses the request (400). Turning an HTTP/1.1 head into an
/// `HTTPRequest` moves the first `Host` into the request's authority and keeps the others as
/// fields: without this, only the second of two would be judged, and `Host: 127.0.0.1` followed
/// by `Host: evil.example` would be taken for whichever the checks read. Installed on real
/// connections, after that conversion.
final class KeepRepeatedHost: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private static let host = HTTPField.Name("Host")!

    init() {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let authority = head.authority, head.headerFields[Self.host] != nil else {
            context.fireChannelRead(data)
            return
        }
        head.headerFields.insert(HTTPField(name: Self.host, value: authority), at: 0)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
