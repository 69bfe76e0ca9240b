import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Gives the 400 that answers a request whose head could not be read (a malformed request line
/// or header, too many headers) the JSON error line every other error has. The server itself
/// answers such a request before any route or middleware sees it, with an empty body and
/// `Connection: close`; this handler, on the connection after that answer is made, recognises
/// it (400, `Content-Length: 0`, `Connection: close`: no route answers so) and writes the line.
final class ExplainUnreadableRequests: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The error line sent.
    static let body = #"{"error":"the request is not well-formed HTTP: its request line or headers cannot be read"}"#

    /// Whether the head just written was that answer's, so its end must carry the line first.
    private var explaining = false

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status == .badRequest && head.headerFields[.contentLength] == "0"
            && head.headerFields[.connection] == "close":
            explaining = true
            head.headerFields[.contentLength] = String(Self.body.utf8.count)
            head.headerFields[.contentType] = "application/json; charset=utf-8"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end(let trailers) where explaining:
            explaining = false
            context.write(wrapOutboundOut(.body(ByteBuffer(string: Self.body))), promise: nil)
            context.write(wrapOutboundOut(.end(trailers)), promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}
