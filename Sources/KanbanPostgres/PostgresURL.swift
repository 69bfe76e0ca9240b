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

    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
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
        guard let components = URLComponents(string: text) else { throw bad("it does not parse as a URL") }
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
            default:
                throw bad("unknown parameter '\(item.name)' (only sslmode, sslrootcert and schema are understood)")
            }
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw bad("the port \(port) is out of range") }
        self.host = host
        self.port = port
        self.username = username
        password = components.password
        database = path.isEmpty ? username : path
        self.tlsMode = tlsMode
        self.schema = schema
        self.rootCertificatePath = rootCertificatePath
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
        "postgres://\(username)@\(host):\(port)/\(database)?sslmode=\(tlsMode.rawValue)"
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

    /// PostgresNIO's connection configuration; TLS modes other than `disable` make a TLS
    /// context, which can fail (``PostgresStoreError``).
    public func configuration() throws -> PostgresConnection.Configuration {
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
            host: host, port: port, username: username, password: password, database: database, tls: tls
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
