import NIOCore

/// Holds a connection's close until what was written on it has reached the socket, for at
/// most ``drainLimit``: on SIGTERM the server closes each connection once its response is
/// handed over, and a large answer to a slow client (21 MB, say) would otherwise be cut off
/// with the bytes still queued in the process.
final class DrainBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = Any

    /// The longest a close waits for the writes before it.
    static let drainLimit: TimeAmount = .seconds(30)

    /// Writes passed on whose bytes have not reached the socket yet.
    private var outstanding = 0
    /// The closes asked for while writes were outstanding (the state handler's, then the
    /// server's own when the connection's task ends), carried out together.
    private var heldCloses: [(mode: CloseMode, promise: EventLoopPromise<Void>?)] = []

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        outstanding += 1
        let written = promise ?? context.eventLoop.makePromise()
        let loop = context.eventLoop.assumeIsolated()
        written.futureResult.hop(to: loop.nonisolated()).assumeIsolated().whenComplete { [self] _ in
            outstanding -= 1
            if outstanding == 0 { releaseClose(context: context) }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard outstanding > 0, mode != .input else {
            context.close(mode: mode, promise: promise)
            return
        }
        heldCloses.append((mode, promise))
        guard heldCloses.count == 1 else { return }
        context.flush()
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.drainLimit) { [self] in
            releaseClose(context: context)
        }
    }

    /// Carries out the held closes, if any: the widest first, the others after it.
    private func releaseClose(context: ChannelHandlerContext) {
        guard !heldCloses.isEmpty else { return }
        let held = heldCloses
        heldCloses = []
        let mode: CloseMode = held.contains { $0.mode == .all } ? .all : held[0].mode
        let closed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: mode, promise: closed)
        for close in held { close.promise.map { closed.futureResult.cascade(to: $0) } }
    }
}
