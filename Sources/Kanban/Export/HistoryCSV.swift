import KanbanCore

/// The history as RFC 4180 CSV, the form of `kanban export --format csv`, made for a
/// spreadsheet to open as is:
///
/// - a header row, `sequence,time,actor,board,card id,card title,kind,line,changes`;
/// - records end in CRLF; a field holding a comma, a double quote, CR or LF is put in double
///   quotes, and a double quote inside is doubled (RFC 4180, section 2);
/// - the text starts with a UTF-8 byte order mark: without it Excel reads a `.csv` in the
///   machine's legacy code page and shows Korean (or any non-ASCII title) as mojibake; with it
///   Excel, LibreOffice, Numbers and Google Sheets all read UTF-8 (Python reads it with
///   `encoding="utf-8-sig"`);
/// - formula injection (OWASP, "CSV Injection"): a field that starts with `=`, `+`, `-`, `@`,
///   a tab or CR gets a leading `'`, so a spreadsheet shows it as text rather than run it as a
///   formula (`=HYPERLINK(…)`, `-2+3+cmd|…`). A title such as `- fix login` then reads
///   `'- fix login` in its cell: visible, and harmless. The `line` column keeps every title
///   exactly (it starts with a word), and `export --format jsonl` keeps every byte.
public enum HistoryCSV {
    /// The UTF-8 byte order mark the text starts with.
    public static let byteOrderMark = "\u{FEFF}"

    /// The end of each record.
    public static let recordEnd = "\r\n"

    /// The names of the columns.
    public static let columns = ["sequence", "time", "actor", "board", "card id", "card title", "kind", "line", "changes"]

    /// The header record, with its line end.
    public static var header: String { record(columns) }

    /// The record of `row`, with its line end.
    public static func record(for row: HistoryRow) -> String {
        let entry = row.entry
        return record([
            String(entry.sequence), entry.timestamp.description, entry.actor, row.boardName,
            entry.card?.description ?? "", row.cardTitle ?? "", entry.kind.name, entry.line, changes(entry.changes),
        ].map(neutralized))
    }

    /// `fields` as one record: each field quoted when it must be, joined by commas, and the line end.
    public static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + recordEnd
    }

    /// `field` as RFC 4180 writes it: in double quotes, inner ones doubled, when it holds a
    /// comma, a double quote, CR or LF; as it is otherwise.
    public static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// `field` with a leading `'` when a spreadsheet would read it as a formula: when it starts
    /// with `=`, `+`, `-`, `@`, a tab or CR.
    public static func neutralized(_ field: String) -> String {
        guard let first = field.utf8.first, formulaStarts.contains(first) else { return field }
        return "'" + field
    }

    /// The changed fields in one cell: `title: "Old" → "New"; column: TODO → DOING`. Text a
    /// person wrote (a title, a description, a name) is in double quotes; a value only added
    /// shows alone (`position: 0`); a value removed shows `→ —`.
    public static func changes(_ changes: [HistoryChange]) -> String {
        changes.map { change in
            let quotes = quotedFields.contains(change.field)
            func shown(_ value: String?) -> String? { value.map { quotes ? "\"\($0)\"" : $0 } }
            switch (shown(change.old), shown(change.new)) {
            case (nil, let new?): return "\(change.field): \(new)"
            case (let old?, let new?): return "\(change.field): \(old) → \(new)"
            case (let old?, nil): return "\(change.field): \(old) → —"
            case (nil, nil): return "\(change.field): —"
            }
        }.joined(separator: "; ")
    }

    /// The first bytes that make a spreadsheet read a cell as a formula: `=`, `+`, `-`, `@`, tab, CR.
    private static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    /// The fields whose values are text a person wrote.
    private static let quotedFields: Set<String> = ["title", "description", "name"]
}
