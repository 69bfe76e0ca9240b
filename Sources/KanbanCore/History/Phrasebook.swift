/// Every sentence history and undo show, for one language: a table a translator edits in one
/// place (`Phrasebook+English.swift`, `+Korean`, `+French`). Placeholders in braces —
/// `{title}`, `{from}`, `{to}`, `{column}`, `{name}`, `{index}` (0-based, as `--at` takes it),
/// `{fields}`, `{line}`, `{sequence}`, `{date}` — are filled in.
public struct Phrasebook: Sendable {
    // History lines: what happened, in the past tense.
    public var added: String
    public var moved: String
    public var reordered: String
    public var removed: String
    public var revived: String
    public var edited: String
    public var undid: String
    public var redid: String
    public var boardCreated: String
    public var boardRenamed: String
    public var boardRemoved: String
    public var columnAdded: String
    public var columnRenamed: String
    public var columnRemoved: String
    public var columnMoved: String
    public var restored: String

    // What undo and redo would do next: imperative.
    public var add: String
    public var move: String
    public var reorder: String
    public var remove: String
    public var revive: String
    public var edit: String
    public var createBoard: String
    public var renameBoard: String
    public var removeBoard: String
    public var addColumn: String
    public var renameColumn: String
    public var removeColumn: String
    public var moveColumn: String
    public var restore: String
    public var undoNext: String
    public var redoNext: String
    public var nothingToUndo: String
    public var nothingToRedo: String

    // Field names in "Edited 'X': title, due date."
    public var title: String
    public var description: String
    public var dueDate: String
    public var fieldSeparator: String

    /// Lines for card and board details, by ``DetailPhrase`` key (`assigned`, `dueDone`, …).
    public var details: [String: DetailPhrase]

    /// Formats a local date and time.
    public var formatDate: @Sendable (_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> String

    /// `template` with each `{key}` replaced by its value, in one pass over the template: text
    /// put in (a title holding "{to}", say) is never scanned again. Unknown keys stay as written.
    public func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let key = String(rest[rest.index(after: open)..<close])
            if let value = values[key] { result += value } else { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
