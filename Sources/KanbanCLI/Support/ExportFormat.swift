import ArgumentParser

/// What `kanban export --format` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    /// JSON Lines: every event as `log --json` prints it, with its leaf hash and stored bytes.
    case jsonl
    /// The history view as RFC 4180 CSV, for a spreadsheet.
    case csv
}
