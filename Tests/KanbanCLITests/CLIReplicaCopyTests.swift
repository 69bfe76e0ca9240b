import Foundation
import Kanban
import KanbanTestSupport
import Testing

/// A replica's folder copied (or restored from a backup) syncs under the same client id as the
/// original: the server says `reused` for a number the other decided with another change, and
/// the copy takes a new client id and sends its change again. Both changes reach the server.
@Suite("A copied replica", .serialized)
struct CLIReplicaCopyTests {
    @Test("Clone into A, copy A's folder to B, add on each, sync each: both cards on the server")
    func copiedFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try KanbanBinary(database: directory.appending("server.db"), actor: "ana")
        try server.add("On the server")
        let (process, port) = try ServeProcess.start(database: server.database)
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        let url = "http://127.0.0.1:\(port)"
        let first = try KanbanBinary(database: directory.appending("a.db"), actor: "mobile")
        try first.succeed(["clone", url])
        try FileManager.default.copyItem(atPath: first.database, toPath: directory.appending("b.db"))
        let copy = try KanbanBinary(database: directory.appending("b.db"), actor: "mobile")
        try first.add("Added on A")
        try copy.add("Added on B")

        #expect(try first.succeed(["sync"]).hasPrefix("Sent 1 change to \(url): 1 applied"))
        let synced = try copy.succeed(["sync"])
        #expect(synced.hasPrefix("This replica's client id was also used by a copy of it (a copied or restored folder): it now syncs as client r"), "\(synced)")
        #expect(synced.contains("Sent 1 change to \(url): 1 applied"), "\(synced)")
        #expect(try server.board().column("TODO")?.cards.map(\.title) == ["On the server", "Added on A", "Added on B"])
        try first.succeed(["sync"])
        #expect(try first.board() == server.board() && copy.board() == server.board())
    }
}
