import Dispatch
import Synchronization

/// Runs async work from a synchronous command (`run()` of the command line) and waits for it.
enum Blocking {
    /// The result of `work`, run on Swift's concurrency pool while this thread waits.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Value, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = box.withLock({ $0 }) else { fatalError("the task ended without a result") }
        return try result.get()
    }
}
