import ArgumentParser
import Kanban
import KanbanReplica

extension KanbanCommand {
    /// `kanban clone URL --db PATH [--token-file F] [--timeout S]`: makes an empty database a replica of a
    /// server and copies its log byte for byte.
    struct Clone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clone",
            abstract: "Copy a server's log byte for byte into an empty database, which becomes its replica.",
            discussion: """
                The replica's 'audit root' is the server's. On it, add, edit, move, delete, revive, \
                undo and redo queue their change; 'kanban sync' sends them and pulls new events. \
                An origin that does not answer everything within --timeout seconds (120) is given up \
                on; the pages copied so far stay and 'kanban sync' completes them.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var access: ReplicaToken
        @OptionGroup var limits: ReplicaTimeout

        @Argument(help: "The server, such as http://127.0.0.1:8080.")
        var url: String

        func run() throws {
            let token = try access.token()
            let engine = try global.openEngine()
            let url = self.url
            let transport = limits.transport()
            let replica = try Blocking.run { try await Replica.clone(from: url, into: engine, token: token, transport: transport) }
            let events = try engine.lastSequence()
            Output.line("Cloned \(replica.origin): \(events) event\(events == 1 ? "" : "s"), Merkle root \(MerkleHash.hex(try engine.audit.root().root)).")
        }
    }
}
