import Foundation
import Synchronization

/// A value shared between threads, guarded by a mutex.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }

    /// A copy of the value.
    public var value: Value { mutex.withLock { $0 } }
}

/// Runs `body(0..<count)` on `count` threads of their own (not the cooperative pool, which a
/// blocking body could starve) and returns when all are done, with the errors they threw.
public func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [any Error] {
    let errors = Locked<[any Error]>([])
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            do {
                try body(index)
            } catch {
                errors.withLock { $0.append(error) }
            }
            group.leave()
        }
        thread.start()
    }
    group.wait()
    return errors.value
}
