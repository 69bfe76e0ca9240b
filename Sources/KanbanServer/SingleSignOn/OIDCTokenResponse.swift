/// The token endpoint's answer: the ID token on success, `error` and its description otherwise.
struct OIDCTokenResponse: Decodable, Sendable {
    var idToken: String?
    var error: String?
    var errorDescription: String?

    private enum CodingKeys: String, CodingKey {
        case idToken = "id_token"
        case error
        case errorDescription = "error_description"
    }
}
