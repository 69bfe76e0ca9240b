import KanbanCore

/// Builds one RFC 6962 root per board, leaf by leaf, with O(log n) memory per board: the tree
/// over a board's events' stored bytes in the board's order, as ``MerkleRootBuilder`` builds
/// the whole log's. Two stores that hold the same bytes per board in the same order have the
/// same roots, however they interleave boards.
///
/// For example:
///
/// ```swift
/// var builder = BoardRootsBuilder()
/// builder.append(board: event.board, bytes: storedBytes)
/// let root = builder.roots[event.board]
/// ```
public struct BoardRootsBuilder: Sendable {
    private var builders: [BoardID: MerkleRootBuilder] = [:]

    /// A builder of no boards yet.
    public init() {}

    /// Adds the next event of `board`, as its stored bytes.
    public mutating func append(board: BoardID, bytes: some Sequence<UInt8>) {
        _ = builders[board, default: MerkleRootBuilder()].append(MerkleHash.leaf(bytes))
    }

    /// Each board's size (events so far) and root.
    public var roots: [BoardID: AuditRoot] {
        builders.mapValues { AuditRoot(size: $0.count, root: $0.root) }
    }
}
