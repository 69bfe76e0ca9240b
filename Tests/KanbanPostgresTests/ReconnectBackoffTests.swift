@testable import KanbanPostgres
import Testing

@Suite("Reconnecting to PostgreSQL")
struct ReconnectBackoffTests {
    struct Refused: Error {}

    @Test("after each failed try the next waits a random time up to a backoff that doubles from 50 ms to at most 1 s; a success starts over")
    func backoff() {
        var backoff = ReconnectBackoff()
        let start = ContinuousClock.now
        #expect(backoff.isDue(at: start))
        for failures in 1...12 {
            backoff.failed(Refused(), at: start)
            let ceiling = min(Duration.seconds(1), .milliseconds(50) * (1 << (failures - 1)))
            #expect(backoff.notBefore >= start && backoff.notBefore <= start + ceiling, "failure \(failures)")
            #expect(backoff.isDue(at: start + ceiling))
            #expect(backoff.failures == failures)
        }
        // Jitter: many draws at the cap are not all the same.
        var waits: Set<Duration> = []
        for _ in 0..<20 {
            backoff.failed(Refused(), at: start)
            waits.insert(backoff.notBefore - start)
        }
        #expect(waits.count > 1)
        backoff.succeeded()
        #expect(backoff.failures == 0 && backoff.lastFailure == nil)
        backoff.failed(Refused(), at: start)
        #expect(backoff.notBefore <= start + .milliseconds(50))
    }

    @Test("the server saying it shuts down, starts up or takes no writes, or a failed connection, means connect again; a refused statement does not",
          arguments: [("57P01", true), ("57P02", true), ("57P03", true), ("25006", true), ("08006", true), ("08000", true),
                      ("23505", false), ("40001", false), ("42P01", false)])
    func reconnectStates(state: String, reconnects: Bool) {
        #expect(PostgresStoreError(message: "x", sqlState: state).meansReconnect == reconnects)
    }
}
