/// Why the writer passed over a pushed mutation without deciding it; carried as its outcome's
/// failure and turned into a ``MutationResult`` for the client.
enum MutationSkip: Error {
    /// Decided before: the same change, sent again.
    case duplicate
    /// Its id was decided before for another change: a copy of the client (a copied or
    /// restored folder) numbered its own change the same. `expected` is the next one taken.
    case reused(expected: UInt64)
    /// Mutations before it are missing; `expected` is the next one taken.
    case outOfOrder(expected: UInt64)
    /// The client belongs to another actor.
    case foreignClient
}
