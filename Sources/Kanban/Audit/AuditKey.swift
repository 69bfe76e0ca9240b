import Crypto
import Foundation

/// An Ed25519 key that signs checkpoints, in the text forms of Go's `golang.org/x/mod/sumdb/note`
/// (which C2SP signed notes use): the signer key `PRIVATE+KEY+NAME+HASH+BASE64(0x01 ‖ seed)` and
/// the verifier key `NAME+HASH+BASE64(0x01 ‖ public key)`, HASH being the first four bytes (hex)
/// of SHA-256(NAME ‖ "\n" ‖ 0x01 ‖ public key).
public struct AuditKey: Sendable {
    public let name: String
    let privateKey: Curve25519.Signing.PrivateKey?
    public let publicKey: Curve25519.Signing.PublicKey

    /// A new key named `name` (no spaces or `+`).
    public static func generate(name: String) throws(AuditKeyError) -> AuditKey {
        guard Self.isValidName(name) else { throw .malformed("the key name '\(name)' must be non-empty text without spaces or '+'") }
        let key = Curve25519.Signing.PrivateKey()
        return AuditKey(name: name, privateKey: key, publicKey: key.publicKey)
    }

    /// Reads a signer key (`PRIVATE+KEY+…`) or a verifier key.
    public init(parsing text: String) throws(AuditKeyError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let isPrivate = trimmed.hasPrefix("PRIVATE+KEY+")
        let fields = (isPrivate ? String(trimmed.dropFirst("PRIVATE+KEY+".count)) : trimmed).split(separator: "+", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let data = Data(base64Encoded: String(fields[2])), data.count == 33, data.first == 0x01 else {
            throw .malformed("not a key of the form NAME+HASH+BASE64 (or PRIVATE+KEY+NAME+HASH+BASE64) with an Ed25519 key")
        }
        name = String(fields[0])
        do {
            if isPrivate {
                let key = try Curve25519.Signing.PrivateKey(rawRepresentation: data.dropFirst())
                privateKey = key
                publicKey = key.publicKey
            } else {
                privateKey = nil
                publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: data.dropFirst())
            }
        } catch {
            throw .malformed("the Ed25519 key does not decode")
        }
        guard String(fields[1]) == Self.hex(keyHash) else { throw .malformed("the key's hash does not match its name and key") }
    }

    private init(name: String, privateKey: Curve25519.Signing.PrivateKey?, publicKey: Curve25519.Signing.PublicKey) {
        self.name = name
        self.privateKey = privateKey
        self.publicKey = publicKey
    }

    /// The first four bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key).
    public var keyHash: [UInt8] {
        Array(SHA256.hash(data: Array(name.utf8) + [0x0A, 0x01] + Array(publicKey.rawRepresentation)).prefix(4))
    }

    /// The verifier key's text.
    public var verifierKey: String {
        "\(name)+\(Self.hex(keyHash))+\((Data([0x01]) + publicKey.rawRepresentation).base64EncodedString())"
    }

    /// The signer key's text, or `nil` for a verifier key.
    public var signerKey: String? {
        privateKey.map { "PRIVATE+KEY+\(name)+\(Self.hex(keyHash))+\((Data([0x01]) + $0.rawRepresentation).base64EncodedString())" }
    }

    /// The Ed25519 signature of `message`; throws for a verifier key.
    func sign(_ message: [UInt8]) throws(AuditKeyError) -> [UInt8] {
        guard let privateKey else { throw .malformed("a verifier key cannot sign; give the key file 'kanban audit key' wrote") }
        do { return Array(try privateKey.signature(for: message)) } catch { throw .malformed("signing failed") }
    }

    /// Whether `signature` signs `message` under this key.
    func verifies(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        publicKey.isValidSignature(signature, for: message)
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: { $0.isWhitespace || $0 == "+" })
    }

    static func hex(_ bytes: [UInt8]) -> String { MerkleHash.hex(bytes) }
}
