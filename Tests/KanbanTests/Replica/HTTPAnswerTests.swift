import Foundation
@testable import Kanban
@testable import KanbanReplica
import Testing

/// ``HTTPAnswer`` reads what an origin sent, which may be anything: every number in it is
/// checked before use, and no input traps.
@Suite("Reading an origin's HTTP answer")
struct HTTPAnswerTests {
    private static func answer(_ text: String, largestBody: Int = 1_000) throws(HTTPAnswerFault) -> ReplicaResponse {
        try HTTPAnswer(Array(text.utf8), largestBody: largestBody).response
    }

    @Test("A chunked body, a Content-Length body and a body up to the close are read")
    func wellFormed() throws {
        let chunked = try Self.answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n")
        #expect(chunked.status == 200 && chunked.body == Data("abc0123456789".utf8))
        let sized = try Self.answer("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nokIGNORED")
        #expect(sized.status == 404 && sized.body == Data("ok".utf8))
        #expect(try Self.answer("HTTP/1.0 200 OK\r\n\r\nto the close").body == Data("to the close".utf8))
    }

    @Test("Numbers it cannot hold, or larger than the largest answer, are refused by name", arguments: [
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nabc", "the chunk size 7fffffffffffffff takes the body over the largest answer, 1000 bytes"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8000000000000000\r\nabc", "the chunk size '8000000000000000' is not a number this client can hold"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nabcde\r\n0\r\n\r\n", "the chunk size '+5' is not a number this client can hold"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\nabc", "the chunk size '' is not a number this client can hold"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", "a chunk is longer than its size says"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1f4\r\n", "the chunk size 1f4 takes the body over the largest answer, 100 bytes"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "the Content-Length '-1' is not a number this client can hold"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nabcdef", "the Content-Length '5, 6' is not a number this client can hold"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 18446744073709551616\r\n\r\n", "the Content-Length '18446744073709551616' is not a number this client can hold"),
        ("HTTP/1.1 +20 OK\r\n\r\n", "the status '+20' is not three digits from 100 to 999"),
        ("HTTP/1.1 099 OK\r\n\r\n", "the status '099' is not three digits from 100 to 999"),
        ("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 101), "the answer's body is over 100 bytes"),
    ])
    func refused(_ text: String, _ reason: String) {
        #expect(throws: HTTPAnswerFault.refused(reason)) { try Self.answer(text, largestBody: text.contains("1f4") || text.contains("xxx") ? 100 : 1_000) }
    }

    @Test("An answer that ends early broke off")
    func brokeOff() {
        for text in ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", "garbage\r\n\r\n"] {
            #expect(throws: HTTPAnswerFault.brokeOff) { try Self.answer(text) }
        }
    }

    @Test("A message shows at most 24 printable characters of what the origin sent")
    func shown() {
        #expect(HTTPAnswerFault.shown("\u{1B}[31mred") == "?[31mred")
        #expect(HTTPAnswerFault.shown(String(repeating: "f", count: 30)) == String(repeating: "f", count: 24) + "…")
    }

    @Test("Random bytes after a plausible head never trap")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        let heads = ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: ", "HTTP/1.1 ", ""]
        let alphabet = Array("0123456789abcdefABCDEF;\r\n -+xX:".utf8) + [0, 0xFF]
        for _ in 0..<20_000 {
            let head = Array(heads.randomElement(using: &generator)!.utf8)
            let tail = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? HTTPAnswer(head + tail, largestBody: 64)
        }
    }
}
