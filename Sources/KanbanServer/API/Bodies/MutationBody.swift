import Kanban
import KanbanCore

/// One mutation of a push: `{"id", "name", "args", "since"?}`. `id` must be a whole number from
/// 1 (else the push is a 400: without it the mutation has no place in the client's line), and
/// `since`, when given, one from 0 to 2^64 − 1 (else a 400 too: the envelope says when the
/// change was made, whatever it is, and a retry of a decided one must not be read otherwise);
/// a `name` or `args` that cannot be read makes a mutation refused with the reason.
struct MutationBody: Decodable, Sendable {
    let mutation: Mutation

    private enum CodingKeys: String, CodingKey {
        case id, name, args, since
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(UInt64.self, forKey: .id)
        guard id >= 1, id <= MutationBody.largestID else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "a mutation's id is 1 to 2^53 − 1")
        }
        let since: UInt64?
        do {
            since = try container.decodeIfPresent(UInt64.self, forKey: .since)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .since, in: container, debugDescription: "a mutation's since is a sequence number, 0 to 2^64 − 1")
        }
        do {
            let name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            let read = try CommandWire.command(named: name, argumentsAt: .args, in: container)
            mutation = Mutation(id: id, read: read, since: since)
        } catch let error as DecodingError {
            mutation = Mutation(id: id, unreadable: Self.describe(error))
        } catch .unreadableMutation(let reason) as KanbanError {
            mutation = Mutation(id: id, unreadable: reason)
        } catch let error as KanbanError {
            mutation = Mutation(id: id, unreadable: error.description)
        } catch {
            mutation = Mutation(id: id, unreadable: APIError.numberOutOfRange)
        }
    }

    /// The largest id taken: the largest whole number JavaScript counts exactly.
    static let largestID: UInt64 = (1 << 53) - 1

    /// What is wrong, naming the key inside `args` rather than the whole path.
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context? = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context
        default: nil
        }
        guard let path = context?.codingPath, !path.isEmpty else { return APIError.describe(error) }
        // The keys from the last named one on: `title`, or `columns[1]` for an array's element.
        let named = path.lastIndex { $0.intValue == nil } ?? path.startIndex
        return "\"\(APIError.keyPath(path[named...]))\" has the wrong type"
    }
}
