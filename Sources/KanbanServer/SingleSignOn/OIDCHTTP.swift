import Foundation

/// The requests sign-in makes to the provider: discovery, its keys, and the code's exchange.
/// ``NIOOIDCHTTP`` is the real one; tests put a provider of their own behind it.
protocol OIDCHTTP: Sendable {
    /// GETs `url`: the status and the body.
    func get(_ url: URL) async throws -> (status: Int, body: Data)
    /// POSTs `form` (`application/x-www-form-urlencoded`) to `url`, with `Authorization: Basic`
    /// when `basic` holds a user and password: the status and the body.
    func post(_ url: URL, form: [(String, String)], basic: (user: String, password: String)?) async throws -> (status: Int, body: Data)
}

extension OIDCHTTP {
    /// `fields` as a form body: every byte but the unreserved ones percent-encoded.
    static func formBody(_ fields: [(String, String)]) -> String {
        fields.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
    }

    /// `text` percent-encoded as a form field (RFC 6749, appendix B).
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
