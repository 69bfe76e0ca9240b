import Foundation
import KanbanTestSupport
import Testing

/// `kanban serve` against live streams whose clients never read: each stream holds a bounded
/// number of bytes, catch-ups take turns, and the memory comes back when the streams close.
@Suite("kanban serve: streams that never read")
struct CLIServeStreamMemoryTests {
    typealias Connection = CLIServeLimitsTests.Connection
    typealias RunningServer = CLIServeLimitsTests.RunningServer

    /// The streams opened.
    static let streams = 500
    /// The events in the log they all ask for from the start.
    static let events = 100_000

    @Test("500 streams that never read on a 100,000-event log: the server stays under 1 GB, /healthz answers within 1 s, and the memory comes back when they close", .timeLimit(.minutes(3)))
    func neverReadingStreams() throws {
        let server = try RunningServer([], events: Self.events)
        defer { server.stop() }
        let process = server.process.processIdentifier
        let before = try #require(Self.residentMegabytes(of: process))
        var streams: [Connection] = []
        for _ in 0..<Self.streams {
            let stream = try Connection(port: server.port)
            stream.send("GET /api/events?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            streams.append(stream)
        }
        // The streams fill their buffers (and the sockets') meanwhile; the peak is watched until it
        // has stopped growing for three seconds, or twenty seconds have passed.
        var peak = before
        var slowest = 0.0
        var lastGrowth = Date()
        let start = Date()
        while Date().timeIntervalSince(start) < 20 && Date().timeIntervalSince(lastGrowth) < 3 {
            let (answered, seconds) = try Self.health(port: server.port)
            #expect(answered)
            slowest = max(slowest, seconds)
            let now = try #require(Self.residentMegabytes(of: process))
            if now > peak + 5 { lastGrowth = Date() }
            peak = max(peak, now)
            usleep(250_000)
        }
        #expect(peak < 1_024, "peak resident memory \(peak) MB (from \(before) MB)")
        #expect(slowest < 1, "/healthz took \(slowest) s")
        streams.removeAll()
        var after = peak
        for _ in 0..<40 where after > before + 150 {
            usleep(250_000)
            after = try #require(Self.residentMegabytes(of: process))
        }
        #expect(after <= before + 150, "resident memory \(after) MB once the streams closed (from \(before) MB, peak \(peak) MB)")
    }

    /// Whether `GET /healthz` on a new connection was answered 200, and how long it took.
    static func health(port: Int) throws -> (answered: Bool, seconds: Double) {
        let start = Date()
        let connection = try Connection(port: port)
        connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answered = connection.receive(within: 10).text.hasPrefix("HTTP/1.1 200")
        return (answered, Date().timeIntervalSince(start))
    }

    /// `VmRSS` of process `id` in MB.
    static func residentMegabytes(of id: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return nil }
        return kilobytes / 1_024
    }
}
