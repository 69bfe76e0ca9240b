import ArgumentParser
import Kanban
import KanbanCore

extension KanbanCommand {
    /// `kanban undo`: undoes the actor's last action by appending a compensating event.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Undo your last action (the log keeps both); --list shows what undo and redo would do next.",
            discussion: """
                Undo and redo stacks are per actor and rebuilt from the log, so they survive restarts. \
                Undo refuses, naming the change, when someone else has since changed the same card's \
                same fields (title, description, due date, position) or deleted it; --force undoes anyway.
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
            let events = try engine.undo(actor: global.actorName, force: force)
            try printOutcome(events, engine: engine, language: lang, json: json)
        }

        private func printPreview(_ engine: KanbanEngine) throws {
            let preview = try engine.undoPreview(actor: global.actorName)
            let wording = try Wording(engine: engine, language: lang)
            let book = lang.phrasebook
            if json {
                func entry(_ event: RecordedEvent?) -> JSONValue {
                    guard let event else { return .null }
                    return .object([("sequence", .unsigned(event.sequence)), ("action", .string(wording.imperative(for: event)))])
                }
                Output.printJSON(.object([("undo", entry(preview.undo)), ("redo", entry(preview.redo))]))
                return
            }
            Output.print(preview.undo.map { book.fill(book.undoNext, ["line": wording.imperative(for: $0)]) } ?? book.nothingToUndo)
            Output.print(preview.redo.map { book.fill(book.redoNext, ["line": wording.imperative(for: $0)]) } ?? book.nothingToRedo)
        }
    }

    /// `kanban redo`: reverses the actor's last undo.
    struct Redo: ParsableCommand {
        static let configuration = CommandConfiguration(
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
            let events = try engine.redo(actor: global.actorName, force: force)
            try printOutcome(events, engine: engine, language: lang, json: json)
        }
    }
}

/// Prints what an undo, redo or restore appended: its history line, or the events as JSON.
func printOutcome(_ events: [RecordedEvent], engine: KanbanEngine, language: HistoryLanguage, json: Bool) throws {
    if json {
        Output.printJSON(EventJSON.array(events))
        return
    }
    let wording = try Wording(engine: engine, language: language)
    for event in events { Output.print(wording.line(for: event)) }
}
