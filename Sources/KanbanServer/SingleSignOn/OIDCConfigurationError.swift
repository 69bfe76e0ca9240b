/// Why an OpenID Connect configuration file was refused, in one line.
public struct OIDCConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "the OpenID Connect configuration \(path): \(reason)" }
}
