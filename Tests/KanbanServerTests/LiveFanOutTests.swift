import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanCore
import KanbanTestSupport
import Logging
import NIOCore
import Testing

@testable import KanbanServer

/// Serialized, with time limits far above their few seconds alone: each of these writes thousands
/// of events while the rest of the suite shares the same two cores.
@Suite("Live streams share one encoder", .serialized)
struct LiveFanOutTests {
    /// A stream under test: where it starts, which board it follows, and its socket.
    private struct Subscriber {
        let start: UInt64
        let board: String?
        let socket: LineSocket
    }

    @Test(
        "Twenty streams, filtered and resuming, each get exactly their events in order during a burst from the API and another engine; each event is encoded once",
        .timeLimit(.minutes(5))
    )
    func twentySubscribersDuringBurst() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("fanout.db")
        let engine = try KanbanEngine(path: path)
        let other = try KanbanEngine(path: path)  // stands for a CLI process on the same database
        // A log long enough that a catch-up's last page takes a while to encode: the shared
        // stream runs ahead meanwhile, and the hand-over has a gap to read.
        try engine.importer.generate(events: 900)
        try await engine.execute(.createBoard(name: "ops"), actor: "ana")
        try await engine.execute(.addCard(board: "ops", title: "second"), actor: "ana")
        try await engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
        let before = try engine.lastSequence()
        try await ServerHarness.withLiveServer(engine: engine) { client, server in
            let port = try #require(client.port)
            let api = APIClient(client: client)
            func open(_ board: String?, after: UInt64? = nil, lastEventID: UInt64? = nil) async throws -> Subscriber {
                // Generous: the whole suite shares two cores with this burst.
                let socket = try LineSocket(port: port, timeout: 30)
                var query: [String] = []
                if let board { query.append("board=\(board)") }
                if let after { query.append("after=\(after)") }
                let headers = lastEventID.map { ["Last-Event-ID": "\($0)"] } ?? [:]
                try socket.get("/api/events" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), headers: headers)
                // Once the answer's head is back, the stream's start is fixed.
                #expect(await socket.nextLine() == "HTTP/1.1 200 OK")
                return Subscriber(start: lastEventID ?? after ?? before, board: board, socket: socket)
            }

            var subscribers: [Subscriber] = []
            for _ in 0..<8 { subscribers.append(try await open(nil)) }
            for _ in 0..<4 { subscribers.append(try await open("main")) }
            for _ in 0..<2 { subscribers.append(try await open(nil, lastEventID: 2)) }
            for _ in 0..<2 { subscribers.append(try await open("ops", after: 1)) }
            // Every stream has caught up and joined the shared one before anything is written.
            while server.broadcaster.subscribers < 16 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(try await Self.encodedCount(api) == 0)

