import HTTPTypes

/// The header fields the server reads or writes beyond the standard ones.
extension HTTPField.Name {
    /// `Host` (HTTP/1.1 puts it in the request's authority; a test client may send it as a field).
    static let hostHeader = HTTPField.Name("Host")!
    /// Who is acting, when the server has no token file.
    static let kanbanActor = HTTPField.Name("X-Kanban-Actor")!
    /// The key that makes a retried write return its first answer.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// Set on an answer given again for a retried `Idempotency-Key`.
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
    /// The sequence a live stream resumes after.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// `Link` (RFC 8288): where the next page of a list answer is.
    static let link = HTTPField.Name("Link")!
    /// The proof of a write one node of a shared log hands to another (``NodeSignature``).
    static let kanbanNodeSignature = HTTPField.Name("X-Kanban-Node-Signature")!
    /// Who acts, on a write handed on (percent-encoded).
    static let kanbanForwardedActor = HTTPField.Name("X-Kanban-Forwarded-Actor")!
    /// `1` when the node that handed a write on signs people in (a token file or a provider), else `0`.
    static let kanbanForwardedSignIn = HTTPField.Name("X-Kanban-Forwarded-Sign-In")!
    /// On the answer to a write handed on: the log's last sequence once it was carried out.
    static let kanbanLogPosition = HTTPField.Name("X-Kanban-Log-Position")!
}
