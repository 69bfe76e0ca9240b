import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanReplica
import KanbanTestSupport
import Testing

/// `kanban clone` and `kanban sync` against a real `kanban serve`: the replica is a byte copy
/// of the server's log, changes made on it while the server is down are queued and applied
/// exactly once when it is back, conflicts are refused and listed, and a server killed with
/// SIGKILL in the middle of a push loses and repeats nothing.
@Suite("kanban clone and sync", .serialized)
struct CLIReplicaTests {
    /// `kanban audit root` of `kanban`'s database.
    private static func root(_ kanban: KanbanBinary) throws -> String {
        try kanban.succeed(["audit", "root"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `kanban sync --status --json` of a replica.
    private static func status(_ kanban: KanbanBinary) throws -> ReplicaStatusOutput {
        try OutputJSON.decode(ReplicaStatusOutput.self, from: Data(try kanban.succeed(["sync", "--status", "--json"]).utf8))
    }

    private static func stop(_ server: Process) {
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
    }

    @Test("Clone, work offline, sync when the server is back: the same Merkle root, each change applied once")
    func offlineRoundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        let existing = try server.add("Existing card")
        try server.add("Another")
        var (process, port) = try ServeProcess.start(database: server.database)
        defer { Self.stop(process) }
        let url = "http://127.0.0.1:\(port)"

        let replica = try KanbanBinary(database: directory.appending("replica.db"), actor: "mobile")
        let cloned = try replica.succeed(["clone", url])
        #expect(cloned.hasPrefix("Cloned \(url): 3 events, Merkle root "))
        #expect(try Self.root(replica) == Self.root(server))
        #expect(try replica.board() == server.board())

        // Offline: the server stops; the replica queues an add, a move of it and a move of an existing card.
        Self.stop(process)
        let title = "-rf, Korean 한국어 🎉"
        let added = try replica.run(["add"], afterTerminator: [title])
        #expect(added.status == 0, "\(added)")
        let newID = added.trimmedStdout
        #expect(Identifier(newID) != nil, "add prints the new card's id: \(added)")
        #expect(added.stderr.contains("Queued change 1 (addCard)"))
        #expect(try replica.succeed(["move", String(newID.prefix(8)), "doing"]).hasPrefix("Queued change 2 (moveCard)"))
        #expect(try replica.succeed(["move", existing, "DONE"]).hasPrefix("Queued change 3 (moveCard)"))
        // Refused before queueing: a card neither the replica nor its queue knows, a column the board lacks.
        #expect(try replica.run("move", "ffffffff", "DONE").stderr == "kanban: unknown card 'ffffffff'\n")
        #expect(try replica.run("move", existing, "NOWHERE").status == 1)
        #expect(try Self.status(replica).pending.map(\.mutation.name) == ["addCard", "moveCard", "moveCard"])
        // The local log is untouched; the board says what waits.
        #expect(try replica.stats().events == 3)
        #expect(try replica.succeed(["board"]).hasSuffix("3 changes not yet synced (kanban sync)\n"))
        // The replica's board shows the queued changes applied, as the server will apply them.
        let offline = try replica.board()
        #expect(offline.column("DOING")?.cards.map(\.id) == [newID])
        #expect(offline.column("DOING")?.cards.map(\.title) == [title])
        #expect(offline.column("DONE")?.cards.map(\.id) == [existing])

        let unreachable = try replica.run("sync")
        #expect(unreachable.status == 1)
        #expect(unreachable.stderrLines == ["kanban: cannot reach \(url): connection refused; 3 changes stay queued"])
        #expect(try Self.status(replica).pending.count == 3)

        // Back on the same database and port.
        (process, _) = try ServeProcess.start(database: server.database, port: port)
        let synced = try replica.succeed(["sync"])
        #expect(synced == "Sent 3 changes to \(url): 3 applied, 0 refused; pulled 3 events.\n")
        let board = try server.board()
        #expect(board.column("DOING")?.cards.map(\.id) == [newID])
        #expect(board.column("DOING")?.cards.map(\.title) == [title])
        #expect(board.column("DONE")?.cards.map(\.id) == [existing])
        #expect(try server.log().filter { $0.kind == "cardAdded" }.count == 3)
        #expect(try Self.root(replica) == Self.root(server))
        #expect(try replica.board() == board)
        #expect(try Self.status(replica).pending.isEmpty)
        // Syncing again sends nothing and appends nothing.
        #expect(try replica.succeed(["sync"]) == "Sent 0 changes to \(url): 0 applied, 0 refused; pulled 0 events.\n")
        #expect(try server.stats().events == 6)

        // A second replica edits a card someone else edits on the server first: refused as a conflict, and listed.
        let second = try KanbanBinary(database: directory.appending("second.db"), actor: "tablet")
        try second.succeed(["clone", url + "/"])
        #expect(try second.succeed(["edit", existing, "--title", "Tablet's title"]).hasPrefix("Queued change 1 (editCard)"))
        try server.succeed(["edit", existing, "--title", "Ana's title"])
        let conflicted = try second.succeed(["sync"])
        #expect(conflicted.hasPrefix("Sent 1 change to \(url): 0 applied, 1 refused; pulled 1 event.\nRefused #1 editCard: "))
        let listed = try Self.status(second)
        #expect(listed.pending.isEmpty)
        #expect(listed.refused.map(\.pending.mutation.id) == [1])
        #expect(listed.refused.first?.conflict == true)
        let text = try second.succeed(["sync", "--status"])
        #expect(text.contains("1 refused:\n  #1 editCard by tablet"))
        #expect(text.contains("(conflict)"))
        #expect(try server.board().column("DONE")?.cards.map(\.title) == ["Ana's title"])
        #expect(try Self.root(second) == Self.root(server))
        // Apply anyway: queued again without what it was made on, it overwrites Ana's title.
        #expect(try second.succeed(["sync", "--apply-anyway", "1"]) == "Queued refused change 1 again as change 2, to apply anyway; 1 not yet synced (kanban sync).\n")
        #expect(try Self.status(second).refused.isEmpty)
        #expect(try second.succeed(["sync"]).hasPrefix("Sent 1 change to \(url): 1 applied, 0 refused"))
        #expect(try server.board().column("DONE")?.cards.map(\.title) == ["Tablet's title"])
        // Discard: another refused edit is dropped and never made.
        try second.succeed(["edit", existing, "--title", "Tablet again"])
        try server.succeed(["edit", existing, "--title", "Ana again"])
        _ = try second.succeed(["sync"])
        #expect(try Self.status(second).refused.map(\.pending.mutation.id) == [3])
        #expect(try second.succeed(["sync", "--discard", "3"]) == "Dropped refused change 3.\n")
        #expect(try second.run("sync", "--discard", "3").stderr == "kanban: no refused change is numbered 3: 'kanban sync --status' lists them\n")
        #expect(try Self.status(second).refused.isEmpty && Self.status(second).pending.isEmpty)
        #expect(try server.board().column("DONE")?.cards.map(\.title) == ["Ana again"])
        #expect(try Self.root(second) == Self.root(server))
        try replica.succeed(["sync"])
        #expect(try Self.root(replica) == Self.root(server))

        // Column commands queue too; what cannot be queued is refused and appends nothing.
        #expect(try replica.succeed(["columns", "add", "REVIEW", "--at", "1"]).hasPrefix("Queued change 4 (addColumn)"))
        let restore = try replica.run("restore", "--to", "1")
        #expect(restore.status == 1)
        #expect(restore.stderr == "kanban: restore cannot be queued on a replica: run it on the server\n")
        #expect(try replica.run("generate", "--events", "10").status == 1)
        try replica.succeed(["sync"])
        #expect(try server.board().columns.map(\.name) == ["TODO", "REVIEW", "DOING", "DONE"])
        #expect(try Self.root(replica) == Self.root(server))
    }

    /// `kanban card CARD --json` of `kanban`'s database.
    private static func card(_ kanban: KanbanBinary, _ id: String) throws -> CardDetailsOutput {
        try OutputJSON.decode(CardDetailsOutput.self, from: Data(try kanban.succeed(["card", id, "--json"]).utf8))
    }

    @Test("A move --at made offline is queued with the cards it lands between, so it keeps its place when the server's column grew")
    func offlineMoveKeepsItsNeighbours() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        let a = try server.add("A"), b = try server.add("B"), c = try server.add("C")
        var (process, port) = try ServeProcess.start(database: server.database)
        defer { Self.stop(process) }
        let replica = try KanbanBinary(database: directory.appending("replica.db"), actor: "mobile")
        try replica.succeed(["clone", "http://127.0.0.1:\(port)"])
        Self.stop(process)

        // Offline, C goes between nothing and A (the top); meanwhile someone puts Z on top on the server.
        #expect(try replica.succeed(["move", String(c.prefix(8)), "todo", "--at", "1"]).hasPrefix("Queued change 1 (moveCard)"))
        guard case .moveCard(_, let card, _, let index, let before, let after) = try Self.status(replica).pending.first?.mutation.command else {
            Issue.record("expected a queued move"); return
        }
        #expect(card == c && index == 1 && before == b && after == a)
        let z = try server.add("Z", ["--at", "0"])

        (process, _) = try ServeProcess.start(database: server.database, port: port)
        try replica.succeed(["sync"])
        // Between A and B as it was made, not at index 1 (which is now just after Z).
        #expect(try server.board().column("TODO")?.cards.map(\.id) == [z, a, c, b])
        #expect(try replica.board() == server.board())
    }

    @Test("Details changed offline: queued with full ids, shown on the replica, applied once on sync")
    func offlineDetails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        let existing = try server.add("Existing card")
        var (process, port) = try ServeProcess.start(database: server.database)
        defer { Self.stop(process) }
        let url = "http://127.0.0.1:\(port)"
        let replica = try KanbanBinary(database: directory.appending("replica.db"), actor: "mobile")
        try replica.succeed(["clone", url])
        Self.stop(process)

        // On a card added offline and on one the server has: a comment, an item checked by its
        // prefix, a link, an assignee, a label, the due date done.
        let added = try replica.run(["add"], afterTerminator: ["-new, 한국어 🎉"]).trimmedStdout
        let comment = try replica.run(["comments", "add", String(added.prefix(8))], afterTerminator: ["**offline**, 좋아요"])
        #expect(comment.status == 0, "\(comment)")
        let commentID = comment.trimmedStdout
        #expect(Identifier(commentID) != nil, "comments add prints the new comment's id: \(comment)")
        #expect(comment.stderr.contains("Queued change 2 (addComment)"))
        let item = try replica.run(["checklist", "add", existing], afterTerminator: ["-step one"]).trimmedStdout
        #expect(Identifier(item) != nil)
        #expect(try replica.succeed(["checklist", "check", existing, String(item.prefix(6))]).hasPrefix("Queued change 4 (checkChecklistItem)"))
        #expect(try replica.run(["comments", "edit", added, String(commentID.prefix(6))], afterTerminator: ["edited offline"]).stdout.hasPrefix("Queued change 5 (editComment)"))
        try replica.succeed(["assign", existing, "Jeanne, d'Arc"])
        try replica.succeed(["label", added, "bug"])
        try replica.succeed(["due-done", existing])
        #expect(try replica.succeed(["columns", "limit", "DOING", "2", "--strict"]).hasPrefix("Queued change 9 (setColumnLimit)"))
        // Refused before queueing: an item neither the card nor the queue has.
        #expect(try replica.run("checklist", "check", existing, "ffffffff").status == 1)
        let pending = try Self.status(replica).pending
        #expect(pending.map(\.mutation.name) == ["addCard", "addComment", "addChecklistItem", "checkChecklistItem", "editComment", "assign", "label", "markDue", "setColumnLimit"])
        // Queued with full ids, not the prefixes typed.
        guard case .checkChecklistItem(_, _, let checked, _) = pending[3].mutation.command,
              case .editComment(_, let onCard, let edited, _) = pending[4].mutation.command
        else { Issue.record("expected a checklist check and a comment edit, got \(pending)"); return }
        #expect(checked == item && edited == commentID && onCard == added)
        #expect(try replica.stats().events == 2)
        // The replica shows them as the server will decide them.
        let shown = try Self.card(replica, existing)
        #expect(shown.checklist.map(\.done) == [true] && shown.assignees == ["Jeanne, d'Arc"] && shown.dueDone)
        #expect(try Self.card(replica, added).comments.map(\.text) == ["edited offline"])

        (process, _) = try ServeProcess.start(database: server.database, port: port)
        #expect(try replica.succeed(["sync"]).hasPrefix("Sent 9 changes to \(url): 9 applied, 0 refused"))
        let doing = try OutputJSON.decode(BoardOutput.self, from: Data(try server.succeed(["board", "--json"]).utf8)).columns.first { $0.name == "DOING" }
        #expect(doing?.limit == 2 && doing?.strict == true)
        let onServer = try Self.card(server, added)
        #expect(onServer.comments.map(\.id) == [commentID] && onServer.comments.map(\.text) == ["edited offline"])
        #expect(onServer.comments.map(\.author) == ["mobile"])
        #expect(onServer.labels.map(\.name) == ["bug"])
        let existingOnServer = try Self.card(server, existing)
        #expect(existingOnServer.checklist.map(\.id) == [item] && existingOnServer.checklist.map(\.done) == [true])
        #expect(existingOnServer.assignees == ["Jeanne, d'Arc"] && existingOnServer.dueDone)
        #expect(try Self.root(replica) == Self.root(server))
        #expect(try replica.succeed(["sync"]).hasPrefix("Sent 0 changes"))
    }

