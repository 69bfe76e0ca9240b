#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where an export goes: standard output, or a file that appears whole or not at all.
///
/// A file is written under a temporary name beside it (`.NAME.PID.tmp`), synced, and renamed
/// to its name only by ``finish()``, so a failed or interrupted export leaves no half file (and
/// an older file of that name untouched). Writes are buffered.
final class ExportDestination {
    /// The file's path; `nil` for standard output.
    let path: String?
    private let temporaryPath: String?
    private let handle: FileHandle
    private var buffer = Data()
    private static let bufferLimit = 1 << 18

    /// Standard output when `path` is `nil`, else a temporary file beside `path`. Throws a
    /// one-line ``Failure`` when the file cannot be made.
    init(path: String?) throws {
        self.path = path
        guard let path else {
            temporaryPath = nil
            handle = FileHandle.standardOutput
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("cannot write \(path): \(Self.lastError())") }
        temporaryPath = temporary
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends `text`.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends `data`.
    func write(_ data: Data) throws {
        buffer.append(data)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes what is buffered; for a file, syncs it and gives it its name.
    func finish() throws {
        try flush()
        guard let path, let temporaryPath else { return }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw Failure("cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporaryPath, path) == 0 else { throw Failure("cannot write \(path): \(Self.lastError())") }
    }

    /// Removes the temporary file of an export that failed.
    func discard() {
        guard let temporaryPath else { return }
        try? handle.close()
        unlink(temporaryPath)
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw Failure("cannot write \(path ?? "standard output"): \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno)).lowercased()
    }

    /// A write that failed, in one line.
    struct Failure: Error, LocalizedError {
        let message: String
        init(_ message: String) { self.message = message }
        var errorDescription: String? { message }
    }
}
