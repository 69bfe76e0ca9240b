import Foundation

/// An HTTP/1.1 answer read whole from a connection the server closed after it: the status
/// line, the header fields (names lowercased) and the body — by `Content-Length`, chunked, or
/// up to the close. `nil` when the bytes are not such an answer, or it broke off.
struct HTTPAnswer {
    let response: ReplicaResponse

    init?(_ bytes: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else { return nil }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]), (100...999).contains(status) else {
            return nil
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        let rest = bytes[end.upperBound...]
        let body: [UInt8]
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let decoded = Self.dechunked(rest) else { return nil }
            body = decoded
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard length >= 0, rest.count >= length else { return nil }
            body = Array(rest.prefix(length))
        } else {
            body = Array(rest)
        }
        response = ReplicaResponse(status: status, headers: headers, body: Data(body))
    }

    /// The body of a chunked transfer, or `nil` when it is malformed or ends early.
    private static func dechunked(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var body: [UInt8] = []
        var position = bytes.startIndex
        let lineEnd: [UInt8] = [13, 10]
        while true {
            guard let sizeEnd = bytes[position...].firstRange(of: lineEnd) else { return nil }
            let sizeText = String(decoding: bytes[position..<sizeEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else { return nil }
            position = sizeEnd.upperBound
            if size == 0 { return body }
            guard bytes.distance(from: position, to: bytes.endIndex) >= size + 2 else { return nil }
            let chunkEnd = bytes.index(position, offsetBy: size)
            body += bytes[position..<chunkEnd]
            position = bytes.index(chunkEnd, offsetBy: 2)
        }
    }
}
