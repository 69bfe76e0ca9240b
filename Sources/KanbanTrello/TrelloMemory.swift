import Crypto
import Foundation
import KanbanCore
import LMDBStorage
import Kanban

/// The Trello ids already imported, and into which board: the named database `trello`, written in
/// the same transaction as the imported events. A key is a Trello id (an action's, or `board:`
/// and the board's), a zero byte and our board's id (16 bytes); the value is the sequence
/// number of the last event the import appended.
struct TrelloMemory: Sendable {
    let database: Database

    /// The longest id, in bytes, kept as it is in a key.
    static let longestID = 256

    /// Opens the memory in `environment`, creating its database when missing (outside any write).
    init(environment: Environment) throws {
        database = try environment.database(.trello)
    }

    /// The boards, of `candidates`, into which every one of `ids` was imported.
    func boards(holdingAll ids: [String], among candidates: [BoardID], in transaction: some Transaction) throws -> [BoardID] {
        try candidates.filter { board in
            try ids.allSatisfy { try transaction.value(forKey: Self.key($0, board: board), in: database) != nil }
        }
    }

    /// Remembers that `ids` were imported into `board`, up to event `sequence`.
    func remember(_ ids: [String], board: BoardID, sequence: UInt64, in transaction: WriteTransaction) throws {
        let value = withUnsafeBytes(of: sequence.bigEndian) { Array($0) }
        for id in ids { try transaction.put(value, forKey: Self.key(id, board: board), in: database) }
    }

    static func key(_ id: String, board: BoardID) -> [UInt8] {
        // An LMDB key holds at most 511 bytes: an id that long (never Trello's 24 hex digits) is
        // kept by its digest.
        var key = id.utf8.count <= longestID ? Array(id.utf8) : Array("sha256:".utf8) + Array(SHA256.hash(data: Data(id.utf8)))
        key.append(0)
        withUnsafeBytes(of: board.raw.high.bigEndian) { key.append(contentsOf: $0) }
        withUnsafeBytes(of: board.raw.low.bigEndian) { key.append(contentsOf: $0) }
        return key
    }
}
