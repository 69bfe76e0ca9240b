import Foundation
import JWTKit

/// An ID token's claims, each kept as it came (the names of the ones sign-in reads are settings):
/// ``OIDCClient`` checks them once jwt-kit has checked the signature.
struct IDTokenClaims: JWTPayload {
    /// A claim's value, as far as sign-in reads claims.
    enum Value: Codable, Sendable, Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case strings([String])
        /// Anything else (an object, a mixed list, null).
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let list = try? container.decode([String].self) {
                self = .strings(list)
            } else {
                self = .other
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            case .strings(let list): try container.encode(list)
            case .other: try container.encodeNil()
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var claims: [String: Value]

    init(claims: [String: Value]) {
        self.claims = claims
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var claims: [String: Value] = [:]
        for key in container.allKeys { claims[key.stringValue] = try container.decode(Value.self, forKey: key) }
        self.claims = claims
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in claims { try container.encode(value, forKey: Key(stringValue: name)) }
    }

    /// Nothing here: the claims are checked against what the sign-in expects in ``OIDCClient``.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The claim `name` as a string, when it is one.
    func string(_ name: String) -> String? {
        if case .string(let text) = claims[name] { text } else { nil }
    }

    /// The claim `name` as seconds since 1970, when it is a number.
    func seconds(_ name: String) -> Double? {
        if case .number(let number) = claims[name], number.isFinite { number } else { nil }
    }

    /// The claim `name` as a list of strings: a list as it is, one string as a list of one.
    func strings(_ name: String) -> [String] {
        switch claims[name] {
        case .strings(let list): list
        case .string(let text): [text]
        default: []
        }
    }
}
