import ArgumentParser

/// What `kanban import --format` reads.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    /// What `kanban export --format jsonl` writes.
    case jsonl
}
