import Foundation

/// Finds the `kanban` executable the build put next to the test bundle.
///
/// Set `KANBAN_BINARY` to test another build of it.
public enum KanbanExecutable {
    /// The path of the `kanban` executable, or an error naming where it was looked for.
    public static func path() throws -> String {
        if let override = ProcessInfo.processInfo.environment["KANBAN_BINARY"], !override.isEmpty {
            return override
        }
        var starts = [CommandLine.arguments.first ?? "", Bundle.main.bundlePath]
        if let executable = Bundle.main.executablePath { starts.append(executable) }
        for start in starts where !start.isEmpty {
            var directory = URL(fileURLWithPath: start).standardizedFileURL
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("kanban").path
                if isExecutableFile(candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        // The package's own build directory, found from this source file (macOS runs tests
        // inside `xctest`, so the arguments do not lead to the build products there).
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/kanban").path
        if isExecutableFile(fallback) { return fallback }
        throw MissingExecutable(searched: starts + [fallback])
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The `kanban` executable was not found; build it with `swift build --build-tests`.
    public struct MissingExecutable: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "no 'kanban' executable near \(searched.joined(separator: ", ")); run 'swift build --build-tests'"
        }
    }
}
