import Kanban
import KanbanCore
import NIOCore
import Synchronization

/// The log read and encoded a page at a time for streams that catch up, shared between them:
/// pages are aligned on sequence numbers (events 1–512, 513–1024, …), and a whole page, once
/// read, is kept (the newest ``capacity`` of them), so 500 streams catching up from the log's
/// start read and encode it once, not 500 times. The log's last, partial page is never kept.
final class CatchUpPages: Sendable {
    /// One event of a page, encoded as the stream sends it.
    struct Entry: Sendable {
        let event: RecordedEvent
        let bytes: ByteBuffer
    }

    /// Events per page.
    let size: Int
    /// Whole pages kept.
    let capacity: Int
    private let engine: KanbanEngine
    /// The whole pages kept, the order they came in, and the engine's cuts when they were read
    /// (``Kanban/EngineSync/cutCount``): a cut of a node's cache may take events they hold.
    private let kept = Mutex<(pages: [UInt64: [Entry]], order: [UInt64], cuts: UInt64)>(([:], [], 0))

    init(engine: KanbanEngine, size: Int, capacity: Int = 32) {
        self.engine = engine
        self.size = max(size, 1)
        self.capacity = max(capacity, 1)
    }

    /// The events after `sequence` up to the end of its page (fewer at the log's end), encoded;
    /// empty when the log ends at `sequence`.
    func entries(after sequence: UInt64) throws -> ArraySlice<Entry> {
        let pageSize = UInt64(size)
        let index = sequence / pageSize
        let page = try self.page(index)
        // The page holds events index*size+1 … (index+1)*size, in order and without gaps.
        let skip = Int(sequence - index * pageSize)
        return page.dropFirst(skip)
    }

    /// Page `index`: from the kept pages, else read and encoded (and kept when whole).
    private func page(_ index: UInt64) throws -> [Entry] {
        let cuts = engine.sync.cutCount
        let found: [Entry]? = kept.withLock { kept in
            if kept.cuts != cuts { kept = ([:], [], cuts) }
            return kept.pages[index]
        }
        if let found { return found }
        let (start, overflow) = index.multipliedReportingOverflow(by: UInt64(size))
        guard !overflow else { return [] }
        let events = try engine.events(after: start, limit: size)
        let page = try events.map { Entry(event: $0, bytes: try ServerSentEvent.event($0)) }
        if page.count == size {
            kept.withLock { kept in
                guard kept.pages[index] == nil, kept.cuts == cuts, engine.sync.cutCount == cuts else { return }
                kept.pages[index] = page
                kept.order.append(index)
                if kept.order.count > capacity { kept.pages[kept.order.removeFirst()] = nil }
            }
        }
        return page
    }
}
