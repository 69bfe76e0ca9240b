import Foundation

/// Starting `kanban serve` as its own process for a test.
public enum ServeProcess {
    /// Why a server did not start: its first line was not "Listening on …".
    public struct DidNotStart: Error { public let line: String }

    /// Starts `kanban serve` on `database` at `port` (0: any free one) with the `extra`
    /// arguments, logging errors only; returns the process once it listens, and its port.
    /// `serverBinary` serves instead of the `kanban` under test when given.
    public static func start(database: String, port: Int = 0, extra: [String] = [], serverBinary: String? = nil) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try serverBinary ?? KanbanExecutable.path())
        process.arguments = ["serve", "--db", database, "--port", String(port), "--log-level", "error"] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        let line = String(decoding: bytes, as: UTF8.self)
        guard let listening = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            process.terminate()
            throw DidNotStart(line: line)
        }
        return (process, listening)
    }
}
