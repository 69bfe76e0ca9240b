import Foundation
import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban redo`: reverses the actor's last undo.
    struct Redo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "redo",
            abstract: "Redo your last undo, unless you have done something else since."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Redo even when it overwrites someone else's later change.")
        var force = false

        @Option(help: ArgumentHelp("Language of the output: en, ko or fr. Default: from the locale.", valueName: "lang"))
        var lang: HistoryLanguage = .fromEnvironment

        @Flag(help: "Print the appended events as JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            if try ReplicaWrites.queueIfReplica(.redo(force: force), on: engine, actor: global.actorName, json: json) { return }
            let outcome = try engine.perform(.redo(force: force), actor: global.actorName)
            try printOutcome(outcome, stack: "redo", actor: global.actorName, engine: engine, language: lang, json: json)
        }
    }
}
