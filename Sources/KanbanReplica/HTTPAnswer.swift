import Foundation

/// An HTTP/1.1 answer read whole from a connection the server closed after it: the status
/// line, the header fields (names lowercased) and the body — by `Content-Length`, chunked, or
/// up to the close.
///
/// Every number in it comes from the network and is checked before use: a status that is not
/// three digits, a `Content-Length` or chunk size that is not a number an `Int` holds, or one
/// larger than the largest answer, is refused with ``HTTPAnswerFault/refused(_:)`` naming it,
/// never trusted (`7fffffffffffffff + 2` would trap).
struct HTTPAnswer {
    let response: ReplicaResponse

    /// The end of the header block.
    static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    /// The largest header block read: a kanban server's is a few hundred bytes.
    static let largestHead = 64 * 1024

    /// The status and header fields of an answer whose header block is `head` (without the
    /// empty line), checked.
    struct Head {
        let status: Int
        let headers: [String: String]
        /// The body's length by `Content-Length`, when it has one and is not chunked.
        let contentLength: Int?
        let isChunked: Bool
    }

    /// The answer in `bytes`; its body may be at most `largestBody` bytes.
    init(_ bytes: [UInt8], largestBody: Int) throws(HTTPAnswerFault) {
        guard let end = bytes.firstRange(of: Self.headEnd) else { throw .brokeOff }
        let head = try Self.head(bytes[..<end.lowerBound], largestBody: largestBody)
        let rest = bytes[end.upperBound...]
        let body: [UInt8]
        if head.isChunked {
            body = try Self.dechunked(rest, largestBody: largestBody)
        } else if let length = head.contentLength {
            guard rest.count >= length else { throw .brokeOff }
            body = Array(rest.prefix(length))
        } else {
            guard rest.count <= largestBody else { throw .refused("the answer's body is over \(largestBody) bytes") }
            body = Array(rest)
        }
        response = ReplicaResponse(status: head.status, headers: head.headers, body: Data(body))
    }

    /// The header block `bytes` (status line and fields, without the empty line), checked.
    static func head(_ bytes: ArraySlice<UInt8>, largestBody: Int) throws(HTTPAnswerFault) -> Head {
        guard bytes.count <= largestHead else { throw .refused("the answer's header is over \(largestHead / 1024) KiB") }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1.") else { throw .brokeOff }
        guard statusParts[1].utf8.count == 3, let status = decimal(statusParts[1]), status >= 100 else {
            throw .refused("the status '\(HTTPAnswerFault.shown(statusParts[1]))' is not three digits from 100 to 999")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        let isChunked = headers["transfer-encoding"]?.lowercased().contains("chunked") == true
        var contentLength: Int?
        if !isChunked, let text = headers["content-length"] {
            guard let length = decimal(text) else {
                throw .refused("the Content-Length '\(HTTPAnswerFault.shown(text))' is not a number this client can hold")
            }
            guard length <= largestBody else { throw .refused("the Content-Length \(length) is over the largest answer, \(largestBody) bytes") }
            contentLength = length
        }
        return Head(status: status, headers: headers, contentLength: contentLength, isChunked: isChunked)
    }

    /// The body of a chunked transfer; at most `largestBody` bytes.
    private static func dechunked(_ bytes: ArraySlice<UInt8>, largestBody: Int) throws(HTTPAnswerFault) -> [UInt8] {
        var body: [UInt8] = []
        var position = bytes.startIndex
        let lineEnd: [UInt8] = [13, 10]
        while true {
            guard let sizeEnd = bytes[position...].firstRange(of: lineEnd) else { throw .brokeOff }
            let sizeLine = String(decoding: bytes[position..<sizeEnd.lowerBound], as: UTF8.self)
            let sizeText = (sizeLine.split(separator: ";", omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces)
            guard !sizeText.isEmpty, sizeText.utf8.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else {
                throw .refused("the chunk size '\(HTTPAnswerFault.shown(sizeText))' is not a number this client can hold")
            }
            guard size <= largestBody - body.count else {
                throw .refused("the chunk size \(HTTPAnswerFault.shown(sizeText)) takes the body over the largest answer, \(largestBody) bytes")
            }
            position = sizeEnd.upperBound
            if size == 0 { return body }
            // `size + 2` could overflow: compare what is left instead.
            let left = bytes.distance(from: position, to: bytes.endIndex)
            guard size <= left, left - size >= 2 else { throw .brokeOff }
            let chunkEnd = bytes.index(position, offsetBy: size)
            guard bytes[chunkEnd] == 13, bytes[chunkEnd + 1] == 10 else { throw .refused("a chunk is longer than its size says") }
            body += bytes[position..<chunkEnd]
            position = chunkEnd + 2
        }
    }

    /// `text` as a decimal number: ASCII digits only (no sign, no spaces), `nil` when it is
    /// not one or an `Int` cannot hold it.
    static func decimal(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }
}

private extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
