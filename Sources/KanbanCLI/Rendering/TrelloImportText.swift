import Kanban
import KanbanTrello

/// The summary `kanban import trello` prints.
enum TrelloImportText {
    static func text(for report: TrelloImportReport) -> String {
        if report.alreadyImported {
            return "Already imported as board '\(report.board)': nothing appended."
        }
        var lines: [String] = []
        let archived = report.archivedCards == 0 ? "" : ", \(report.archivedCards) archived"
        lines.append("Imported Trello board as '\(report.board)': \(plural(report.columns.count, "column")) (\(report.columns.joined(separator: ", "))), \(plural(report.cards, "open card"))\(archived).")
        if report.closed {
            lines.append("The Trello board is closed (archived): imported open, with its whole history, as our boards have no archived state.")
        }
        var replayed = report.actions == 0
            ? "The export holds no actions: built from its lists and cards as \(plural(report.events, "event"))"
            : "Replayed \(report.importedActions) of \(plural(report.actions, "action")) as \(plural(report.events, "event"))"
        if let first = report.firstSequence, let last = report.lastSequence { replayed += " (#\(first)–#\(last))" }
        if let from = report.from, let until = report.until { replayed += ", \(from) to \(until)" }
        if !report.members.isEmpty { replayed += ", by \(report.members.joined(separator: ", "))" }
        lines.append(replayed + ".")
        if report.rebuiltCards > 0 {
            lines.append("\(plural(report.rebuiltCards, "card")) older than the oldest action rebuilt from the export.")
        }
        if report.untitledCards > 0 {
            lines.append("\(plural(report.untitledCards, "card")) deleted within the history, older than it, named by no action: shown as '(untitled card #N)'.")
        }
        if !report.notImported.isEmpty {
            let counts = report.notImported.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            lines.append("Not imported: " + counts.joined(separator: ", ") + ".")
        }
        if !report.nothingToImport.isEmpty {
            let counts = report.nothingToImport.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            lines.append("Nothing to import (no meaning on this board): " + counts.joined(separator: ", ") + ".")
        }
        for cut in report.cuts {
            if cut.length == 0 {
                lines.append("Blank: \(cut.field) of \(cut.trello), shown as '\(cut.text)'.")
            } else {
                lines.append("Cut: \(cut.field) of \(cut.trello), \(cut.length) characters: '\(preview(cut.text))'")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func preview(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
