import NIOCore

/// One live stream as the ``LiveBroadcaster`` sees it: the board filter it applies and the
/// bounded buffer its response writer drains.
final class LiveSubscriber: Sendable {
    /// Which events this stream sends.
    let filter: BoardFilter
    /// The buffer's input: events, heartbeats, and its end.
    let sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation

    /// A subscriber with filter `filter` and a buffer of at most `backlog` chunks, and the
    /// buffer's output for the response writer.
    static func make(filter: BoardFilter, backlog: Int) -> (LiveSubscriber, AsyncThrowingStream<ByteBuffer, any Error>) {
        let (chunks, sink) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream(bufferingPolicy: .bufferingOldest(backlog))
        return (LiveSubscriber(filter: filter, sink: sink), chunks)
    }

    private init(filter: BoardFilter, sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation) {
        self.filter = filter
        self.sink = sink
    }

    /// Puts an event's bytes in the buffer. `false` when the stream has ended, or when the
    /// buffer was full: a client too slow for the backlog has its stream ended then (after what
    /// the buffer holds), and resumes from its `Last-Event-ID`, so nothing is lost.
    func offer(_ chunk: ByteBuffer) -> Bool {
        switch sink.yield(chunk) {
        case .enqueued:
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
