import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, parsed from a libpq-style URL:
/// `postgres://user:password@host:port/database?sslmode=disable`.
///
/// The scheme is `postgres` or `postgresql`; the port defaults to 5432 and the database to the
/// user's name. `sslmode` is `disable`, `prefer` (the default: TLS when the server offers it,
/// certificate unchecked, as libpq does), `require` (TLS, certificate unchecked), `verify-ca`
/// (TLS, certificate checked against the trusted authorities) or `verify-full` (certificate and
/// host name checked). `sslrootcert` names a PEM file of the authorities to trust instead of the
/// system's; with it, `require` checks the certificate as `verify-ca` does (as libpq does).
/// `schema` names a schema to keep the
/// log's tables in (made when missing; lowercase letters, digits and `_`, up to 63): several
/// logs in one database. Nothing else may follow the `?`.
///
/// For example:
///
/// ```swift
/// let url = try PostgresURL("postgres://kanban@127.0.0.1:5432/kanban?sslmode=disable")
/// let store = try PostgresLogStore.connect(to: url)
/// ```
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// How to use TLS (`sslmode`).
    public enum TLSMode: String, Sendable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, its certificate not checked.
        case prefer
        /// TLS or no connection, the certificate not checked.
        case require
        /// TLS, the certificate checked against the trusted authorities, not the host name.
        case verifyCA = "verify-ca"
        /// TLS, the certificate and host name checked.
        case verifyFull = "verify-full"
    }

    /// One server a URL names: its host name or address and its port.
    public struct Server: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Which server of several to keep (`target_session_attrs`, as libpq).
    public enum TargetSession: String, Sendable {
        /// The first that takes the connection.
        case any
        /// The first that takes writes (`SHOW transaction_read_only` is `off`): a primary, not a
        /// standby. `primary` is read the same.
        case readWrite = "read-write"
    }

    /// The servers to try, in order: libpq's multi-host form, `postgres://user@host1:5432,host2:5433/db`.
    /// A connection goes to the first that takes it (and, with ``TargetSession/readWrite``, takes
    /// writes); a reconnect starts again from the first.
    public var servers: [Server]
    /// Which server of several to keep.
    public var targetSession: TargetSession

    /// The first server's host name or address.
    public var host: String {
        get { servers[0].host }
        set { servers[0].host = newValue }
    }
    /// The first server's port.
    public var port: Int {
        get { servers[0].port }
        set { servers[0].port = newValue }
    }
    /// Whom to log in as.
    public var username: String
    /// The password, when the URL gives one (percent-decoded).
    public var password: String?
    /// The database's name.
    public var database: String
    /// How to use TLS.
    public var tlsMode: TLSMode
    /// The schema holding the log's tables (`schema`), or `nil`: the database's default
    /// (`public`, as `search_path` finds it).
    public var schema: String?
    /// The PEM file of the certificate authorities to trust (`sslrootcert`), or `nil`: the system's.
    public var rootCertificatePath: String?

    /// Parses `text`; anything that is not such a URL throws ``PostgresURLError``.
    public init(_ text: String) throws(PostgresURLError) {
        func bad(_ reason: String) -> PostgresURLError { PostgresURLError(url: Self.redacted(text), reason: reason) }
        // libpq's hosts list, `host1:port1,host2:port2`, is no URL authority: the first host
        // stays for URLComponents, the others are parsed here.
        var parsed = text
        var others: [Server] = []
        if let schemeEnd = text.range(of: "://") {
            let rest = text[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            let hostsStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
            let hosts = authority[hostsStart...].split(separator: ",", omittingEmptySubsequences: false)
            if hosts.count > 1 {
                for item in hosts.dropFirst() {
                    guard let server = Self.server(String(item)) else { throw bad("the host list entry '\(item)' is not HOST or HOST:PORT") }
                    others.append(server)
                }
                parsed = String(text[..<hostsStart]) + hosts[0] + String(rest[authorityEnd...])
            }
        }
        guard let components = URLComponents(string: parsed) else { throw bad("it does not parse as a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw bad("the scheme must be postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw bad("it names no host") }
        guard let username = components.user, !username.isEmpty else { throw bad("it names no user (postgres://USER@HOST/DATABASE)") }
        var path = components.path
        if path.hasPrefix("/") { path.removeFirst() }
        guard !path.contains("/") else { throw bad("the path must be just the database's name") }
        var tlsMode = TLSMode.prefer
        var schema: String?
        var rootCertificatePath: String?
        var targetSession = TargetSession.any
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                    throw bad("sslmode must be disable, prefer, require, verify-ca or verify-full")
                }
                tlsMode = mode
            case "schema":
                guard let value = item.value, Self.isSchemaName(value) else {
                    throw bad("schema must be 1 to 63 lowercase letters, digits and _, not starting with a digit")
                }
                schema = value
            case "sslrootcert":
                guard let value = item.value, !value.isEmpty else { throw bad("sslrootcert must name a file") }
                rootCertificatePath = value
            case "target_session_attrs":
                switch item.value {
                case "any": targetSession = .any
                case "read-write", "primary": targetSession = .readWrite
                default: throw bad("target_session_attrs must be any, read-write or primary")
                }
            default:
                throw bad("unknown parameter '\(item.name)' (only sslmode, sslrootcert, target_session_attrs and schema are understood)")
            }
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw bad("the port \(port) is out of range") }
        servers = [Server(host: host, port: port)] + others
        self.targetSession = targetSession
        self.username = username
        password = components.password
        database = path.isEmpty ? username : path
        self.tlsMode = tlsMode
        self.schema = schema
        self.rootCertificatePath = rootCertificatePath
    }

    /// `text` as `HOST` or `HOST:PORT` (`[IPv6]:PORT`), the port 1 to 65535 (5432 when none).
    static func server(_ text: String) -> Server? {
        var host = Substring(text)
        var port = 5432
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else { return nil }
                port = number
            }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            guard let number = Int(host[host.index(after: colon)...]) else { return nil }
            port = number
            host = host[..<colon]
        }
        guard !host.isEmpty, (1...65_535).contains(port), !host.contains(where: { $0 == "@" || $0 == "/" || $0 == " " }) else { return nil }
        return Server(host: String(host), port: port)
    }

    /// Whether `name` is a schema name a URL may give: lowercase ASCII letters, digits and `_`,
    /// 1 to 63 of them, not starting with a digit (so it never needs quoting).
    static func isSchemaName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_") }
    }

    /// The URL without its password.
    public var description: String {
        "postgres://\(username)@" + servers.map { ($0.host.contains(":") ? "[\($0.host)]" : $0.host) + ":\($0.port)" }.joined(separator: ",")
            + "/\(database)?sslmode=\(tlsMode.rawValue)"
            + (targetSession == .readWrite ? "&target_session_attrs=read-write" : "")
            + (rootCertificatePath.map { "&sslrootcert=\($0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"])) ?? $0)" } ?? "")
            + (schema.map { "&schema=\($0)" } ?? "")
    }

    /// The same server and user, another database (tests make and drop their own).
    public func with(database: String) -> PostgresURL {
        var url = self
        url.database = database
        return url
    }

    /// The same database, the log in another schema.
    public func with(schema: String?) -> PostgresURL {
        var url = self
        url.schema = schema
        return url
    }

    /// PostgresNIO's connection configuration for the server at `index` of ``servers`` (the
    /// first by default); TLS modes other than `disable` make a TLS context, which can fail
    /// (``PostgresStoreError``).
    public func configuration(server index: Int = 0) throws -> PostgresConnection.Configuration {
        let server = servers.indices.contains(index) ? servers[index] : servers[0]
        let tls: PostgresConnection.Configuration.TLS
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            if let rootCertificatePath {
                guard FileManager.default.isReadableFile(atPath: rootCertificatePath) else {
                    throw PostgresStoreError(message: "cannot read sslrootcert \(rootCertificatePath)")
                }
                configuration.trustRoots = .file(rootCertificatePath)
            }
            switch tlsMode {
            case .disable:
                tls = .disable
            case .prefer:
                configuration.certificateVerification = .none
                tls = .prefer(try NIOSSLContext(configuration: configuration))
            case .require where rootCertificatePath == nil:
                configuration.certificateVerification = .none
                tls = .require(try NIOSSLContext(configuration: configuration))
            case .require, .verifyCA:
                configuration.certificateVerification = .noHostnameVerification
                tls = .require(try NIOSSLContext(configuration: configuration))
            case .verifyFull:
                configuration.certificateVerification = .fullVerification
                tls = .require(try NIOSSLContext(configuration: configuration))
            }
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError(message: "cannot set up TLS for \(self): \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: username, password: password, database: database, tls: tls
        )
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }

    /// `text` with the password between `:` and `@` of its authority replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@") else { return text }
        let authority = text[schemeEnd.upperBound..<at]
        guard let colon = authority.firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}
