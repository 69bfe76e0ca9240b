import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``OIDCHTTP`` over Foundation's `URLSession` (HTTPS through the system's TLS): each request
/// limited to ``timeout``, each answer to ``largestBody`` bytes.
struct URLSessionOIDCHTTP: OIDCHTTP {
    /// How long one request to the provider may take.
    static let timeout: TimeInterval = 10
    /// The largest answer taken from the provider (discovery, keys and tokens are a few KiB).
    static let largestBody = 1 << 20

    func get(_ url: URL) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return try await send(request)
    }

    func post(_ url: URL, form: [(String, String)], basic: (user: String, password: String)?) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let basic {
            // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
            let pair = "\(Self.formEncoded(basic.user)):\(Self.formEncoded(basic.password))"
            request.setValue("Basic \(Data(pair.utf8).base64EncodedString())", forHTTPHeaderField: "Authorization")
        }
        request.httpBody = Data(Self.formBody(form).utf8)
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw OIDCError.unreachable("not an HTTP answer from \(request.url?.host ?? "the provider")") }
        guard data.count <= Self.largestBody else { throw OIDCError.unreachable("an answer over 1 MiB from \(request.url?.host ?? "the provider")") }
        return (http.statusCode, data)
    }
}
