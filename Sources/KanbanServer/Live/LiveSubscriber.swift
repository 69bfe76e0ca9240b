import NIOCore
import Synchronization

/// One live stream as the ``LiveBroadcaster`` sees it: the board filter it applies and the
/// bounded buffer its response writer drains.
final class LiveSubscriber: Sendable {
    /// Which events this stream sends.
    let filter: BoardFilter
    /// The buffer's input: events, heartbeats, and its end.
    let sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
    /// The most chunks the buffer holds.
    let backlog: Int
    /// Events offered and not yet taken by the response writer.
    private let queued = Atomic<Int>(0)

    /// A subscriber with filter `filter` and a buffer of at most `backlog` chunks, and the
    /// buffer's output for the response writer.
    static func make(filter: BoardFilter, backlog: Int) -> (LiveSubscriber, AsyncThrowingStream<ByteBuffer, any Error>) {
        let (chunks, sink) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream(bufferingPolicy: .bufferingOldest(backlog))
        return (LiveSubscriber(filter: filter, sink: sink, backlog: backlog), chunks)
    }

    private init(filter: BoardFilter, sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation, backlog: Int) {
        self.filter = filter
        self.sink = sink
        self.backlog = backlog
    }

    /// Called by the response writer for each event it has taken from the buffer.
    func took() {
        queued.subtract(1, ordering: .relaxed)
    }

    /// Waits while the buffer is half full: a catch-up goes at its client's pace instead of
    /// overflowing the buffer (which would end the stream). Throws when cancelled.
    func waitForRoom() async throws {
        while queued.load(ordering: .relaxed) >= max(backlog / 2, 1) {
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Puts an event's bytes in the buffer. `false` when the stream has ended, or when the
    /// buffer was full: a client too slow for the backlog has its stream ended then (after what
    /// the buffer holds), and resumes from its `Last-Event-ID`, so nothing is lost.
    func offer(_ chunk: ByteBuffer) -> Bool {
        switch sink.yield(chunk) {
        case .enqueued:
            queued.add(1, ordering: .relaxed)
            return true
        case .terminated:
            return false
        case .dropped:
            sink.finish()
            return false
        @unknown default:
            sink.finish()
            return false
        }
    }
}
