import Foundation
import InMemoryTracing
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import Testing
import Tracing

/// The engine's spans: each command's, and each commit's tied to the commands it carried.
struct CommitSpanTests {
    @Test("Commands sent together: every command's span is the parent of a commit's span or linked from one, and the commits decided them all")
    func groupCommitSpans() async throws {
        let tracer = InMemoryTracer()
        let directory = try TemporaryDirectory(prefix: "kanban-spans")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(tracer: tracer))
        try await engine.execute(.addCard(board: "main", title: "seed"), actor: "ana")
        tracer.clearFinishedSpans()
        let before = engine.writeStatistics
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask { _ = try? await engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana") }
            }
        }
        let spans = tracer.finishedSpans
        let commands = spans.filter { $0.operationName == "kanban.command addCard" }
        let commits = spans.filter { $0.operationName == "kanban.commit" }
        #expect(commands.count == 32)
        #expect(commits.count == engine.writeStatistics.commits - before.commits)
        let commandIDs = Set(commands.map(\.spanID))
        var tied: [String: Int] = [:]
        var decided: Int64 = 0
        for commit in commits {
            let parent = try #require(commit.parentSpanID)
            #expect(commandIDs.contains(parent))
            tied[parent, default: 0] += 1
            for link in commit.links {
                let linked = try #require(link.context.inMemorySpanContext?.spanID)
                #expect(commandIDs.contains(linked))
                tied[linked, default: 0] += 1
            }
            if case .int64(let count)? = commit.attributes["kanban.batch.decided"]?.toSpanAttribute() { decided += count }
            #expect(commit.attributes["kanban.batch.commands"]?.toSpanAttribute() == .int64(Int64(commit.links.count + 1)))
        }
        #expect(Set(tied.keys) == commandIDs, "every command's span is tied to a commit's")
        #expect(decided == 32)
    }

    @Test("The engine takes the tracer of the task that opens it; with none bound or bootstrapped it keeps none")
    func tracerOfTheProcess() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-spans")
        defer { directory.remove() }
        let untraced = try KanbanEngine(path: directory.appending("plain"))
        #expect(untraced.tracer == nil)
        let tracer = InMemoryTracer()
        let traced = try withTracer(tracer) { try KanbanEngine(path: directory.appending("traced")) }
        #expect(traced.tracer is InMemoryTracer)
    }

    @Test("Span names are the commands' wire names")
    func spanNames() {
        #expect(Command.moveCard(board: "main", card: "c", column: "doing", index: nil, before: nil, after: nil).spanName == "kanban.command moveCard")
        #expect(Command.undo(force: false).spanName == "kanban.command undo")
    }
}
