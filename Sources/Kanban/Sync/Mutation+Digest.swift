import Crypto
import Foundation
import KanbanCore

extension Mutation {
    /// The bytes kept in a digest: the first 16 of SHA-256.
    static let digestLength = 16

    /// What the mutation asks for, as 16 bytes: SHA-256 of its wire form (``MutationWireForm``:
    /// name, arguments and `since`, keys sorted, without its id), cut to 16 bytes. The same
    /// change sent again has the same digest; another change under the same id has another, so
    /// the server can tell a retry (`duplicate`) from a copied client's own change (`reused`).
    /// A mutation whose arguments could not be read is digested by its reason.
    public var digest: [UInt8] {
        var hash = SHA256()
        hash.update(data: canonicalBytes)
        return Array(hash.finalize().prefix(Self.digestLength))
    }

    /// The wire form without the id, in one fixed spelling.
    private var canonicalBytes: Data {
        switch command {
        case .failure(let reason):
            return Data("unreadable:\(reason.description)".utf8)
        case .success(let command):
            guard let wire = MutationWireForm(id: 0, command: command, newCard: newCard, newDetail: newDetail, since: since) else {
                return Data("command:\(String(reflecting: command))".utf8)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(wire)) ?? Data(String(reflecting: wire).utf8)
        }
    }
}
