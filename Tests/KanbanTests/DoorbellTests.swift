@testable import Kanban
import Synchronization
import Testing

/// `Doorbell`: what wakes a subscription waiting for commits.
struct DoorbellTests {
    /// Waits on `doorbell` in a task and reports whether it has returned after `grace`.
    static func returnsWithin(_ grace: Duration, _ doorbell: Doorbell, timeout: Duration) async throws -> Bool {
        let returned = Atomic(false)
        let waiter = Task {
            await doorbell.wait(timeout: timeout)
            returned.store(true, ordering: .sequentiallyConsistent)
        }
        try await Task.sleep(for: grace)
        let early = returned.load(ordering: .sequentiallyConsistent)
        waiter.cancel()
        await waiter.value
        return early
    }

    @Test("A wait that a ring ended leaves nothing behind: the next wait sleeps until a ring or its timeout")
    func noRingLeftBehind() async throws {
        let doorbell = Doorbell()
        doorbell.ring()
        await doorbell.wait(timeout: .seconds(30)) // the ring before it: returns at once
        // The first wait's timer, cancelled, used to ring as it ended, so every later wait
        // returned at once and each subscriber read the log in a loop, one core each.
        #expect(try await Self.returnsWithin(.milliseconds(300), doorbell, timeout: .seconds(30)) == false)
    }

    @Test("A wait that timed out leaves nothing behind either")
    func noTimeoutLeftBehind() async throws {
        let doorbell = Doorbell()
        await doorbell.wait(timeout: .milliseconds(1))
        #expect(try await Self.returnsWithin(.milliseconds(300), doorbell, timeout: .seconds(30)) == false)
    }

    @Test("A ring wakes the waiter; a ring before the wait is kept; cancelling ends the wait")
    func ringsWake() async throws {
        let doorbell = Doorbell()
        let waiter = Task { await doorbell.wait(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        doorbell.ring()
        await waiter.value
        doorbell.ring()
        await doorbell.wait(timeout: .seconds(30))
        let cancelled = Task { await doorbell.wait(timeout: .seconds(30)) }
        cancelled.cancel()
        await cancelled.value
    }
}
