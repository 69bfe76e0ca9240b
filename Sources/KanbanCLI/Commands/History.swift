import ArgumentParser
import Foundation
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban history`: every change in order, in the apps' words.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List every change in order: sequence number, time, actor and what happened.",
            discussion: "--limit keeps the most recent entries. Dates are shown in local time."
        )

        @OptionGroup var log: LogOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("Only this board's history. Default: main, or with --card the card's own board.", valueName: "name"))
        var board: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only this card's trail (its id or a unique prefix; deleted cards too).", valueName: "card"))
        var card: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only changes by this actor.", valueName: "name"))
        var actor: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only changes at or after this date or date-time.", valueName: "date"))
        var since: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Only changes up to event SEQ, or at or before DATE (a date means the whole day), as board --at takes it.", valueName: "seq|date"))
        var until: String?

        @Option(help: ArgumentHelp("At most this many entries, the most recent.", valueName: "n"))
        var limit: Int?

        @Option(help: ArgumentHelp("Language of the lines and dates: en, ko or fr. Default: from the locale.", valueName: "lang"))
        var lang: HistoryLanguage = .fromEnvironment

        @Flag(help: "Print a JSON array of entries.")
        var json = false

        func validate() throws {
            try CountRange.check(limit, 0...CountRange.maximumLimit, flag: "--limit")
        }

        func run() throws {
            let since = try self.since.map { text throws(KanbanError) in try Due(parsing: text).start }
            let until = try self.until.map { text throws(KanbanError) in try PointInTime(parsing: text) }
            let engine = try log.openEngine()
            // A card id names one card whatever its board: without --board, its trail is
            // looked up on every board (its events all belong to the board it was added to).
            let board = self.board ?? (card == nil ? DefaultBoard.name : nil)
            let entries = try engine.history.entries(HistoryQuery(
                board: board, card: card, actor: actor, since: since, until: until?.moment,
                untilSequence: until?.sequence, limit: limit, language: lang
            ))
            if json {
                try Output.printJSON(entries.map(HistoryEntryOutput.init(entry:)))
                return
            }
            let wording = ActionWording(language: lang)
            for entry in entries { Output.line(HistoryLine.text(for: entry, wording: wording, timeZone: .current)) }
        }
    }
}