    @Test("A replica cannot be served: kanban serve on it is one line and exit 1, its log untouched")
    func replicaIsNotServed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        try server.add("Only card")
        let (process, port) = try ServeProcess.start(database: server.database)
        defer { Self.stop(process) }
        let replica = try KanbanBinary(database: directory.appending("replica.db"), actor: "mobile")
        try replica.succeed(["clone", "http://127.0.0.1:\(port)"])
        let served = try replica.run("serve", "--port", "0")
        #expect(served.status == 1)
        #expect(served.stderrLines == ["kanban: the database is a replica of http://127.0.0.1:\(port): serve the origin itself (writes here would make the copy differ from it), or clone it into another database"])
        #expect(try Self.root(replica) == Self.root(server))
    }

    /// Who is killed with SIGKILL in the middle of a push.
    enum Victim: String, CaseIterable, Sendable { case server, replica }

    @Test("The server, or the replica's own sync, killed with SIGKILL during a push of 1,500 changes: the next sync applies each exactly once", arguments: Victim.allCases)
    func killedMidPush(victim: Victim) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        try server.add("Before")
        var (process, port) = try ServeProcess.start(database: server.database)
        defer { Self.stop(process) }
        let replica = try KanbanBinary(database: directory.appending("replica.db"), actor: "mobile")
        try replica.succeed(["clone", "http://127.0.0.1:\(port)"])
        let total = 1_500
        try Self.queue(total, on: replica.database)

        let sync = try replica.start(["sync"])
        let start = try server.stats().events
        while try server.stats().events == start { Thread.sleep(forTimeInterval: 0.002) }
        switch victim {
        case .server:
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let first = sync.wait()
            (process, _) = try ServeProcess.start(database: server.database, port: port)
            if first.status != 0 {
                #expect(first.stderrLines.count == 1)
                #expect(first.stderr.hasPrefix("kanban: cannot reach http://127.0.0.1:\(port): "), "\(first)")
            }
        case .replica:
            // Its queue is in its own database: it survives.
            kill(sync.processIdentifier, SIGKILL)
            _ = sync.wait()
        }
        try replica.succeed(["sync"])

        let titles = try server.board().column("TODO")?.cards.map(\.title) ?? []
        #expect(titles == ["Before"] + (1...total).map { "bulk \($0)" })
        #expect(try Self.status(replica).pending.isEmpty)
        #expect(try Self.status(replica).refused.isEmpty)
        #expect(try Self.root(replica) == Self.root(server))
        _ = try replica.succeed(["verify"])  // exit 0: the replica's log replays and matches its snapshots
    }

    /// Queues `count` adds on the replica at `path` through the engine API.
    private static func queue(_ count: Int, on path: String) throws {
        let engine = try KanbanEngine(path: path)
        let replica = try #require(try Replica.open(engine))
        for number in 1...count {
            try replica.queue(.addCard(board: "main", title: "bulk \(number)"), actor: "mobile", newCard: CardID(.random()))
        }
        #expect(try replica.pending().count == count)
    }
}
