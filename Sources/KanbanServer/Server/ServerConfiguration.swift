import Foundation

/// How `kanban serve` runs: where it listens, who may use it and what it logs.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (default loopback).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The actors and their tokens, from `--token-file`; `nil` when the server is open to
    /// loopback clients without tokens.
    public var tokens: TokenFile?
    /// Sign-in with an OpenID Connect provider, from `--oidc-config`; `nil` when there is none.
    public var oidc: OIDCConfiguration?
    /// Host names the server answers to besides its own address and the loopback names
    /// (a `Host` header naming anything else is refused: DNS rebinding).
    public var allowedHosts: [String]
    /// The level of request logs and other messages on standard error.
    public var logLevel: String
    /// How often a live stream sends a comment line, so proxies keep it open.
    public var heartbeat: Duration
    /// How long a connection may sit without a request (from its opening, so headers sent a
    /// byte at a time count too) before it is closed. A response being written (a live stream)
    /// is never cut by it.
    public var idleTimeout: Duration
    /// How long a request's body may take to arrive after its head, plus a second for every KiB
    /// it brings; a slower one has its connection closed (``CutSlowBodies``).
    public var bodyTimeout: Duration
    /// The most connections open at once; further ones wait to be accepted until one closes, so
    /// idle connections can never take every file descriptor.
    public var maximumConnections: Int
    /// Whether each request gets a server span (Hummingbird's `TracingMiddleware`, recording
    /// with `InstrumentationSystem.tracer`), the parent of its command's span. Off by default:
    /// a server that exports no spans adds no middleware for them.
    public var tracing: Bool

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        tokens: TokenFile? = nil,
        allowedHosts: [String] = [],
        logLevel: String = "info",
        heartbeat: Duration = .seconds(15),
        idleTimeout: Duration = .seconds(15),
        bodyTimeout: Duration = .seconds(15),
        maximumConnections: Int = 1_000,
        tracing: Bool = false,
        oidc: OIDCConfiguration? = nil
    ) {
        self.oidc = oidc
        self.host = host
        self.port = port
        self.tokens = tokens
        self.allowedHosts = allowedHosts
        self.logLevel = logLevel
        self.heartbeat = heartbeat
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maximumConnections = maximumConnections
        self.tracing = tracing
    }

    /// Whether every `/api` request needs a credential (a token, or a session from signing in):
    /// there is a token file or a provider to sign in with.
    public var requiresSignIn: Bool { tokens != nil || oidc != nil }

    /// Whether `host` is a loopback address or name: `localhost`, an IPv4 literal in
    /// 127.0.0.0/8 or `::1` — exactly, so `127.0.0.1.example.com` is not.
    public static func isLoopback(_ host: String) -> Bool {
        HostAuthority(listeningOn: host)?.isLoopback ?? false
    }

    /// Why this configuration must not start, or `nil` when it may: a non-loopback address
    /// without tokens would let anyone on the network write to the board.
    public var refusal: String? {
        if !Self.isLoopback(host) && !requiresSignIn {
            return "refusing to listen on \(host) without --token-file or --oidc-config: anyone who can reach it could change the board; give --token-file FILE (lines 'ACTOR TOKEN') or use --host 127.0.0.1"
        }
        if !(0...65_535).contains(port) { return "--port must be between 0 and 65535" }
        if !(1...1_000_000).contains(maximumConnections) { return "--max-connections must be between 1 and 1000000" }
        if idleTimeout <= .zero || idleTimeout > .seconds(86_400) { return "--idle-timeout must be between 1 and 86400 seconds" }
        if bodyTimeout <= .zero || bodyTimeout > .seconds(86_400) { return "--body-timeout must be between 1 and 86400 seconds" }
        return nil
    }
}
