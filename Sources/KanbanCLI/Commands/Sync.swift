import ArgumentParser
import Kanban
import KanbanReplica

extension KanbanCommand {
    /// `kanban sync [--token-file F] [--timeout S]`: pushes a replica's queued changes to its server, then
    /// pulls the server's new events; `--status` lists what is pending and what was refused.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Send a replica's queued changes to its server and copy the server's new events.",
            discussion: """
                Changes go in order, 1,000 at a time; each is applied by the server exactly once, \
                also when an answer is lost and sync runs again. Refused ones are kept with the reason \
                ('kanban sync --status'): --apply-anyway N queues refused change N again without what \
                it was made on, so the server applies it over the change that stood in its way; --discard N \
                drops it. A server that cannot be reached, or has not answered everything within \
                --timeout seconds (120), is an error; nothing queued is lost.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var access: ReplicaToken
        @OptionGroup var limits: ReplicaTimeout

        @Flag(help: "List the changes not yet sent and those the server refused, and send nothing.")
        var status = false

        @Option(name: .customLong("apply-anyway"), help: ArgumentHelp("Queue refused change N again, to apply over the change that stood in its way; sends nothing.", valueName: "n"))
        var applyAnyway: UInt64?

        @Option(help: ArgumentHelp("Drop refused change N: it will not be made; sends nothing.", valueName: "n"))
        var discard: UInt64?

        @Flag(help: "Print JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            guard let replica = try Replica.open(engine, token: try access.token(), transport: limits.transport()) else { throw ReplicaError.notAReplica }
            if status {
                try printStatus(replica)
                return
            }
            if let id = applyAnyway {
                let queued = try replica.applyAnyway(id)
                Output.line("Queued refused change \(id) again as change \(queued.mutation.id), to apply anyway; \(try replica.pendingCount()) not yet synced (kanban sync).")
                return
            }
            if let id = discard {
                try replica.discardRefused(id)
                Output.line("Dropped refused change \(id).")
                return
            }
            let report: SyncReport
            do {
                report = try Blocking.run { try await replica.sync() }
            } catch let error as ReplicaError {
                let queued = try replica.pendingCount()
                Output.error("kanban: \(error); \(queued) change\(queued == 1 ? "" : "s") stay\(queued == 1 ? "s" : "") queued")
                throw ExitCode(1)
            }
            if json {
                try Output.printJSON(SyncReportOutput(report: report, pending: try replica.pendingCount()))
                return
            }
            if let change = report.clientSwitch {
                Output.line("This replica's client id was also used by a copy of it (a copied or restored folder): it now syncs as client \(change.to) and sent its \(change.renumbered) queued change\(change.renumbered == 1 ? "" : "s") again, renumbered from 1.")
            }
            Output.line("Sent \(report.applied + report.refused.count) change\(report.applied + report.refused.count == 1 ? "" : "s") to \(replica.origin): \(report.applied) applied, \(report.refused.count) refused; pulled \(report.pulled) event\(report.pulled == 1 ? "" : "s").")
            for refusal in report.refused {
                Output.line("Refused #\(refusal.pending.mutation.id) \(refusal.pending.mutation.name): \(refusal.error)")
            }
        }

        private func printStatus(_ replica: Replica) throws {
            let pending = try replica.pending()
            let refused = try replica.refused()
            if json {
                try Output.printJSON(ReplicaStatusOutput(origin: replica.origin, clientID: replica.clientID, pending: pending, refused: refused))
                return
            }
            Output.line("Replica of \(replica.origin) (client \(replica.clientID)), at event #\(try replica.engine.lastSequence()).")
            Output.line("\(pending.count) change\(pending.count == 1 ? "" : "s") not yet synced\(pending.isEmpty ? "." : ":")")
            for item in pending { Output.line("  #\(item.mutation.id) \(item.mutation.name) by \(item.actor)\(Self.summary(item.mutation))") }
            Output.line("\(refused.count) refused\(refused.isEmpty ? "." : ":")")
            for item in refused {
                Output.line("  #\(item.pending.mutation.id) \(item.pending.mutation.name) by \(item.pending.actor)\(Self.summary(item.pending.mutation)): \(item.error)\(item.conflict ? " (conflict)" : "")")
            }
        }

        /// The card, title or column a mutation names, in a few words.
        private static func summary(_ mutation: MutationWire) -> String {
            let args = SummaryArguments(mutation)
            let parts = [args.card.map { String($0.prefix(8)) }, args.title.map { "'\($0)'" }, args.column.map { "→ \($0)" }, args.name, args.to.map { "→ \($0)" }]
            let text = parts.compactMap { $0 }.joined(separator: " ")
            return text.isEmpty ? "" : " " + text
        }
    }
}
