import Foundation

extension TemporaryDirectory {
    /// A fresh directory in memory (`/dev/shm`) where the system has one, else under the
    /// temporary folder: for tests that commit thousands of times, where every commit's sync to
    /// a disk would measure the disk (and other work on it) rather than the engine.
    public static func inMemory(prefix: String = "kanban-test") throws -> TemporaryDirectory {
        let memory = "/dev/shm"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: memory, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: memory)
        else { return try TemporaryDirectory(prefix: prefix) }
        let path = "\(memory)/\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return TemporaryDirectory(existing: path)
    }

    /// A directory made already.
    init(existing path: String) {
        self.path = path
    }
}
