import HTTPTypes
import Hummingbird
import Kanban
import NIOCore

/// Responses with a JSON body, encoded as the CLI's `--json` forms are (``Kanban/OutputJSON``).
enum JSONResponse {
    /// `value` as JSON with `status`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        bytes(try OutputJSON.encode(value), status: status)
    }

    /// `bytes` (already JSON) with `status`.
    static func bytes(_ bytes: some Collection<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{"error": message}` with `status`.
    static func error(_ error: APIError) -> Response {
        (try? make(ErrorBody(error: error.message), status: error.status)) ?? Response(status: error.status)
    }

    /// The body of every error answer.
    struct ErrorBody: Codable, Sendable {
        var error: String
    }
}
