/// A PostgreSQL URL that ``PostgresURL`` cannot use; its description is one line.
public struct PostgresURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL, its password hidden.
    public var url: String
    /// What is wrong with it.
    public var reason: String

    public var description: String {
        "'\(url)' is not a PostgreSQL URL: \(reason) (expected postgres://user:password@host:port/database?sslmode=disable)"
    }
}
