import Foundation
import KanbanTestSupport
import Testing

/// Dates in query values as a client that encodes its query as a form sends them: the space
/// between date and time as `+`.
@Suite("Dates in query values")
struct QueryDateTests {
    /// A date-time a minute from now in UTC, as `DATE`, `TIME` and offset `Z`.
    static func soon() -> (date: String, time: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let parts = formatter.string(from: Date().addingTimeInterval(60)).split(separator: " ").map(String.init)
        return (parts[0], parts[1])
    }

    @Test("A '+' right after the date of a date-time reads as the space a form encoder sent, in every date and point-in-time parameter")
    func plusAfterDate() async throws {
        try await ServerHarness.withServer { api, _ in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "dated"}"#)
            let (date, time) = Self.soon()
            let reads = [
                "/api/boards/main?at=", "/api/boards/main/diff?from=1&to=", "/api/boards/main/history?since=",
                "/api/boards/main/history?until=", "/api/boards/main/flow?since=", "/api/boards/main/flow?until=",
            ]
            for read in reads {
                for offset in ["Z", "%2B00:00", ""] {
                    let spaced = try await api.get("\(read)\(date)%20\(time)\(offset)")
                    let plussed = try await api.get("\(read)\(date)+\(time)\(offset)")
                    #expect(spaced.status == 200, "\(read) with %20: \(spaced.error ?? "")")
                    #expect(plussed.status == spaced.status, "\(read) with +: \(plussed.error ?? "")")
                    #expect(try plussed.json == spaced.json, "\(read) with + answers as with %20")
                }
            }
        }
    }

    @Test("Elsewhere a '+' is still a plus sign: an offset, and no date-time without a date before it", arguments: [
        ("2026-12-01T09:30+09:00", 200), ("2026-12-01+09:30+09:00", 200), ("2026-12-01+", 400),
        ("2026-12-01+T09:30", 400), ("2026-12-1+09:30", 400), ("+2026-12-01", 400), ("1+2", 400),
    ])
    func plusElsewhere(value: String, status: Int) async throws {
        try await ServerHarness.withServer { api, _ in
            let answer = try await api.get("/api/boards/main/flow?until=\(value)")
            #expect(answer.status == status, "until=\(value): \(answer.error ?? "")")
        }
    }
}
