/// The cache's event at `position` differs from the shared log's: thrown where the cache is
/// compared as it is copied into, and caught there to cut the cache back to what it shares with
/// the log (``KanbanEngine/cutBack(of:through:in:)``); anywhere else it is
/// ``SharedLogError/notACache(path:detail:)`` (``error``).
struct DivergedCache: Error {
    /// The cache's path.
    let path: String
    /// The first position found to differ.
    let position: UInt64

    /// What it is told as.
    var error: SharedLogError {
        .notACache(path: path, detail: "its event \(position) differs from the shared log's")
    }
}
