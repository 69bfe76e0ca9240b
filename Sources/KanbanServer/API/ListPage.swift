import HTTPTypes
import Hummingbird

/// The bounds every list answer (`/api/log`, a board's history and its deleted cards) keeps:
/// a `limit` with a default and a maximum, and a `Link: <…>; rel="next"` header naming the next
/// page when this one is full, so no answer grows with the log.
enum ListPage {
    /// The entries an answer holds when the request names no `limit`.
    static let defaultLimit = 1_000
    /// The most entries one answer holds; a larger `limit` is a 400.
    static let maximumLimit = 10_000

    /// The request's `limit`: from 0 to ``maximumLimit``, else ``defaultLimit``.
    static func limit(of request: Request) throws -> Int {
        try QueryValues(request: request).integer("limit", minimum: 0, maximum: maximumLimit) ?? defaultLimit
    }

    /// `response` with a `Link` header to the same request with `cursor` set to `value`, when
    /// the page held `count` of `limit` entries (a full page: there may be more) and `value` is
    /// known.
    static func linkingNext(_ response: Response, request: Request, count: Int, limit: Int, cursor: String, value: UInt64?) -> Response {
        guard count >= limit, limit > 0, let value else { return response }
        var response = response
        var parameters = request.uri.queryParameters.filter { $0.key != cursor[...] }.map { (String($0.key), String($0.value)) }
        parameters.append((cursor, String(value)))
        let query = parameters.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
        response.headers[.link] = "<\(request.uri.path)?\(query)>; rel=\"next\""
        return response
    }

    /// `text` with everything but unreserved characters percent-encoded, for a query value.
    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(UnicodeScalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                encoded += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0x0F)])"
            }
        }
        return encoded
    }
}
