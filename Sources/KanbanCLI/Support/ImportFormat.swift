import ArgumentParser

/// What `kanban import --format` reads.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    /// What `kanban export --format jsonl` writes.
    case jsonl

    /// The format `argument` names; a refusal that says where a Trello export goes, as its
    /// import is a command of its own.
    static func parse(_ argument: String) throws -> ImportFormat {
        if let format = ImportFormat(argument: argument) { return format }
        if argument.lowercased() == "trello" {
            throw ValidationError("a Trello board is imported with 'kanban import trello EXPORT.json'")
        }
        throw ValidationError("only jsonl is read (a Trello board: 'kanban import trello EXPORT.json')")
    }
}
