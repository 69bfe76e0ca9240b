import Foundation

/// A signed checkpoint of the log in the C2SP `tlog-checkpoint` form, as a C2SP `signed-note`:
///
/// ```
/// kanban/ORIGIN
/// SIZE
/// BASE64 ROOT
/// time 2026-11-23T05:00:00.000Z
///
/// — KEYNAME BASE64(KEYHASH ‖ ED25519 SIGNATURE)
/// ```
///
/// The signature covers the text above the blank line. Kept outside the machine, it lets
/// anyone check later that the log's first SIZE events still hash to ROOT.
public struct Checkpoint: Sendable, Equatable {
    /// Names the log: `kanban/` and the id of its first event.
    public var origin: String
    public var size: UInt64
    public var root: MerkleHash.Digest
    /// When it was made (ISO 8601), as an extension line.
    public var time: String

    public init(origin: String, size: UInt64, root: MerkleHash.Digest, time: String) {
        self.origin = origin
        self.size = size
        self.root = root
        self.time = time
    }

    /// The signed text.
    public var body: String {
        "\(origin)\n\(size)\n\(Data(root).base64EncodedString())\ntime \(time)\n"
    }

    /// The note: the body, a blank line and `key`'s signature line.
    public func signed(with key: AuditKey) throws(AuditKeyError) -> String {
        let signature = try key.sign(Array(body.utf8))
        return body + "\n— \(key.name) \(Data(key.keyHash + signature).base64EncodedString())\n"
    }

    /// Reads a signed note and checks that `key` signed it; throws naming what is wrong.
    public init(note: String, verifiedWith key: AuditKey) throws(AuditKeyError) {
        guard let separator = note.range(of: "\n\n") else { throw .malformed("the checkpoint has no blank line before its signatures") }
        let body = String(note[..<separator.lowerBound]) + "\n"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count >= 3, let size = UInt64(lines[1]), let root = Data(base64Encoded: String(lines[2])), root.count == 32 else {
            throw .malformed("the checkpoint's body is not ORIGIN, SIZE and a base64 SHA-256 root")
        }
        let time = lines.dropFirst(3).first(where: { $0.hasPrefix("time ") }).map { String($0.dropFirst(5)) } ?? ""
        let signatures = note[separator.upperBound...].split(separator: "\n")
        let signed = signatures.contains { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "—", fields[1] == key.name, let blob = Data(base64Encoded: String(fields[2])), blob.count == 68 else { return false }
            return Array(blob.prefix(4)) == key.keyHash && key.verifies(Array(blob.dropFirst(4)), for: Array(body.utf8))
        }
        guard signed else { throw .malformed("no valid signature by key '\(key.name)' on the checkpoint") }
        self.init(origin: String(lines[0]), size: size, root: Array(root), time: time)
    }
}
