import Glibc

/// Threads of the system's own, for work that must know at once whether a thread could be
/// made (a process at its limit): replay's walk of the log, the workload's decider. The caller
/// goes on without one when ``start(_:)`` returns `nil`, and joins the one it gets.
enum SystemThread {
    /// Runs `body` on a new thread; `nil` when none could be made.
    static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// A thread's work, as a pointer carries it.
    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
