/// Why the writer passed over a pushed mutation without deciding it; carried as its outcome's
/// failure and turned into a ``MutationResult`` for the client.
enum MutationSkip: Error {
    /// Decided before.
    case duplicate
    /// Mutations before it are missing; `expected` is the next one taken.
    case outOfOrder(expected: UInt64)
}
