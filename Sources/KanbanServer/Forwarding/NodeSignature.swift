import Crypto
import Foundation

/// How a node of a shared log proves a write it hands on (``ForwardWritesMiddleware``): an
/// HMAC-SHA256, keyed by the log's node secret, over the request's method, target, actor,
/// sign-in flag, a time and its body's SHA-256, sent as `X-Kanban-Node-Signature:
/// t=UNIX-SECONDS,v1=HEX`. The secret itself never crosses the network, and a signature seen on
/// the wire proves only that request, for ``window`` seconds either side of its time.
enum NodeSignature {
    /// How far a signature's time may be from the holder's clock, in seconds.
    static let window: Int64 = 60

    /// The field for a request signed with `secret` at `time` (Unix seconds).
    static func field(
        secret: String, method: String, target: String, actor: String, signIn: String, body: some Sequence<UInt8>, at time: Int64
    ) -> String {
        "t=\(time),v1=\(code(secret: secret, method: method, target: target, actor: actor, signIn: signIn, body: body, at: time))"
    }

    /// Whether `field` signs this request with `secret`, at a time within ``window`` of `now`.
    static func verifies(
        _ field: String, secret: String, method: String, target: String, actor: String, signIn: String, body: some Sequence<UInt8>, now: Int64
    ) -> Bool {
        let parts = field.split(separator: ",")
        guard parts.count == 2, parts[0].hasPrefix("t="), parts[1].hasPrefix("v1="), let time = Int64(parts[0].dropFirst(2)),
            time > now - window, time < now + window
        else { return false }
        let expected = code(secret: secret, method: method, target: target, actor: actor, signIn: signIn, body: body, at: time)
        return ConstantTime.equal(String(parts[1].dropFirst(3)), expected)
    }

    /// The hex HMAC of the request's parts, one a line, the body by its digest.
    private static func code(
        secret: String, method: String, target: String, actor: String, signIn: String, body: some Sequence<UInt8>, at time: Int64
    ) -> String {
        let digest = SHA256.hash(data: Array(body)).map { String(format: "%02x", $0) }.joined()
        let message = "\(method)\n\(target)\n\(actor)\n\(signIn)\n\(time)\n\(digest)"
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}
