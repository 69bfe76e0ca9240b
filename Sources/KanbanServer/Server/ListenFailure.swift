import Foundation
import NIOCore
import NIOPosix

/// Why the server could not listen, in one line a user can act on, instead of the system's
/// "The operation could not be completed".
public enum ListenFailure {
    /// One line for `error`, thrown while starting or running the server on `host:port`.
    public static func describe(_ error: any Error, host: String, port: Int) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case EADDRINUSE: return "port \(port) on \(host) is in use by another program; stop it or choose another --port (0 picks a free one)"
            case EADDRNOTAVAIL: return "\(host) is not an address of this machine; use --host 127.0.0.1, or one of its own addresses"
            case EACCES: return "listening on port \(port) needs privileges this user lacks; choose a --port above 1023"
            default: return "cannot listen on \(host):\(port): \(String(cString: strerror(error.errnoCode)))"
            }
        }
        if error is SocketAddressError.UnknownHost {
            return "--host '\(host)' is not an address or a name this machine can resolve"
        }
        if let error = error as? SocketAddressError {
            switch error {
            case .unknown: return "--host '\(host)' is not an address or a name this machine can resolve"
            default: return "--host '\(host)' cannot be listened on: \(error)"
            }
        }
        return "the server stopped: \(String(describing: error).prefix(300))"
    }
}
