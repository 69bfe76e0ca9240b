import NIOCore
import Synchronization

/// One live stream as the ``LiveBroadcaster`` sees it: the board filter it applies and the
/// bounded buffer its response writer drains — bounded in bytes as well as in chunks, so a
/// client that never reads holds at most ``byteLimit`` bytes of this server's memory.
final class LiveSubscriber: Sendable {
    /// The most bytes the buffer holds; a chunk that would pass it ends the stream.
    static let byteLimit = 1 << 20
    /// The bytes a catch-up fills the buffer to before it waits for its client.
    static let catchUpBytes = 128 << 10

    /// Which events this stream sends.
    let filter: BoardFilter
    /// The buffer's input. Chunks go in through ``offer(_:)``, which counts them; only its end
    /// goes in here directly.
    let sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
    /// The most chunks the buffer holds.
    let backlog: Int

    private struct Buffer {
        /// Chunks offered and not yet taken by the response writer, and their bytes.
        var chunks = 0
        var bytes = 0
        /// The catch-up waiting for room, if any.
        var waiter: CheckedContinuation<Void, Never>?
        /// Whether the stream has ended or its catch-up was cancelled: nobody waits any more.
        var closed = false
    }

    private let buffer = Mutex(Buffer())

    /// A subscriber with filter `filter` and a buffer of at most `backlog` chunks (and
    /// ``byteLimit`` bytes), and the buffer's output for the response writer.
    static func make(filter: BoardFilter, backlog: Int) -> (LiveSubscriber, AsyncThrowingStream<ByteBuffer, any Error>) {
        let (chunks, sink) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let subscriber = LiveSubscriber(filter: filter, sink: sink, backlog: backlog)
        sink.onTermination = { [weak subscriber] _ in subscriber?.close() }
        return (subscriber, chunks)
    }

    private init(filter: BoardFilter, sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation, backlog: Int) {
        self.filter = filter
        self.sink = sink
        self.backlog = backlog
        OpenStreams.all.opened()
    }

    deinit {
        OpenStreams.all.closed()
    }

    /// Whether a catch-up holding `pending` bytes for the buffer may take more: the buffer is
    /// less than half full in chunks, and it and `pending` are below ``catchUpBytes``.
    func hasRoom(besides pending: Int = 0) -> Bool {
        buffer.withLock { Self.hasRoom($0, backlog: backlog, besides: pending) }
    }

    /// Called by the response writer for each chunk it has taken from the buffer.
    func took(_ chunk: ByteBuffer) {
        let waiter: CheckedContinuation<Void, Never>? = buffer.withLock { buffer in
            buffer.chunks -= 1
            buffer.bytes -= chunk.readableBytes
            guard Self.hasRoom(buffer, backlog: backlog) else { return nil }
            defer { buffer.waiter = nil }
            return buffer.waiter
        }
        waiter?.resume()
    }

    /// Waits until ``hasRoom``: a catch-up goes at its client's pace instead of overflowing the
    /// buffer (which would end the stream). Waits without polling; throws when cancelled.
    func waitForRoom() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = buffer.withLock { buffer in
                    guard !buffer.closed, !Self.hasRoom(buffer, backlog: backlog) else { return true }
                    buffer.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            close()
        }
        try Task.checkCancellation()
    }

    /// Puts a chunk (an event's bytes, a heartbeat, an acknowledgement) in the buffer. `false`
    /// when the stream has ended, or when the buffer was full: a client too slow for the buffer
    /// has its stream ended then (after what the buffer holds), and resumes from its
    /// `Last-Event-ID`, so nothing is lost.
    func offer(_ chunk: ByteBuffer) -> Bool {
        let fits: Bool = buffer.withLock { buffer in
            guard !buffer.closed, buffer.chunks < backlog, buffer.bytes + chunk.readableBytes <= Self.byteLimit else { return false }
            buffer.chunks += 1
            buffer.bytes += chunk.readableBytes
            return true
        }
        guard fits else {
            sink.finish()
            return false
        }
        if case .terminated = sink.yield(chunk) { return false }
        return true
    }

    /// Ends the waiting: the stream has ended or its catch-up is cancelled.
    private func close() {
        let waiter: CheckedContinuation<Void, Never>? = buffer.withLock { buffer in
            buffer.closed = true
            defer { buffer.waiter = nil }
            return buffer.waiter
        }
        waiter?.resume()
    }

    private static func hasRoom(_ buffer: Buffer, backlog: Int, besides pending: Int = 0) -> Bool {
        buffer.chunks < max(backlog / 2, 1) && buffer.bytes + pending < catchUpBytes
    }
}
