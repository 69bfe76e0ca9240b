import Foundation
import ArgumentParser
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban undo`: undoes the actor's last action by appending a compensating event.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Undo your last action (the log keeps both); --list shows what undo and redo would do next.",
            discussion: """
                Undo and redo stacks are per actor and rebuilt from the log, so they survive restarts. \
                Undo refuses, naming the change, when someone else has since changed the same card's \
                same fields (title, description, due date, position); --force undoes anyway. An entry \
                that cannot be undone at all (its card deleted or its column removed since, say) is \
                dropped from the stack with a notice on stderr, and undo goes on to the next one.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Show what undo and redo would do next instead of undoing.")
        var list = false

        @Flag(help: "Undo even when it overwrites someone else's later change.")
        var force = false

        @Option(help: ArgumentHelp("Language of the output: en, ko or fr. Default: from the locale.", valueName: "lang"))
        var lang: HistoryLanguage = .fromEnvironment

        @Flag(help: "Print JSON.")
        var json = false

        func run() throws {
            let engine = try global.openEngine()
            if list {
                try printPreview(engine)
                return
            }
            if try ReplicaWrites.queueIfReplica(.undo(force: force), on: engine, actor: global.actorName, json: json) { return }
            let outcome = try engine.perform(.undo(force: force), actor: global.actorName)
            try printOutcome(outcome, stack: "undo", actor: global.actorName, engine: engine, language: lang, json: json)
        }

        private func printPreview(_ engine: KanbanEngine) throws {
            let preview = try engine.history.undoPreview(actor: global.actorName)
            let worded = [preview.undo, preview.redo].compactMap { $0 } + (preview.droppedFromUndo + preview.droppedFromRedo).map(\.event)
            let wording = try EventWording(engine: engine, language: lang, events: worded)
            let book = lang.phrasebook
            if json {
                try Output.printJSON(UndoPreviewOutput(preview: preview, action: wording.imperative(for:)))
                return
            }
            let actor = global.actorName.trimmingCharacters(in: .whitespacesAndNewlines)
            for drop in preview.droppedFromUndo { Output.error("kanban: undo will drop from \(actor)'s undo: \(wording.notice(for: drop))") }
            for drop in preview.droppedFromRedo { Output.error("kanban: redo will drop from \(actor)'s redo: \(wording.notice(for: drop))") }
            Output.line(preview.undo.map { book.fill(book.undoNext, ["line": wording.imperative(for: $0)]) } ?? book.nothingToUndo)
            Output.line(preview.redo.map { book.fill(book.redoNext, ["line": wording.imperative(for: $0)]) } ?? book.nothingToRedo)
        }
    }
}

/// Prints what an undo or a redo did: a notice on stderr for each entry it dropped, then what
/// it appended; when it appended nothing, says there was nothing to undo (or redo).
func printOutcome(_ outcome: CommandOutcome, stack: String, actor: String, engine: KanbanEngine, language: HistoryLanguage, json: Bool) throws {
    let name = actor.trimmingCharacters(in: .whitespacesAndNewlines)
    if !outcome.dropped.isEmpty {
        let wording = try EventWording(engine: engine, language: language, events: outcome.dropped.map(\.event))
        for drop in outcome.dropped { Output.error("kanban: dropped from \(name)'s \(stack): \(wording.notice(for: drop))") }
    }
    guard !outcome.events.isEmpty else {
        throw stack == "redo" ? KanbanError.nothingToRedo(actor: name) : KanbanError.nothingToUndo(actor: name)
    }
    try printOutcome(outcome.events, engine: engine, language: language, json: json)
}

/// Prints what an undo, redo or restore appended: its history line, or the events as JSON.
func printOutcome(_ events: [RecordedEvent], engine: KanbanEngine, language: HistoryLanguage, json: Bool) throws {
    if json {
        try Output.printJSON(events.map(EventOutput.init(event:)))
        return
    }
    let wording = try EventWording(engine: engine, language: language, events: events)
    for event in events { Output.line(wording.line(for: event)) }
}
