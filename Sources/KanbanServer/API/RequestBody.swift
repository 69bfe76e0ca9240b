import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Reading a request's JSON body: at most 64 KiB (413 beyond), malformed JSON is a 400 naming
/// what is wrong. An empty body reads as `{}`.
enum RequestBody {
    /// The body decoded as `Body`, with `userInfo` given to its decoder, and its bytes (for the
    /// idempotency fingerprint).
    static func decode<Body: Decodable>(
        _ type: Body.Type,
        from request: Request,
        context: KanbanRequestContext,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) async throws -> (Body, ByteBuffer) {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let data = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer.readableBytesView)
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        do {
            return (try decoder.decode(Body.self, from: data), buffer)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && isJSON(data) {
            // Foundation's decoder says "not valid JSON", with no path, of a number that does not
            // fit its field (-1 or 1.5 for a count, 1e30 for an index): the JSON is fine.
            throw APIError(.badRequest, "malformed JSON: \(APIError.numberOutOfRange)")
        }
    }

    /// Whether `data` parses as JSON at all.
    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }
}