            // The burst: this server's API and another engine write at once, on both boards.
            async let fromAPI: Void = {
                for index in 0..<30 {
                    let board = index.isMultiple(of: 3) ? "ops" : "main"
                    let answer = try await api.post("/api/boards/\(board)/cards", #"{"title": "api \#(index)"}"#)
                    #expect(answer.status == 201)
                }
            }()
            // The other engine writes on until every late stream has joined, so that commits land
            // while they catch up and hand over.
            async let fromOtherEngine: Void = {
                var index = 0
                while index < 30 || (server.broadcaster.subscribers < 20 && index < 5_000) {
                    let board = index.isMultiple(of: 2) ? "ops" : "main"
                    try await other.execute(.addCard(board: board, title: "cli \(index)"), actor: "cli")
                    index += 1
                }
            }()
            // Four more join mid-burst from old sequences, while the shared stream runs ahead.
            while try engine.lastSequence() < before + 10 { try await Task.sleep(for: .milliseconds(5)) }
            for _ in 0..<2 { subscribers.append(try await open(nil, after: 0)) }
            for _ in 0..<2 { subscribers.append(try await open("main", lastEventID: 3)) }
            try await fromAPI
            try await fromOtherEngine
            #expect(subscribers.count == 20)

            let log = try engine.events(after: 0, limit: nil)
            #expect(log.count >= Int(before) + 60)
            let boards = try engine.withState { state in
                ["main": state.board(named: "main")?.id, "ops": state.board(named: "ops")?.id]
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for subscriber in subscribers {
                    let board = try subscriber.board.map { try #require(boards[$0] ?? nil) }
                    let expected = log.filter { $0.sequence > subscriber.start && (board == nil || $0.board == board) }.map(\.sequence)
                    group.addTask {
                        let received = await subscriber.socket.nextEventIDs(expected.count)
                        #expect(received == expected, "stream from \(subscriber.start) on \(subscriber.board ?? "every board")")
                    }
                }
                try await group.waitForAll()
            }

            // Nothing repeated after the last one either: the next event on each board comes next.
            let onMain = try await engine.execute(.addCard(board: "main", title: "after main"), actor: "ana")
            let onOps = try await engine.execute(.addCard(board: "ops", title: "after ops"), actor: "ana")
            let finals = [try #require(onMain.last?.sequence), try #require(onOps.last?.sequence)]
            for subscriber in subscribers {
                let expected = subscriber.board == "main" ? [finals[0]] : subscriber.board == "ops" ? [finals[1]] : finals
                #expect(await subscriber.socket.nextEventIDs(expected.count) == expected)
            }
            // Each event after the first stream opened was encoded once, not once per stream.
            let encoded = try await Self.encodedCount(api)
            #expect(encoded == Int(try engine.lastSequence() - before))
        }
    }

    @Test("A stalled subscriber is cut off when its buffer is full, without holding up the others; the last to leave stops the reader", .timeLimit(.minutes(1)))
    func stalledSubscriberIsCutOff() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("stall.db"))
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        let metrics = ServerMetrics()
        let broadcaster = LiveBroadcaster(engine: engine, metrics: metrics)
        let start = try engine.lastSequence()
        let (stalled, stalledChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        let (reader, readerChunks) = LiveSubscriber.make(filter: try BoardFilter(name: "main", engine: engine), backlog: EventStreamRoutes.backlog)
        try await broadcaster.feed(stalled, after: start)
        try await broadcaster.feed(reader, after: start)
        #expect(broadcaster.subscribers == 2)

        // The reader drains as events come; the stalled one is never read while they do.
        let reading = Task {
            var ids: [UInt64] = []
            for try await chunk in readerChunks {
                ids.append(try Self.eventID(chunk))
                if ids.count == 30 { break }
            }
            return ids
        }
        for index in 0..<30 {
            try await engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana")
        }
        #expect(try await reading.value == Array(start + 1...start + 30))
        #expect(broadcaster.subscribers == 1)

        // The stalled stream holds what fitted in its buffer, then ends: it resumes from there.
        var stalledIDs: [UInt64] = []
        for try await chunk in stalledChunks { stalledIDs.append(try Self.eventID(chunk)) }
        #expect(stalledIDs == Array(start + 1...start + 8))
        let rendered = metrics.render(writes: engine.writeStatistics, lastSequence: try engine.lastSequence())
        #expect(rendered.contains("\nkanban_live_events_encoded_total 30\n"))

        // The last subscriber leaving stops the shared reader; the next one starts it again.
        broadcaster.leave(reader)
        #expect(broadcaster.subscribers == 0)
        let restart = try engine.lastSequence()
        let (again, againChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        try await broadcaster.feed(again, after: restart)
        try await engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
        var iterator = againChunks.makeAsyncIterator()
        let next = try #require(try await iterator.next())
        #expect(try Self.eventID(next) == restart + 1)
        broadcaster.leave(again)
        #expect(broadcaster.subscribers == 0)
    }

    @Test("A stream that starts at the log's end joins at once, even while catch-ups hold every turn", .timeLimit(.minutes(1)))
    func joinsAtTheEndWithoutATurn() async throws {
        // Found with the load script: 100 streams opened at once queued for the one catch-up
        // turn although none had anything to read, and a burst of moves went by meanwhile
        // (a p99 of 200+ ms from a move's answer to its event on every stream).
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("turns.db"))
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        let broadcaster = LiveBroadcaster(engine: engine, metrics: ServerMetrics())
        for _ in 0..<broadcaster.turns.limit { await broadcaster.turns.start() }
        let end = try engine.lastSequence()
        let (fresh, chunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        try await broadcaster.feed(fresh, after: end)
        #expect(broadcaster.subscribers == 1)
        try await engine.execute(.addCard(board: "main", title: "live"), actor: "ana")
        var iterator = chunks.makeAsyncIterator()
        #expect(try Self.eventID(try #require(try await iterator.next())) == end + 1)
        for _ in 0..<broadcaster.turns.limit { broadcaster.turns.finish() }
        broadcaster.leave(fresh)
    }

    @Test("Closing the broadcaster (the server shutting down) ends every stream and stops the reader; a stream that comes later ends at once", .timeLimit(.minutes(1)))
    func closeEndsEveryStream() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("close.db"))
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        let broadcaster = LiveBroadcaster(engine: engine, metrics: ServerMetrics())
        let end = try engine.lastSequence()
        let (first, firstChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        let (second, secondChunks) = LiveSubscriber.make(filter: try BoardFilter(name: "main", engine: engine), backlog: 8)
        try await broadcaster.feed(first, after: end)
        try await broadcaster.feed(second, after: 0)
        #expect(broadcaster.subscribers == 2)
        broadcaster.close()
        #expect(broadcaster.subscribers == 0)
        var firstIDs: [UInt64] = []
        for try await chunk in firstChunks { firstIDs.append(try Self.eventID(chunk)) }
        #expect(firstIDs.isEmpty)
        var secondCount = 0
        for try await _ in secondChunks { secondCount += 1 }
        #expect(secondCount >= 1)  // what its catch-up had sent (event 1), then the end

        let (late, lateChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        try await broadcaster.feed(late, after: end)
        #expect(broadcaster.subscribers == 0)
        try await engine.execute(.addCard(board: "main", title: "after"), actor: "ana")
        var lateCount = 0
        for try await _ in lateChunks { lateCount += 1 }
        #expect(lateCount == 0)
    }

    @Test("A stream asked to start past the log's end gets nothing up to there and holds up no one", .timeLimit(.minutes(1)))
    func startPastTheEnd() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("ahead.db"))
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        let broadcaster = LiveBroadcaster(engine: engine, metrics: ServerMetrics())
        let end = try engine.lastSequence()
        let (ahead, aheadChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        let (current, currentChunks) = LiveSubscriber.make(filter: try BoardFilter(name: nil, engine: engine), backlog: 8)
        try await broadcaster.feed(ahead, after: end + 2)
        try await broadcaster.feed(current, after: end)
        #expect(broadcaster.subscribers == 2)
        for index in 0..<3 {
            try await engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana")
        }
        var currentIterator = currentChunks.makeAsyncIterator()
        var aheadIterator = aheadChunks.makeAsyncIterator()
        for sequence in end + 1...end + 3 {
            #expect(try Self.eventID(try #require(try await currentIterator.next())) == sequence)
        }
        #expect(try Self.eventID(try #require(try await aheadIterator.next())) == end + 3)
        broadcaster.leave(ahead)
        broadcaster.leave(current)
    }

