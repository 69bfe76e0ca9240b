import Foundation

/// How a replica talks to its origin: one HTTP request, one whole answer. The default is
/// ``SocketReplicaTransport``; tests put in their own.
public protocol ReplicaTransport: Sendable {
    /// Sends `request` and returns the whole answer, whatever its status. A server that cannot
    /// be reached, or a connection that breaks before the whole answer, throws
    /// ``ReplicaError/unreachable(origin:reason:)``.
    func send(_ request: ReplicaRequest) async throws -> ReplicaResponse
}

/// An HTTP request to the origin.
public struct ReplicaRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The origin's answer.
public struct ReplicaResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
