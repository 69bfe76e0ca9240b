import Synchronization

/// The browsers signed in with `POST /api/session` or through the OpenID Connect provider: each
/// sign-in gets a random id (256 bits), the value of its cookie, mapped here to its actor. The
/// cookie never holds the token; signing out ends the id; ids live in memory only, so a restart
/// signs everyone out. Ids expire after their lifetime (``lifetime`` for a token's), and at
/// most ``capacity`` are kept (the oldest ended first).
final class SessionStore: Sendable {
    /// How long a token's session lasts (the cookie's `Max-Age`).
    static let lifetime: Duration = .seconds(30 * 24 * 3600)
    /// The most sessions kept at once.
    static let capacity = 10_000

    private struct Session {
        let actor: String
        let started: ContinuousClock.Instant
        let lifetime: Duration
    }

    private let sessions = Mutex<[String: Session]>([:])

    /// Starts a session for `actor` that lasts `lifetime`; returns its id.
    func start(actor: String, lifetime: Duration = SessionStore.lifetime, now: ContinuousClock.Instant = .now) -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        sessions.withLock { sessions in
            if sessions.count >= Self.capacity, let oldest = sessions.min(by: { $0.value.started < $1.value.started })?.key {
                sessions[oldest] = nil
            }
            sessions[id] = Session(actor: actor, started: now, lifetime: lifetime)
        }
        return id
    }

    /// The actor of session `id`, or `nil` when it is unknown, ended or expired.
    func actor(for id: String, now: ContinuousClock.Instant = .now) -> String? {
        sessions.withLock { sessions in
            guard let session = sessions[id] else { return nil }
            guard session.started.duration(to: now) < session.lifetime else {
                sessions[id] = nil
                return nil
            }
            return session.actor
        }
    }

    /// Ends session `id` (nothing when there is none).
    func end(_ id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }
}
