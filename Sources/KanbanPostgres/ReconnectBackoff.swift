import Foundation

/// When a store may try to connect again after failing to: exponential backoff with full
/// jitter (a random wait up to 50 ms, doubling with each failure in a row up to 1 s), so that
/// nodes that lost PostgreSQL together do not knock together. Between tries a write fails at
/// once (HTTP 503, nothing kept) instead of waiting: no thread sleeps here, so nothing —
/// a shutdown least of all — waits on a reconnect.
struct ReconnectBackoff {
    /// The longest wait before the next try.
    static let cap: Duration = .seconds(1)
    /// The wait after the first failure, at most.
    static let base: Duration = .milliseconds(50)

    /// Failures in a row.
    private(set) var failures = 0
    /// No try before this.
    private(set) var notBefore = ContinuousClock.now
    /// The last failure, said again while waiting.
    private(set) var lastFailure: (any Error)?

    /// Whether a try is due at `now`.
    func isDue(at now: ContinuousClock.Instant = .now) -> Bool {
        now >= notBefore
    }

    /// Notes a failed try at `now`: the next waits a random time up to the capped backoff.
    mutating func failed(_ error: any Error, at now: ContinuousClock.Instant = .now) {
        failures += 1
        lastFailure = error
        let exponent = min(failures - 1, 10)
        let ceiling = min(Self.cap, Self.base * (1 << exponent))
        let milliseconds = ceiling.components.seconds * 1_000 + ceiling.components.attoseconds / 1_000_000_000_000_000
        notBefore = now + .milliseconds(Int64.random(in: 0...max(0, milliseconds)))
    }

    /// Notes a successful try: the next failure starts from the beginning.
    mutating func succeeded() {
        failures = 0
        lastFailure = nil
    }
}