    @Test(
        "A stream too slow for its buffer ends after what it holds while the others get every event, and resumes from its Last-Event-ID",
        .timeLimit(.minutes(5))
    )
    func stalledStreamEndsAndResumes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("stalled.db")
        let engine = try KanbanEngine(path: path)
        let other = try KanbanEngine(path: path)  // stands for a CLI process on the same database
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        try await ServerHarness.withLiveServer(engine: engine) { client, server in
            let port = try #require(client.port)
            let stalled = try LineSocket(port: port, timeout: 30, receiveBuffer: 4_096)
            try stalled.get("/api/events")
            #expect(await stalled.nextLine() == "HTTP/1.1 200 OK")
            let reader = try LineSocket(port: port, timeout: 30)
            try reader.get("/api/events")
            #expect(await reader.nextLine() == "HTTP/1.1 200 OK")
            while server.broadcaster.subscribers < 2 { try await Task.sleep(for: .milliseconds(5)) }

            // Batches from another process until the stalled stream's buffer (and its sockets')
            // overflows; the reader gets each batch whole meanwhile.
            let start = try engine.lastSequence()
            var end = start
            var batches = 0
            while server.broadcaster.subscribers == 2 && batches < Self.stallBatchLimit {
                try other.importer.generate(events: 1_024)
                let last = try engine.lastSequence()
                let received = await reader.nextEventIDs(Int(last - end))
                #expect(received == Array(end + 1...last))
                guard received == Array(end + 1...last) else { return }
                end = last
                batches += 1
            }
            #expect(server.broadcaster.subscribers == 1)

            let (held, ended) = await stalled.nextEventIDsUntilEnd()
            #expect(ended)
            let last = try #require(held.last)
            #expect(held == Array(start + 1...last))
            #expect(last < end)
            let resumed = try LineSocket(port: port, timeout: 30)
            try resumed.get("/api/events", headers: ["Last-Event-ID": "\(last)"])
            #expect(await resumed.nextEventIDs(Int(end - last)) == Array(last + 1...end))
        }
    }

    /// At most how many batches of 1,024 events the stalled-stream test writes before it gives up
    /// waiting for the stalled stream to be cut off (the backlog of 4,096 and what the kernel
    /// buffers on both ends of a loopback connection take about a dozen).
    private static let stallBatchLimit = 100

    /// `kanban_live_events_encoded_total` from `/metrics`.
    private static func encodedCount(_ api: APIClient) async throws -> Int {
        let metrics = try await api.get("/metrics")
        let line = try #require(metrics.text.split(separator: "\n").first { $0.hasPrefix("kanban_live_events_encoded_total ") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// The `id:` of one encoded event.
    private static func eventID(_ chunk: ByteBuffer) throws -> UInt64 {
        let text = String(buffer: chunk)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") })
        return try #require(UInt64(line.dropFirst(4)))
    }
}
