import KanbanCore

/// A write refused because the log moved on since the writer looked: another writer
/// appended to the board (its head is not the one expected), took the positions offered,
/// answered the idempotency key first, or recorded the client's mutation first.
/// Nothing of the refused write is kept; catch up and decide again.
public struct LogConflict: Error, Sendable, Equatable, CustomStringConvertible {
    /// The boards whose head was not the one expected, with their heads (last `seq`) now.
    public var movedHeads: [BoardID: UInt64]
    /// The first position offered that was not above the log's (LMDB) or the board's
    /// (PostgreSQL) last one, when that is why the append was refused.
    public var stalePosition: UInt64?
    /// The key that already had an answer, when that is why the write was refused: another
    /// writer answered the command first (read its answer and give that one).
    public var answered: AnswerKey?
    /// The clients whose last mutation was not the one before the mutation recorded, with
    /// their last mutation now.
    public var movedClients: [String: UInt64]

    /// A conflict over what is given.
    public init(movedHeads: [BoardID: UInt64] = [:], stalePosition: UInt64? = nil, answered: AnswerKey? = nil, movedClients: [String: UInt64] = [:]) {
        self.movedHeads = movedHeads
        self.stalePosition = stalePosition
        self.answered = answered
        self.movedClients = movedClients
    }

    public var description: String {
        var parts = movedHeads.sorted { $0.key < $1.key }.map { "board \($0.key) is at seq \($0.value)" }
        if let stalePosition { parts.append("position \(stalePosition) is taken") }
        if let answered { parts.append("\(answered) has an answer already") }
        parts += movedClients.sorted { $0.key < $1.key }.map { "client \"\($0.key)\" is at mutation \($0.value)" }
        return "the log moved on: " + (parts.isEmpty ? "another writer appended" : parts.joined(separator: ", "))
    }
}
