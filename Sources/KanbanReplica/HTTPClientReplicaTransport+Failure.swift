import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension HTTPClientReplicaTransport {
    /// What went wrong with one request, as the one line a person reads: the errors of
    /// AsyncHTTPClient and SwiftNIO become ``ReplicaError/unreachable(origin:reason:)`` (no
    /// whole answer came) or ``ReplicaError/unreadableAnswer(origin:reason:)`` (an answer came
    /// that this client refuses).
    struct Failure: Sendable {
        /// `scheme://host:port` of the request.
        let origin: String
        /// The transport's ``HTTPClientReplicaTransport/overallTimeout``, for the message.
        let overallTimeout: Int?
        /// The transport's largest body, for the message.
        let largestBody: Int

        /// Thrown inside the transport when its overall deadline has passed.
        struct Overdue: Error {}

        /// The origin could not be reached, or gave no whole answer, for `reason`.
        func unreachable(_ reason: String) -> ReplicaError { .unreachable(origin: origin, reason: reason) }

        /// The origin's answer is refused, for `reason`.
        func refused(_ reason: String) -> ReplicaError { .unreadableAnswer(origin: origin, reason: reason) }

        /// The overall deadline passed.
        var overdue: ReplicaError {
            unreachable("gave up after \(overallTimeout ?? 0) s, the time a clone or sync may take (its --timeout)")
        }

        /// `error`, thrown while sending a request or reading its answer, as a replica error.
        func replicaError(for error: any Error) -> ReplicaError {
            switch error {
            case let error as ReplicaError: error
            case is Overdue: overdue
            case let error as HTTPClientError: clientError(error)
            case let error as HTTPParserError: parserError(error)
            case is NIOTooManyBytesError: refused("the answer's body is over the largest answer, \(largestBody) bytes")
            case let error as NIOConnectionError: connectionError(error)
            case let error as IOError: unreachable(Self.reason(errno: error.errnoCode))
            case ChannelError.connectTimeout: unreachable("timed out")
            default: unreachable(Self.shown(String(describing: error), limit: 200))
            }
        }

        private func clientError(_ error: HTTPClientError) -> ReplicaError {
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout: unreachable("timed out")
            case .deadlineExceeded: overdue
            case .remoteConnectionClosed: unreachable("the connection broke before the whole answer")
            case .bodyLengthMismatch: refused("the body's length is not its Content-Length")
            default: unreachable(Self.shown(String(describing: error), limit: 200))
            }
        }

        private func parserError(_ error: HTTPParserError) -> ReplicaError {
            switch error {
            case .invalidEOFState, .closedConnection: unreachable("the connection broke before the whole answer")
            case .invalidStatus: refused("the status is not three digits from 100 to 999")
            case .invalidContentLength, .unexpectedContentLength: refused("the Content-Length is not a number this client can hold")
            case .invalidChunkSize: refused("a chunk size is not a number this client can hold")
            case .headerOverflow: refused("the answer's header is too large")
            default: refused("it is not HTTP/1.1 (\(error))")
            }
        }

        private func connectionError(_ error: NIOConnectionError) -> ReplicaError {
            guard let first = error.connectionErrors.first else { return unreachable("no such host") }
            switch first.error {
            case let failure as IOError: return unreachable(Self.reason(errno: failure.errnoCode))
            case ChannelError.connectTimeout: return unreachable("timed out")
            default: return unreachable(Self.shown(String(describing: first.error), limit: 200))
            }
        }

        /// The reason a socket call failed with `code`, in words.
        private static func reason(errno code: Int32) -> String {
            switch code {
            case ECONNREFUSED: "connection refused"
            case ETIMEDOUT, EAGAIN: "timed out"
            case ENETUNREACH, EHOSTUNREACH: "no route to the host"
            case ECONNRESET, EPIPE: "the connection broke before the whole answer"
            default: String(cString: strerror(code))
            }
        }

        /// `text` as it may appear in a message: at most `limit` characters, printable ASCII
        /// only (an origin may send anything, terminal escapes included).
        static func shown(_ text: some StringProtocol, limit: Int = 24) -> String {
            let printable = String(text.unicodeScalars.prefix(limit).map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" })
            return text.unicodeScalars.count > limit ? printable + "…" : printable
        }
    }
}
