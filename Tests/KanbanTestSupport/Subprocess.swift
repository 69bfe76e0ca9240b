import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished process left behind.
public struct ProcessOutput: Sendable, CustomStringConvertible {
    /// The exit status, or the signal number when ``wasSignalled``.
    public let status: Int32
    /// Whether a signal ended the process.
    public let wasSignalled: Bool
    public let stdout: String
    public let stderr: String

    /// Standard error split into lines, without the empty one after the final newline.
    public var stderrLines: [Substring] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Standard output without its final newline.
    public var trimmedStdout: String {
        stdout.hasSuffix("\n") ? String(stdout.dropLast()) : stdout
    }

    public var description: String {
        "status \(status)\(wasSignalled ? " (signal)" : ""), stdout: \(stdout.debugDescription), stderr: \(stderr.debugDescription)"
    }
}

/// A child process whose standard output and error go to files (so a chatty child never
/// blocks on a full pipe), read back by ``wait()``.
///
/// Not `Sendable`: start and wait on one thread.
public final class Subprocess {
    private let process = Process()
    private let outputURL: URL
    private let errorURL: URL
    private let outputHandle: FileHandle
    private let errorHandle: FileHandle
    private var finished: ProcessOutput?

    /// Starts `executable` with `arguments`; `environment` entries are added to this
    /// process's environment (a `nil` value removes the variable).
    public init(executable: String, arguments: [String], environment: [String: String?] = [:]) throws {
        let stem = FileManager.default.temporaryDirectory.appendingPathComponent("kanban-test-\(UUID().uuidString)")
        outputURL = stem.appendingPathExtension("out")
        errorURL = stem.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        outputHandle = try FileHandle(forWritingTo: outputURL)
        errorHandle = try FileHandle(forWritingTo: errorURL)

        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = merged
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            cleanUp()
            throw error
        }
    }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child is still running.
    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` (such as `SIGKILL`) to the child.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the child to end and returns what it printed.
    @discardableResult
    public func wait() -> ProcessOutput {
        if let finished { return finished }
        process.waitUntilExit()
        try? outputHandle.close()
        try? errorHandle.close()
        let output = ProcessOutput(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            stdout: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        )
        cleanUp()
        finished = output
        return output
    }

    private func cleanUp() {
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }

    /// Runs `executable` to the end.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String?] = [:]
    ) throws -> ProcessOutput {
        try Subprocess(executable: executable, arguments: arguments, environment: environment).wait()
    }
}
