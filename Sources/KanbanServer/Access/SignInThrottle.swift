import Foundation
import Synchronization

/// Slows guessing at `POST /api/session`: an address that failed ``allowedFailures`` sign-ins
/// within ``window`` is refused (429) until the window since its first failure has passed.
/// At most ``trackedAddresses`` addresses are remembered (the oldest forgotten first).
final class SignInThrottle: Sendable {
    static let allowedFailures = 5
    static let window: Duration = .seconds(60)
    static let trackedAddresses = 10_000

    private struct Record {
        var firstFailure: ContinuousClock.Instant
        var failures: Int
    }

    private let records = Mutex<[String: Record]>([:])

    /// The seconds `address` must wait before signing in again, or `nil` when it may now.
    func wait(for address: String, now: ContinuousClock.Instant = .now) -> Int? {
        records.withLock { records in
            guard let record = records[address] else { return nil }
            let elapsed = record.firstFailure.duration(to: now)
            if elapsed >= Self.window {
                records[address] = nil
                return nil
            }
            guard record.failures >= Self.allowedFailures else { return nil }
            return max(Int((Self.window - elapsed).components.seconds), 1)
        }
    }

    /// Counts a failed sign-in from `address`.
    func failed(_ address: String, now: ContinuousClock.Instant = .now) {
        records.withLock { records in
            if records[address] == nil, records.count >= Self.trackedAddresses,
               let oldest = records.min(by: { $0.value.firstFailure < $1.value.firstFailure })?.key {
                records[oldest] = nil
            }
            records[address, default: Record(firstFailure: now, failures: 0)].failures += 1
        }
    }
}
