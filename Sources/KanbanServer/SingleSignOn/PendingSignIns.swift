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

    private let pending = Mutex<[String: Pending]>([:])

    /// Starts a sign-in: its state, and what it keeps.
    func start(now: ContinuousClock.Instant = .now) -> (state: String, pending: Pending) {
        let state = Self.randomToken()
        let started = Pending(nonce: Self.randomToken(), verifier: Self.randomToken(), started: now)
        pending.withLock { pending in
            if pending.count >= Self.capacity {
                pending = pending.filter { $0.value.started.duration(to: now) < Self.lifetime }
                if pending.count >= Self.capacity, let oldest = pending.min(by: { $0.value.started < $1.value.started })?.key {
                    pending[oldest] = nil
                }
            }
            pending[state] = started
        }
        return (state, started)
    }

    /// Takes the sign-in of `state` (it cannot be taken again); `nil` when there is none or it
    /// has expired.
    func take(_ state: String, now: ContinuousClock.Instant = .now) -> Pending? {
        guard let taken = pending.withLock({ $0.removeValue(forKey: state) }) else { return nil }
        return taken.started.duration(to: now) < Self.lifetime ? taken : nil
    }

    /// 256 random bits in base64url (43 characters): a state, a nonce, a PKCE verifier.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = Data()
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return OIDCClient.base64URL(bytes)
    }
}
