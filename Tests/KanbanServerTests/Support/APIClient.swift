import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Sends requests to the router under test as a browser on the same origin would: `Host` set,
/// JSON bodies with `Content-Type: application/json`.
struct APIClient: Sendable {
    let client: any TestClientProtocol

    /// The `Host` the requests name.
    static let host = "127.0.0.1:8080"

    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        json body: String? = nil,
        headers extra: [String: String] = [:],
        contentType: String? = "application/json"
    ) async throws -> APIResponse {
        var headers = HTTPFields()
        headers[HTTPField.Name("Host")!] = Self.host
        if method != .get, let contentType { headers[.contentType] = contentType }
        for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        return APIResponse(
            status: response.status.code,
            headers: response.headers,
            text: String(buffer: response.body)
        )
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> APIResponse {
        try await send(.get, path, headers: headers)
    }

    func post(_ path: String, _ body: String = "{}", headers: [String: String] = [:]) async throws -> APIResponse {
        try await send(.post, path, json: body, headers: headers)
    }

    func patch(_ path: String, _ body: String, headers: [String: String] = [:]) async throws -> APIResponse {
        try await send(.patch, path, json: body, headers: headers)
    }

    func put(_ path: String, _ body: String, headers: [String: String] = [:]) async throws -> APIResponse {
        try await send(.put, path, json: body, headers: headers)
    }

    func delete(_ path: String, headers: [String: String] = [:]) async throws -> APIResponse {
        try await send(.delete, path, headers: headers)
    }
}
