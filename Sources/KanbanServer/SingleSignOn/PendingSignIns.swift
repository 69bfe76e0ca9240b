import Foundation
import Synchronization

/// Sign-ins under way: each `GET /auth/login` gets a random `state` (256 bits), a `nonce` and a
/// PKCE verifier, kept here until the provider sends the browser back. A state is taken once
/// (a replayed callback finds nothing), lives ``lifetime``, and at most ``capacity`` are kept
/// (the oldest dropped first).
final class PendingSignIns: Sendable {
    /// One sign-in under way.
    struct Pending: Sendable {
        var nonce: String
        var verifier: String
        var started: ContinuousClock.Instant
    }

    /// How long a sign-in may take at the provider.
    static let lifetime: Duration = .seconds(600)
    /// The most sign-ins under way at once.
    static let capacity = 10_000

    private struct State {
        var pending: [String: Pending] = [:]
        /// The states in the order they started (some taken already), so the oldest is dropped
        /// in constant time however many are under way.
        var order: [String] = []
        var head = 0
    }

    private let state = Mutex(State())

    /// Starts a sign-in: its state, and what it keeps.
    func start(now: ContinuousClock.Instant = .now) -> (state: String, pending: Pending) {
        let key = Self.randomToken()
        let started = Pending(nonce: Self.randomToken(), verifier: Self.randomToken(), started: now)
        state.withLock { state in
            // Drop the expired and, when full, the oldest; taken ones only leave the order here.
            while state.head < state.order.count {
                let oldest = state.order[state.head]
                guard let entry = state.pending[oldest] else {
                    state.head += 1
                    continue
                }
                guard state.pending.count >= Self.capacity || entry.started.duration(to: now) >= Self.lifetime else { break }
                state.pending[oldest] = nil
                state.head += 1
            }
            if state.head > 1_024 && state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.pending[key] = started
            state.order.append(key)
        }
        return (key, started)
    }

    /// Takes the sign-in of `state` (it cannot be taken again); `nil` when there is none or it
    /// has expired.
    func take(_ key: String, now: ContinuousClock.Instant = .now) -> Pending? {
        guard let taken = state.withLock({ $0.pending.removeValue(forKey: key) }) else { return nil }
        return taken.started.duration(to: now) < Self.lifetime ? taken : nil
    }

    /// How many sign-ins are under way (for tests).
    var count: Int { state.withLock { $0.pending.count } }

    /// 256 random bits in base64url (43 characters): a state, a nonce, a PKCE verifier.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = Data()
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return OIDCClient.base64URL(bytes)
    }
}
