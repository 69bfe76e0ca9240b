/// The parts of a provider's discovery document (`/.well-known/openid-configuration`) sign-in uses.
struct OIDCProviderMetadata: Decodable, Sendable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var jwksURI: String
    /// How the token endpoint takes the client's secret; absent means `client_secret_basic`.
    var tokenEndpointAuthMethods: [String]?

    private enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case tokenEndpointAuthMethods = "token_endpoint_auth_methods_supported"
    }

    /// Whether the client's secret goes in the form (`client_secret_post`) rather than in
    /// `Authorization: Basic`, which is the default and preferred where both are offered.
    var sendsSecretInForm: Bool {
        guard let methods = tokenEndpointAuthMethods, !methods.contains("client_secret_basic") else { return false }
        return methods.contains("client_secret_post")
    }
}
