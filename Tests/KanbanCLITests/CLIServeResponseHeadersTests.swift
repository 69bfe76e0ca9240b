import Foundation
import KanbanTestSupport
import Testing

/// The headers every answer of `kanban serve` carries, whoever made it.
@Suite("kanban serve: response headers")
struct CLIServeResponseHeadersTests {
    typealias Connection = CLIServeLimitsTests.Connection
    typealias RunningServer = CLIServeLimitsTests.RunningServer

    @Test("Every answer says X-Content-Type-Options: nosniff: the page, a JSON answer, an error line and the server's own 400")
    func noSniff() throws {
        let server = try RunningServer([])
        defer { server.stop() }
        for request in [
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "GET /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "NOT HTTP AT ALL\r\n\r\n",
        ] {
            let connection = try Connection(port: server.port)
            connection.send(request)
            let head = connection.receive(within: 5).text.components(separatedBy: "\r\n\r\n")[0].lowercased()
            #expect(head.contains("\r\nx-content-type-options: nosniff"), "\(request.debugDescription): \(head)")
        }
    }
}
