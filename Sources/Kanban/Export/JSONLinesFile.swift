import Foundation

/// A JSON Lines file read line by line, in chunks, so that a file of any length streams
/// through without being held in memory.
public struct JSONLinesFile: Sendable {
    /// The file's path.
    public let path: String

    /// How many bytes one read takes.
    static let chunkSize = 1 << 20

    public init(path: String) {
        self.path = path
    }

    /// Calls `body` with the number (from 1) and the bytes of every line, without its line end
    /// (LF, or CRLF); a last line without one counts too. A UTF-8 byte order mark at the start
    /// of the file is skipped. Each call reads the file from its start again.
    public func forEachLine(_ body: (Int, ArraySlice<UInt8>) throws -> Void) throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw LogImportError.unreadableFile(path: path, reason: Self.reason(error))
        }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var number = 0
        var atStart = true
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: Self.chunkSize)
            } catch {
                throw LogImportError.unreadableFile(path: path, reason: Self.reason(error))
            }
            guard let chunk, !chunk.isEmpty else { break }
            pending.append(contentsOf: chunk)
            if atStart && pending.count >= 3 {
                if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
                atStart = false
            }
            var lineStart = pending.startIndex
            while let newline = pending[lineStart...].firstIndex(of: 0x0A) {
                number += 1
                try body(number, Self.withoutCarriageReturn(pending[lineStart..<newline]))
                lineStart = newline + 1
            }
            pending.removeFirst(lineStart - pending.startIndex)
        }
        if atStart && pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
        if !pending.isEmpty {
            number += 1
            try body(number, Self.withoutCarriageReturn(pending[...]))
        }
    }

    private static func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying.map({ Int32($0.code) }), underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(code)).lowercased()
        }
        return (error as NSError).localizedDescription
    }
}
