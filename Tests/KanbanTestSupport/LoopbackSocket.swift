import Foundation

/// A TCP socket connected to a server on 127.0.0.1, for tests that speak raw HTTP to a live
/// `kanban serve` (half-sent headers, slow readers, event streams).
public enum LoopbackSocket {
    /// Why a connection could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A descriptor connected to 127.0.0.1:`port`; reads give up after `timeout` seconds when
    /// given, and `receiveBuffer` bounds the kernel's receive buffer (a client that stops reading
    /// fills it soon). The caller closes it.
    public static func connect(port: Int, timeout: Int? = nil, receiveBuffer: Int32? = nil) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        if let timeout {
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect() to port \(port) failed")
        }
        return descriptor
    }
}
