import CLMDB

/// Flags for ``WriteTransaction/put(_:forKey:in:flags:)``.
public struct PutFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The key sorts after every key in the database: LMDB's fast path for ordered appends.
    /// A key out of order fails with ``LMDBError/keyExists``.
    public static let append = PutFlags(rawValue: UInt32(MDB_APPEND))
    /// Fail with ``LMDBError/keyExists`` rather than overwrite an existing key.
    public static let noOverwrite = PutFlags(rawValue: UInt32(MDB_NOOVERWRITE))
}
