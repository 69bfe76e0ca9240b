import Foundation
import Kanban
import KanbanCore
import KanbanReplica
import KanbanTestSupport
import Testing

/// A replica syncing through a fault proxy: requests dropped, answers cut after the server
/// committed, answers held back. Every queued change is applied exactly once, the replica and
/// the server end with the same log, and both verify.
@Suite("Sync through a fault proxy")
struct ReplicaFaultProxyTests {
    @Test("Dropped requests, answers cut after the commit and slow answers: each change applied once, the logs equal")
    func faultsOnTheWay() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let serverPath = directory.appending("server.db")
        try await KanbanEngine(path: serverPath).execute(.addCard(board: "main", title: "On the server"), actor: "ana")
        let (process, port) = try ServeProcess.start(database: serverPath)
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        let proxy = try FaultProxy(upstreamPort: port)
        let local = try KanbanEngine(path: directory.appending("replica.db"))
        let replica = try await Replica.clone(from: "http://127.0.0.1:\(proxy.port)", into: local, transport: SocketReplicaTransport(timeout: 10))

        // Three rounds of work offline, each synced through a different fault, then a clean sync.
        var titles: [String] = []
        for (round, fault) in [FaultProxy.Fault.cutAnswer, .dropRequest, .delayAnswer(milliseconds: 300)].enumerated() {
            for number in 1...40 {
                let title = "round \(round) card \(number)"
                let card = CardID(.random())
                try replica.queue(.addCard(board: "main", title: title), actor: "mobile", newCard: card)
                if number % 4 == 0 { try replica.queue(.moveCard(board: "main", card: card.description, column: "DOING"), actor: "mobile") }
                titles.append(title)
            }
            proxy.inject(fault)
            do {
                _ = try await replica.sync()
                #expect(fault == .delayAnswer(milliseconds: 300), "a sync through \(fault) succeeded")
            } catch let error as ReplicaError {
                guard case .unreachable = error else { Issue.record("\(fault): \(error)"); continue }
                #expect(fault != .delayAnswer(milliseconds: 300))
            }
        }
        let report = try await replica.sync()
        #expect(report.refused.isEmpty)
        #expect(try replica.pending().isEmpty)
        // The clone's one request went through untouched; each sync's first request took its fault.
        #expect(Array(proxy.applied.prefix(4)) == [.none, .cutAnswer, .dropRequest, .delayAnswer(milliseconds: 300)])

        let server = try KanbanEngine(path: serverPath)
        let shown = try server.boardView(named: "main").columns.flatMap { $0.cards.map(\.card.title) }
        #expect(shown.sorted() == (["On the server"] + titles).sorted(), "each change applied exactly once")
        #expect(try server.boardView(named: "main").columns[1].cards.count == 30)
        #expect(try local.audit.verify().root == server.audit.verify().root)
        #expect(try local.verify().firstDifference == nil)
        #expect(try server.verify().firstDifference == nil)
    }
}
