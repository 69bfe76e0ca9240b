import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body comes too slowly or is no longer wanted, so that no
/// client holds a connection by sending a body a byte at a time (the idle timeout does not count
/// while a request is being read, and each byte would restart it anyway):
/// - a body must arrive whole within the body timeout of its head, plus a second for every
///   ``minimumRate`` bytes it has brought (a 20 MB import at 1 KiB/s or faster is never cut);
/// - an error answer (4xx, 5xx) written before the body has all arrived — a 401 for a request
///   without a token, a 413 — carries `Connection: close`, and the connection is closed once the
///   body has ended or ``linger`` after the answer, whichever is first (the server reads and drops
///   what comes meanwhile, so the client reads the answer rather than a reset).
///
/// Installed on real connections after ``DrainBeforeClose``, so its closes wait for the answer's
/// bytes to leave.
final class CutSlowBodies: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The bytes a second that earn a body more time past the timeout.
    static let minimumRate = 1_024
    /// How long a connection stays open after an early error answer, for the client to read it.
    static let linger: TimeAmount = .seconds(1)

    private let timeout: TimeAmount
    /// When the head of the request whose body is being read arrived; `nil` between bodies.
    private var bodyStarted: NIODeadline?
    /// The body's bytes so far.
    private var received = 0
    /// The next look at the body's progress.
    private var check: Scheduled<Void>?
    /// Whether an error answer went out before the body ended: close when it ends.
    private var closeWhenBodyEnds = false

    /// A handler cutting bodies slower than `timeout` (plus the time their bytes earn).
    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyStarted = .now()
            received = 0
            schedule(context, in: timeout)
        case .body(let bytes):
            received += bytes.readableBytes
        case .end:
            bodyStarted = nil
            check?.cancel()
            check = nil
            if closeWhenBodyEnds {
                context.fireChannelRead(data)
                context.close(promise: nil)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 400 && bodyStarted != nil:
            closeWhenBodyEnds = true
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closeWhenBodyEnds:
            context.write(data, promise: promise)
            context.flush()
            check?.cancel()
            check = context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) {
                context.close(promise: nil)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    /// Looks at the body's progress in `delay`: closes the connection when it is late, else looks
    /// again when it would be.
    private func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        check?.cancel()
        check = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            check = nil
            guard let started = bodyStarted, !closeWhenBodyEnds else { return }
            let allowed = timeout + .seconds(Int64(received / Self.minimumRate))
            let elapsed = NIODeadline.now() - started
            if elapsed >= allowed {
                context.close(promise: nil)
            } else {
                schedule(context, in: allowed - elapsed)
            }
        }
    }
}
