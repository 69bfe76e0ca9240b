import CLMDB

/// A named database inside an environment (an LMDB `MDB_dbi`).
///
/// Handles stay valid for the environment's lifetime; get one from
/// ``Environment/database(named:)``.
public struct Database: Hashable, Sendable {
    /// LMDB's handle.
    public let handle: MDB_dbi
    /// The name it was opened with.
    public let name: String
}
