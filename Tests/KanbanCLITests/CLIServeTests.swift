import Foundation
import KanbanTestSupport
import Testing

@Suite("kanban serve")
struct CLIServeTests {
    @Test("Listening beyond loopback without a token file is refused: exit 2, one line, nothing created")
    func refusesOpenHost() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kanban = try KanbanBinary(database: directory.appending("open.db"))
        let result = try kanban.run("serve", "--host", "0.0.0.0", "--port", "0")
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("kanban: refusing to listen on 0.0.0.0 without --token-file"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending("open.db")))
    }

    @Test("A token file its group or others may read is refused, as ssh refuses such keys")
    func refusesReadableTokenFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tokens = directory.appending("tokens")
        try "ana s3cret-token-of-ana\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        chmod(tokens, 0o640)
        let kanban = try KanbanBinary(database: directory.appending("tokens.db"))
        let result = try kanban.run("serve", "--port", "0", "--token-file", tokens)
        #expect(result.status == 2)
        #expect(result.stderr == "kanban: token file \(tokens) may be read by others (mode 640); it holds secrets: chmod 600 \(tokens)\n")
    }

    @Test("It says where it listens once it accepts connections, and SIGTERM or SIGINT ends it with exit 0", arguments: [SIGTERM, SIGINT])
    func listensAndStops(signal: Int32) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try KanbanExecutable.path())
        process.arguments = ["serve", "--db", directory.appending("serve.db"), "--port", "0", "--log-level", "error"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let firstLine = Self.firstLine(of: output.fileHandleForReading, timeout: .seconds(20))
        let line = try #require(firstLine)
        #expect(line.hasPrefix("Listening on http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        #expect(port > 0)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// The first line `handle` gives within `timeout`, read on a Dispatch thread.
    private static func firstLine(of handle: FileHandle, timeout: DispatchTimeInterval) -> String? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var line: String?
        DispatchQueue.global().async {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(contentsOf: chunk)
                if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    line = String(decoding: bytes[..<end], as: UTF8.self)
                    break
                }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return line
    }
}
