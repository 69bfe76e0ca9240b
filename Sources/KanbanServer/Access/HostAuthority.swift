import KanbanCore

/// A `Host` header (or a `--host` value) read exactly as RFC 3986 writes an authority without
/// user information: `name[:port]`, `IPv4[:port]` or `[IPv6][:port]`. Anything else — a user
/// part (`…@evil.example`), a second colon, a port that is not digits, a character no host name
/// has — is no host at all, so no prefix or suffix can pass for a loopback name.
struct HostAuthority: Equatable, Sendable {
    /// The host, lowercased, without brackets and without a final dot.
    var host: String
    /// The port, when one was given.
    var port: Int?

    /// The authority `text` names, or `nil` when it is not a well-formed one.
    init?(_ text: String) {
        let lowered = text.lowercased()
        guard !lowered.isEmpty, lowered.utf8.count <= 255 else { return nil }
        var rest = Substring(lowered)
        let name: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            name = rest[rest.index(after: rest.startIndex)..<close]
            guard Self.isIPv6(name) else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let colon = rest.firstIndex(of: ":") ?? rest.endIndex
            name = rest[..<colon]
            rest = rest[colon...]
            guard Self.isName(name) else { return nil }
        }
        if rest.isEmpty {
            port = nil
        } else {
            let digits = rest.dropFirst()
            guard rest.first == ":", digits.count <= 5, digits.isASCIIDigits, let number = Int(digits), number <= 65_535 else { return nil }
            port = number
        }
        host = name.hasSuffix(".") ? String(name.dropLast()) : String(name)
    }

    /// Whether the host is loopback: `localhost`, an IPv4 literal in 127.0.0.0/8 or `::1`.
    var isLoopback: Bool {
        if host == "localhost" { return true }
        if let octets = Self.ipv4(host) { return octets[0] == 127 }
        return Self.isIPv6(Substring(host)) && Self.isIPv6Loopback(host)
    }

    /// The address `--host` names (a bare name or address, IPv6 with or without brackets), or
    /// `nil` when it is not a well-formed one.
    init?(listeningOn text: String) {
        self.init(text.hasPrefix("[") || !text.contains(":") ? text : "[\(text)]")
    }

    /// The four octets of a dotted-decimal IPv4 literal, or `nil`.
    static func ipv4(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard part.count <= 3, part.isASCIIDigits, let value = Int(part), value <= 255 else {
                return nil
            }
            octets.append(value)
        }
        return octets
    }

    /// Whether `text` is a DNS name or IPv4 literal: letters, digits, `-` and `.`, labels of 1–63
    /// characters (a final dot allowed).
    private static func isName(_ text: Substring) -> Bool {
        let trimmed = text.hasSuffix(".") ? text.dropLast() : text
        guard !trimmed.isEmpty else { return false }
        return trimmed.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// Whether `text` looks like an IPv6 literal: hex digits, colons and dots only, with at
    /// least two colons.
    private static func isIPv6(_ text: Substring) -> Bool {
        text.filter { $0 == ":" }.count >= 2 && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// Whether an IPv6 literal is `::1` in any of its spellings (`0:0:0:0:0:0:0:1`, `::0001`).
    private static func isIPv6Loopback(_ text: String) -> Bool {
        let halves = text.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false)
        let groups = halves.flatMap { $0.split(separator: ":", omittingEmptySubsequences: true) }
        guard groups.count <= 8, groups.allSatisfy({ $0.count <= 4 && $0.allSatisfy(\.isHexDigit) }) else { return false }
        guard halves.count == 2 || groups.count == 8 else { return false }
        let values = groups.compactMap { Int($0, radix: 16) }
        guard values.count == groups.count, let last = values.last else { return false }
        return last == 1 && values.dropLast().allSatisfy { $0 == 0 }
    }
}
