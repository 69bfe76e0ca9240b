import ArgumentParser
import Foundation

/// `--token-file F` of `clone` and `sync`: the file holds one token, its first non-empty line
/// (surrounding spaces, a CR and a byte-order mark ignored), sent as `Authorization: Bearer`.
struct ReplicaToken: ParsableArguments {
    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file whose first non-empty line is the token to send (Authorization: Bearer).", valueName: "file"))
    var tokenFile: String?

    /// The token, or `nil` without `--token-file`; a file that cannot be read or holds no
    /// token is a usage error naming it.
    func token() throws -> String? {
        guard let tokenFile else { return nil }
        guard let data = FileManager.default.contents(atPath: tokenFile) else {
            throw ValidationError("cannot read the token file \(tokenFile)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))) }
            .first { !$0.isEmpty }
        guard let line, line.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw ValidationError("the token file \(tokenFile) holds no token (its first non-empty line, printable ASCII without spaces)")
        }
        return line
    }
}
