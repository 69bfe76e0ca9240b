import Kanban
import KanbanCore
import NIOCore
import Synchronization

/// The live streams' one reader and encoder: follows the log (this server's commits and every
/// other process's), encodes each event once, and hands the same bytes to every subscriber
/// whose board filter admits it.
///
/// It starts with its first subscriber and stops when the last one leaves, so a server nobody
/// watches reads and encodes nothing. A subscriber that asks for older events catches up from
/// the log alone (read and encoded for it), then joins the shared stream; the hand-over is on
/// sequence numbers: it joins only when the shared stream has not passed the last event it
/// read (else it reads the gap and asks again), and shared events at or before that one are
/// skipped for it. So it gets each event once, in order.
///
/// A subscriber whose buffer is full has its stream ended and is dropped; the others are not
/// slowed (putting bytes in a buffer never waits). Catch-ups take turns to read and batch pages
/// (``CatchUpTurns``), and hold no page while they wait for their client, so a
/// stream that never reads holds only what its buffer holds. No lock is held across an await.
final class LiveBroadcaster: Sendable {
    /// How many events a catch-up reads from the log at once.
    static let catchUpPage = 512
    /// How many catch-ups read the log (or a kept page) at once.
    static let catchUpReaders = 1
    /// The bytes of events a catch-up puts in one chunk.
    static let catchUpBatch = 16 << 10

    private struct Member {
        let subscriber: LiveSubscriber
        /// Shared events up to this one are not sent to the subscriber: it read them from the log
        /// (or asked to start after them).
        let joinedAfter: UInt64
    }

    private struct State {
        var members: [ObjectIdentifier: Member] = [:]
        /// The last event the shared stream has handed out (while `follower` runs).
        var published: UInt64 = 0
        /// The task reading the log for the shared stream; `nil` while nobody subscribes.
        var follower: Task<Void, Never>?
        /// Tells a stopped follower, still finishing an event, that it is no longer the one.
        var generation = 0
        /// Whether the server is shutting down: no stream joins any more.
        var isClosed = false
    }

    private let engine: KanbanEngine
    private let metrics: ServerMetrics
    private let state = Mutex(State())
    /// The log as catching-up streams read it, shared between them.
    private let pages: CatchUpPages
    /// The turns catch-ups take to read and batch pages.
    let turns = CatchUpTurns(limit: catchUpReaders)

    init(engine: KanbanEngine, metrics: ServerMetrics) {
        self.engine = engine
        self.metrics = metrics
        pages = CatchUpPages(engine: engine, size: Self.catchUpPage)
    }

    /// The subscribers on the shared stream now.
    var subscribers: Int { state.withLock { $0.members.count } }

    /// Sends `subscriber` every event after `sequence` that its filter admits: what the log
    /// holds, a page at a time from pages shared by every stream catching up (``CatchUpPages``)
    /// and no faster than its client takes them (``LiveSubscriber/waitForRoom()``), then, once it
    /// has joined the shared stream, each commit as it lands. Returns when it has joined or its
    /// stream has ended (call ``leave(_:)`` afterwards in either case). Throws when the log
    /// cannot be read or an event encoded, or when cancelled while waiting.
    func feed(_ subscriber: LiveSubscriber, after sequence: UInt64) async throws {
        // Where the log has been read to. A sequence past the log's end (a Last-Event-ID from
        // another database, say) is read from the end, and nothing up to it is sent.
        let end = try engine.lastSequence()
        var last = min(sequence, end)
        // A stream that starts at the log's end (no Last-Event-ID, or one that is up to date)
        // has nothing to read: it joins the shared stream at once, rather than wait for a turn
        // behind streams that are reading while the commits it should see go by.
        if last == end, join(subscriber, after: last, skippingThrough: max(last, sequence)) { return }
        while !Task.isCancelled {
            try await subscriber.waitForRoom()
            // Reading and batching a page is the catch-up's work: it is done in turns.
            let step = try await turns.take { try sendPage(to: subscriber, after: &last, asked: sequence) }
            switch step {
            case .ended: return
            case .full: continue
            case .sent(let reachedEnd):
                if reachedEnd, join(subscriber, after: last, skippingThrough: max(last, sequence)) { return }
                // Other requests (health checks, writes) run between pages.
                await Task.yield()
            }
        }
    }

    /// What one step of a catch-up did.
    private enum CatchUpStep {
        /// The stream has ended.
        case ended
        /// The buffer filled before the page's end: wait for the client, then go on.
        case full
        /// The page went out; `reachedEnd` when it was the log's last.
        case sent(reachedEnd: Bool)
    }

