import Foundation

/// Runs `body` on a thread of its own and returns what it returns: for blocking code (a
/// store that waits on the network) called from a test, which runs on Swift's cooperative pool.
public func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
