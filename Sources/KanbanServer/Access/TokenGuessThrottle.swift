import Foundation
import Synchronization

/// Slows guessing at tokens — bearer tokens, session cookies and `POST /api/session` alike. Wrong
/// guesses are counted per address and per guessed token; once either has ``allowedFailures``
/// within ``window`` (from its first failure), further wrong guesses are refused with 429, each
/// answered only after ``hold``, until the window has passed. A right token is never refused:
/// it is checked first, so one person guessing behind a shared address (a reverse proxy) cannot
/// lock the others out. At most ``trackedKeys`` addresses and tokens are remembered (the oldest
/// forgotten first); guessed tokens are kept only as a hash.
final class TokenGuessThrottle: Sendable {
    static let allowedFailures = 5
    static let window: Duration = .seconds(60)
    static let trackedKeys = 10_000
    /// How long a refused guess waits for its answer: a connection guesses at most once a second.
    static let hold: Duration = .seconds(1)

    private struct Record {
        var firstFailure: ContinuousClock.Instant
        var failures: Int
    }

    private let records = Mutex<[String: Record]>([:])

    /// The seconds a wrong `token` from `address` must wait before it is judged again, or `nil`
    /// when neither is throttled.
    func wait(address: String, token: String, now: ContinuousClock.Instant = .now) -> Int? {
        records.withLock { records in
            [Self.key(address: address), Self.key(token: token)].compactMap { Self.wait(for: $0, in: &records, now: now) }.max()
        }
    }

    /// Counts a wrong guess of `token` from `address`.
    func failed(address: String, token: String, now: ContinuousClock.Instant = .now) {
        records.withLock { records in
            for key in [Self.key(address: address), Self.key(token: token)] {
                if records[key] == nil, records.count >= Self.trackedKeys,
                   let oldest = records.min(by: { $0.value.firstFailure < $1.value.firstFailure })?.key {
                    records[oldest] = nil
                }
                records[key, default: Record(firstFailure: now, failures: 0)].failures += 1
            }
        }
    }

    private static func wait(for key: String, in records: inout [String: Record], now: ContinuousClock.Instant) -> Int? {
        guard let record = records[key] else { return nil }
        let elapsed = record.firstFailure.duration(to: now)
        if elapsed >= window {
            records[key] = nil
            return nil
        }
        guard record.failures >= allowedFailures else { return nil }
        return max(Int((window - elapsed).components.seconds), 1)
    }

    private static func key(address: String) -> String { "address \(address)" }

    /// A guessed token's key: its hash (seeded afresh by each process), not the token.
    private static func key(token: String) -> String {
        var hasher = Hasher()
        hasher.combine(token)
        return "token \(hasher.finalize())"
    }
}
