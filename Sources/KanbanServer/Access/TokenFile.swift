import Foundation

/// The actors allowed to use the server and their secret tokens: a file of lines
/// `ACTOR TOKEN` (a server administrator, who may do everything) or `ACTOR TOKEN member` (a
/// person who has only the roles given on boards); blank lines and lines starting with `#` are
/// skipped. Like ssh with its keys, a file that its group or others may read is refused.
public struct TokenFile: Sendable {
    /// One actor and its token.
    public struct Entry: Sendable, Equatable {
        public var actor: String
        public var token: String
        /// Whether the actor administers the server (a line without `member`).
        public var isAdministrator: Bool

        public init(actor: String, token: String, isAdministrator: Bool = true) {
            self.actor = actor
            self.token = token
            self.isAdministrator = isAdministrator
        }
    }

    public let entries: [Entry]
    /// The actors who administer the server: some line of theirs has no `member` (kept, as every
    /// request asks).
    public let administrators: Set<String>

    public init(entries: [Entry]) {
        self.entries = entries
        administrators = Set(entries.filter(\.isAdministrator).map(\.actor))
    }

    /// Reads and checks the file at `path`; throws ``TokenFileError`` with a one-line reason.
    public init(contentsOf path: String) throws(TokenFileError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        if status.st_mode & 0o077 != 0 {
            throw .tooOpen(path: path, mode: String(status.st_mode & 0o777, radix: 8))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed(path: path, line: 0, reason: "not UTF-8 text") }
        try self.init(parsing: text, path: path)
    }

    /// Parses `text` (the file's contents; `path` names it in errors).
    public init(parsing text: String, path: String = "token file") throws(TokenFileError) {
        var entries: [Entry] = []
        // Files saved on Windows: a byte-order mark first, CRLF line ends (one Character in Swift).
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2 || (fields.count == 3 && fields[2] == "member") else {
                throw .malformed(path: path, line: number + 1, reason: "expected 'ACTOR TOKEN' or 'ACTOR TOKEN member'")
            }
            let entry = Entry(actor: String(fields[0]), token: String(fields[1]), isAdministrator: fields.count == 2)
            // The token travels in a cookie and a header: only characters a cookie value holds.
            if let bad = entry.token.unicodeScalars.first(where: { !Self.isCookieOctet($0) }) {
                let shown = bad.properties.generalCategory == .control ? "U+\(String(bad.value, radix: 16, uppercase: true))" : "'\(bad)'"
                throw .malformed(path: path, line: number + 1, reason: "the token of '\(entry.actor)' holds \(shown); tokens are printable ASCII without '\"', ',', ';' or '\\'")
            }
            if let weakness = Self.weakness(of: entry.token) {
                throw .malformed(path: path, line: number + 1, reason: "the token of '\(entry.actor)' is too easy to guess: \(weakness); make one with 'openssl rand -hex 16'")
            }
            guard !entries.contains(where: { $0.token == entry.token }) else {
                throw .malformed(path: path, line: number + 1, reason: "the token of '\(entry.actor)' is given to another actor too")
            }
            entries.append(entry)
        }
        guard !entries.isEmpty else { throw .malformed(path: path, line: 0, reason: "no 'ACTOR TOKEN' line") }
        self.init(entries: entries)
    }

    /// The fewest characters a token has.
    static let minimumLength = 16
    /// The fewest different characters a token has, so `aaaa…`, `abab…` or `12341234…` are refused
    /// (a random 16-character hex token has fewer than 8 about once in 90; a 32-character one
    /// practically never).
    static let minimumDistinctCharacters = 8

    /// Why `token` is too easy to guess, or `nil` when it is long and varied enough.
    static func weakness(of token: String) -> String? {
        let length = token.unicodeScalars.count
        if length < minimumLength { return "it is \(length) characters long; at least \(minimumLength) are needed" }
        let distinct = Set(token.unicodeScalars).count
        if distinct < minimumDistinctCharacters {
            return "it has only \(distinct) different character\(distinct == 1 ? "" : "s"); at least \(minimumDistinctCharacters) are needed"
        }
        return nil
    }

    /// Whether `scalar` may stand in a cookie's value (RFC 6265 cookie-octet).
    static func isCookieOctet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: true
        default: false
        }
    }

    /// Whether `actor` administers the server: some line of theirs has no `member`.
    public func isAdministrator(_ actor: String) -> Bool {
        administrators.contains(actor)
    }

    /// The actor whose token is `token`, compared in constant time with every token.
    public func actor(for token: String) -> String? {
        var found: String?
        for entry in entries where ConstantTime.equal(entry.token, token) {
            found = entry.actor
        }
        return found
    }
}