    /// Puts the events after `last` to the end of its page that `subscriber` admits (and that
    /// come after `asked`) in its buffer while it has room, in batches of about
    /// ``catchUpBatch`` bytes (one chunk to write, not one per event); moves `last` on past
    /// what it handled. Holds the page only while it runs: a stream waiting for its client
    /// holds none.
    private func sendPage(to subscriber: LiveSubscriber, after last: inout UInt64, asked: UInt64) throws -> CatchUpStep {
        let page = try pages.entries(after: last)
        var batch = ByteBuffer()
        var batched = 0
        var full = false
        for entry in page {
            if entry.event.sequence > asked {
                guard subscriber.hasRoom(besides: batch.readableBytes) else {
                    full = true
                    break
                }
                if subscriber.filter.admits(entry.event) {
                    if batched == 0 { batch.reserveCapacity(Self.catchUpBatch + entry.bytes.readableBytes) }
                    batch.writeImmutableBuffer(entry.bytes)
                    batched += 1
                    if batch.readableBytes >= Self.catchUpBatch {
                        guard offer(batch, events: batched, to: subscriber) else { return .ended }
                        batch = ByteBuffer()
                        batched = 0
                    }
                }
            }
            last = entry.event.sequence
        }
        if batched > 0, !offer(batch, events: batched, to: subscriber) { return .ended }
        if full { return .full }
        // A page ends on a multiple of its size; one that stops short is the log's end.
        return .sent(reachedEnd: page.last.map { $0.event.sequence % UInt64(pages.size) != 0 } ?? true)
    }

    /// Puts `events` events' bytes, `batch`, in `subscriber`'s buffer and counts them; `false`
    /// when its stream has ended.
    private func offer(_ batch: ByteBuffer, events: Int, to subscriber: LiveSubscriber) -> Bool {
        guard subscriber.offer(batch) else { return false }
        metrics.recordStreamedEvents(events)
        return true
    }

    /// Takes `subscriber` off the shared stream (nothing when it is not on it); stops reading
    /// the log when it was the last.
    func leave(_ subscriber: LiveSubscriber) {
        state.withLock { state in
            guard state.members.removeValue(forKey: ObjectIdentifier(subscriber)) != nil else { return }
            if state.members.isEmpty { Self.stop(&state) }
        }
    }

    /// Puts `subscriber`, which has read the log up to `last`, on the shared stream, starting
    /// the stream after `last` when none runs; it is sent shared events after `skipped`. `false`
    /// when the shared stream has already handed out events after `last`: the subscriber reads
    /// those from the log first.
    private func join(_ subscriber: LiveSubscriber, after last: UInt64, skippingThrough skipped: UInt64) -> Bool {
        let joined: Bool? = state.withLock { state in
            // Shutting down: the stream ends instead (it is not kept, so it counts as handled).
            if state.isClosed { return nil }
            if state.follower == nil {
                state.generation += 1
                state.published = last
                let generation = state.generation
                state.follower = Task { await self.follow(after: last, generation: generation) }
            } else if state.published > last {
                return false
            }
            state.members[ObjectIdentifier(subscriber)] = Member(subscriber: subscriber, joinedAfter: skipped)
            return true
        }
        guard let joined else {
            subscriber.sink.finish()
            return true
        }
        return joined
    }

    /// Ends every stream and stops reading the log, for good: the server is shutting down
    /// (``LiveBroadcasterService``). A stream that comes to join afterwards is ended at once.
    func close() {
        let members: [Member] = state.withLock { state in
            state.isClosed = true
            defer {
                state.members = [:]
                Self.stop(&state)
            }
            return Array(state.members.values)
        }
        for member in members { member.subscriber.sink.finish() }
    }

    /// The shared stream: reads each commit after `start` once, encodes each event once (when
    /// some subscriber's filter admits it) and offers the bytes to those subscribers, until the
    /// generation changes (the last subscriber left).
    private func follow(after start: UInt64, generation: Int) async {
        do {
            for try await event in engine.events(after: start) {
                let targets: [LiveSubscriber]? = state.withLock { state in
                    guard state.generation == generation else { return nil }
                    state.published = event.sequence
                    return state.members.values.compactMap { member in
                        event.sequence > member.joinedAfter && member.subscriber.filter.admits(event) ? member.subscriber : nil
                    }
                }
                guard let targets else { return }
                guard !targets.isEmpty else { continue }
                let chunk: ByteBuffer
                do {
                    chunk = try ServerSentEvent.event(event)
                } catch {
                    for target in targets {
                        target.sink.finish(throwing: error)
                        leave(target)
                    }
                    continue
                }
                metrics.recordEncodedEvent()
                for target in targets {
                    if target.offer(chunk) { metrics.recordStreamedEvents(1) } else { leave(target) }
                }
            }
        } catch {
            // The log cannot be read on (an event that does not decode): end every stream with
            // the error, as each stream's own reader did; a reconnect meets it again.
            let members: [Member] = state.withLock { state in
                guard state.generation == generation else { return [] }
                defer {
                    state.members = [:]
                    Self.stop(&state)
                }
                return Array(state.members.values)
            }
            for member in members { member.subscriber.sink.finish(throwing: error) }
        }
    }

    /// Stops the follower; the next subscriber starts a new one.
    private static func stop(_ state: inout State) {
        state.follower?.cancel()
        state.follower = nil
        state.generation += 1
    }
}
