import CLMDB

/// A read-only snapshot of the environment, valid inside ``Environment/read(_:)``.
///
/// Keep read transactions short: a long one pins old pages and makes the file grow.
public struct ReadTransaction: Transaction {
    public let handle: OpaquePointer
}

// Explicit non-conformance to Sendable: the handle is only valid inside its closure.
@available(*, unavailable)
extension ReadTransaction: Sendable {}
