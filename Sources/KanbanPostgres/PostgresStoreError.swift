import PostgresNIO

/// A PostgreSQL failure, said in one line: the server's own message (and SQLSTATE), or what
/// went wrong with the connection. PostgresNIO's errors describe themselves only as
/// "Database error" (so as not to leak data); this keeps the server's message and no query.
public struct PostgresStoreError: Error, Sendable, CustomStringConvertible {
    /// The line.
    public var message: String
    /// The SQLSTATE code, for an error the server reported.
    public var sqlState: String?

    /// An error saying `message`.
    public init(message: String, sqlState: String? = nil) {
        self.message = message
        self.sqlState = sqlState
    }

    /// An error saying `message`, when no server answered (`isConnectionFailure`) or one did.
    init(message: String, sqlState: String? = nil, isConnectionFailure: Bool) {
        self.init(message: message, sqlState: sqlState)
        self.isConnectionFailure = isConnectionFailure
    }

    /// Describes `error`, met while doing `what` (such as "connecting to postgres://…").
    init(_ error: PSQLError, doing what: String) {
        if let info = error.serverInfo, let text = info[.message] {
            let state = info[.sqlState]
            self.init(message: "PostgreSQL refused \(what): \(text)" + (state.map { " (SQLSTATE \($0))" } ?? ""), sqlState: state)
        } else if error.code == .connectionError || error.code == .serverClosedConnection {
            self.init(unreachable: error.underlying, code: "\(error.code)", doing: what)
        } else {
            let cause = error.underlying.map { ": \(Self.firstLine(of: "\($0)"))" } ?? ""
            self.init(message: "PostgreSQL failed \(what): \(error.code)\(cause)")
        }
    }

    /// Whether the connection it came on is of no more use: the server is shutting down or
    /// crashed (57P01, 57P02), is starting up or a standby still (57P03), takes no writes — a
    /// standby, or a primary demoted (25006) — or the connection failed (class 08, or no server
    /// answer at all). The store then connects again, perhaps to another host, and the write
    /// in flight failed with nothing kept.
    public var meansReconnect: Bool {
        guard let sqlState else { return isConnectionFailure }
        return ["57P01", "57P02", "57P03", "25006"].contains(sqlState) || sqlState.hasPrefix("08")
    }

    /// Whether no server answered: the connection could not be made, or broke.
    var isConnectionFailure = false

    public var description: String { message }

    /// PostgreSQL could not be reached while doing `what`, for `underlying` (a socket's or
    /// TLS's error), said in words where it is a known one.
    init(unreachable underlying: (any Error)?, code: String = "connectionError", doing what: String) {
        // The pool's own description of a failed connection runs to a dump of its attempts.
        let text = underlying.map { "\($0)" } ?? ""
        let known = ["connection refused", "connection reset", "timed out", "no route to host", "name or service not known", "host is unreachable"]
        let cause = known.first { text.lowercased().contains($0) }
            ?? (text.lowercased().contains("connecttimeout") ? "timed out" : nil)
            ?? Self.tlsFailure(in: text)
            ?? (text.isEmpty ? code : "\(code): \(Self.firstLine(of: text))")
        self.init(message: "PostgreSQL could not be reached while \(what): \(cause)", isConnectionFailure: true)
    }

    /// What a failed TLS handshake's error says, in words: the certificate refused (by whom
    /// it is signed, or for which name), or the handshake otherwise failed; `nil` for another error.
    static func tlsFailure(in text: String) -> String? {
        let lower = text.lowercased()
        if lower.contains("certificate_verify_failed") || lower.contains("certificate verify failed") || lower.contains("unable to get local issuer") {
            return "its TLS certificate is not signed by an authority this node trusts (sslrootcert)"
        }
        if lower.contains("hostname") || lower.contains("host name") || lower.contains("unabletovalidatecertificate") {
            return "its TLS certificate does not name the host connected to (verify-full)"
        }
        if lower.contains("ssl") || lower.contains("tls") || lower.contains("handshake") {
            return "the TLS handshake failed: \(firstLine(of: text))"
        }
        return nil
    }

    /// `text` up to its first line break, and at most 200 characters: an error is one line.
    private static func firstLine(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
