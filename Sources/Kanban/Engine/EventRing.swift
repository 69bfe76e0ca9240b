import CPrefetch
import Glibc
import Synchronization

/// Hands encoded events from the thread that reads them out of the log to the thread that
/// applies them, one reader and one applier: replay on two threads. Only where an event lies
/// crosses (its sequence and its bytes in the map of a read transaction, which stay valid
/// until the transaction ends); nothing is decoded, allocated or freed on the reading side, so
/// no memory and no reference count moves between the cores.
///
/// The entries go round a fixed buffer. Each side publishes its progress every
/// ``publishEvery`` entries (and the reader at its end), so the two cores share a cache line a
/// few hundred times a second, not once an event. A side that finds nothing to do waits:
/// the reader, far ahead, sleeps a little; the applier yields its core, and sleeps a little
/// once the reader is slow to come back (waiting on the disk).
final class EventRing: @unchecked Sendable {
    /// One event: where it is in the log, and its bytes.
    private struct Entry {
        var sequence: UInt64
        var start: UnsafeRawPointer?
        var count: Int
    }

    /// Entries in the buffer unless told otherwise: 16,384 events, a few megabytes of them
    /// ahead of the applier.
    static let defaultCapacity = 1 << 14
    /// How many events ahead of the one handed out the applier asks for an event's bytes.
    static let prefetchDistance = 8

    /// Entries in the buffer (a power of two).
    let capacity: Int
    /// Entries between two publications of a side's progress: 256, fewer in a small buffer.
    let publishEvery: Int
    private let entries: UnsafeMutableBufferPointer<Entry>
    /// Entries the reader has made visible.
    private let written = Atomic<Int>(0)
    /// Entries the applier is done with (their places may be written again).
    private let taken = Atomic<Int>(0)
    /// The reader reached its end: what it wrote is all there is.
    private let finished = Atomic<Bool>(false)
    /// The applier stopped (it failed, or has what it needs): the reader stops too.
    private let stopped = Atomic<Bool>(false)

    // Each side's own counters lie on cache lines of their own (128 bytes apart: cores fetch
    // lines in pairs). The reader moves its counter at every event and the applier reads its
    // own at every event; on one line, every put took the line from the applier's core, which
    // then waited for it back (a tenth of the applier's time, measured).
    private let paddingBeforeReader = InlineArray<16, UInt64>(repeating: 0)

    // The reader's own counters.
    private var readerNext = 0
    private var readerRoom: Int

    private let paddingBeforeApplier = InlineArray<16, UInt64>(repeating: 0)

    // The applier's own counters.
    private var applierNext = 0
    private var applierAvailable = 0

    private let paddingAfterApplier = InlineArray<16, UInt64>(repeating: 0)

    /// A ring of `capacity` entries, rounded up to a power of two (at least 2).
    init(capacity: Int = EventRing.defaultCapacity) {
        var rounded = 2
        while rounded < capacity && rounded < 1 << 24 { rounded <<= 1 }
        self.capacity = rounded
        publishEvery = max(1, min(256, rounded / 4))
        entries = .allocate(capacity: rounded)
        readerRoom = rounded
    }

    deinit { entries.deallocate() }

    // MARK: The reading thread

    /// Adds event `sequence`, whose bytes are `bytes`. Returns `false` once the applier has
    /// stopped: read no further.
    func put(_ sequence: UInt64, _ bytes: UnsafeRawBufferPointer) -> Bool {
        if readerNext == readerRoom {
            // The buffer is full as far as the reader last knew: publish, and wait for room.
            written.store(readerNext, ordering: .releasing)
            while true {
                if stopped.load(ordering: .relaxed) { return false }
                readerRoom = taken.load(ordering: .acquiring) + capacity
                if readerNext < readerRoom { break }
                usleep(20)
            }
        }
        entries[readerNext & (capacity - 1)] = Entry(sequence: sequence, start: bytes.baseAddress, count: bytes.count)
        readerNext += 1
        if readerNext % publishEvery == 0 {
            written.store(readerNext, ordering: .releasing)
            if stopped.load(ordering: .relaxed) { return false }
        }
        return true
    }

    /// Marks the end: every event put is now visible, and no more come.
    func finish() {
        written.store(readerNext, ordering: .releasing)
        finished.store(true, ordering: .releasing)
    }

    // MARK: The applying thread

    /// The next event, in the order they were put, or `nil` once the reader finished and
    /// every event was taken.
    func next() -> (sequence: UInt64, bytes: UnsafeRawBufferPointer)? {
        if applierNext == applierAvailable {
            taken.store(applierNext, ordering: .releasing)
            var waits = 0
            while true {
                // Read `finished` before `written`: a finished reader published its last entry first.
                let done = finished.load(ordering: .acquiring)
                applierAvailable = written.load(ordering: .acquiring)
                if applierNext < applierAvailable { break }
                if done { return nil }
                // A reader that is not far behind is back within a few yields; one waiting on
                // the disk (a log not in the page cache) is not, and the core is better slept.
                waits += 1
                if waits < 64 { sched_yield() } else { usleep(50) }
            }
        }
        let entry = entries[applierNext & (capacity - 1)]
        // The bytes of an event a few places on were last read by the other core: ask for them now.
        if applierNext + Self.prefetchDistance < applierAvailable, let ahead = entries[(applierNext + Self.prefetchDistance) & (capacity - 1)].start {
            kanban_prefetch_for_read(ahead)
            kanban_prefetch_for_read(ahead + 64)
        }
        applierNext += 1
        if applierNext % publishEvery == 0 { taken.store(applierNext, ordering: .releasing) }
        return (entry.sequence, UnsafeRawBufferPointer(start: entry.start, count: entry.count))
    }

    /// Stops the reader: its next ``put(_:_:)`` or wait returns `false`.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }
}
