import Foundation
import KanbanTestSupport
import Testing

@Suite("Ambiguous card prefixes")
struct AmbiguousCardPrefixTests {
    @Test("A card prefix several cards start with is a 422 in a path and in history's card query, as a detail's is; nothing is appended")
    func ambiguousPrefix() async throws {
        try await ServerHarness.withServer { api, engine in
            // Cards until two share their first hex digit (17 at most).
            var firsts: [Character: Int] = [:]
            var shared: Character?
            for index in 0..<17 where shared == nil {
                let id = try await api.post("/api/boards/main/cards", #"{"title":"card \#(index)"}"#).json["id"]?.stringValue ?? ""
                let first = try #require(id.first)
                firsts[first, default: 0] += 1
                if firsts[first] == 2 { shared = first }
            }
            let prefix = String(try #require(shared))
            let events = try engine.statistics().events

            let read = try await api.get("/api/boards/main/cards/\(prefix)")
            #expect(read.status == 422 && read.error?.contains("ambiguous") == true)
            #expect(try await api.get("/api/boards/main/history?card=\(prefix)").status == 422)
            #expect(try await api.post("/api/boards/main/cards/\(prefix)/comments", #"{"text":"which?"}"#).status == 422)
            #expect(try await api.post("/api/boards/main/cards/\(prefix)/move", #"{"column":"DOING"}"#).status == 422)
            #expect(try await api.delete("/api/boards/main/cards/\(prefix)").status == 422)
            #expect(try engine.statistics().events == events)
        }
    }
}
