import Foundation
@testable import KanbanPostgres
import KanbanTestSupport

/// A PostgreSQL server of one test's own, in a directory of its own on a port of its own (the
/// shared test cluster must not be stopped or promoted under the other tests): a primary made
/// with `initdb`, or a hot standby of one made with `pg_basebackup -R`. As root, the server runs
/// as the `postgres` user (initdb refuses root). Stopped and removed when released.
final class ThrowawayPostgres: @unchecked Sendable {
    /// The directory of `initdb`, `pg_ctl` and `pg_basebackup`, when PostgreSQL is installed.
    static let binDirectory: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted().reversed().map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let directory: String
    let port: Int
    private var running = false

    var data: String { directory + "/data" }

    /// A superuser's URL of the server.
    var url: PostgresURL {
        get throws { try PostgresURL("postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable") }
    }

    /// A new primary; `synchronousStandbys` is its `synchronous_standby_names` (`*`: commits
    /// wait for any standby).
    convenience init(synchronousStandbys: String? = nil) throws {
        try self.init { directory, _ in
            try Self.run("initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
            if let synchronousStandbys {
                try "synchronous_standby_names = '\(synchronousStandbys)'\n".appendLine(to: directory + "/data/postgresql.auto.conf")
            }
        }
    }

    /// A hot standby of `primary`, streaming from it.
    convenience init(standbyOf primary: ThrowawayPostgres) throws {
        try self.init { directory, _ in
            try Self.run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", directory + "/data", "-R", "-X", "stream", "-c", "fast"])
        }
    }

    private init(make: (String, Int) throws -> Void) throws {
        guard Self.binDirectory != nil else { throw Failure(description: "no initdb under /usr/lib/postgresql") }
        let directory = NSTemporaryDirectory() + "kanban-pg-own-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else { throw Failure(description: "no postgres user") }
            guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else { throw Failure(description: "cannot chown \(directory)") }
        }
        self.directory = directory
        var lastError = ""
        for _ in 0..<10 {
            let port = Int.random(in: 20_000...60_000)
            do {
                if !FileManager.default.fileExists(atPath: directory + "/data") { try make(directory, port) }
                try Self.run("pg_ctl", ["-D", directory + "/data", "-l", directory + "/log", "-w", "-t", "60", "start", "-o",
                                        "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory) -c fsync=off -c max_connections=50"])
                self.port = port
                running = true
                return
            } catch {
                lastError = "\(error)"
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw Failure(description: "PostgreSQL did not start: \(lastError)")
    }

    deinit {
        if running { _ = try? Self.run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Stops the server at once, as a crash would (`-m immediate`: no shutdown checkpoint).
    func crash() throws {
        try Self.run("pg_ctl", ["-D", data, "-m", "immediate", "stop"])
        running = false
    }

    /// Promotes a standby to a primary, waiting until it takes writes.
    func promote() throws {
        try Self.run("pg_ctl", ["-D", data, "-w", "promote"])
    }

    /// Runs a PostgreSQL tool to the end (as `postgres` when root); a failure throws its output.
    static func run(_ tool: String, _ arguments: [String]) throws {
        guard let bin = binDirectory else { throw Failure(description: "no PostgreSQL tools") }
        let (status, output) = getuid() == 0
            // From /tmp: the tool's working directory must be one `postgres` may enter.
            ? try spawn("/bin/sh", ["-c", "cd /tmp && exec \"$0\" \"$@\"", "/usr/sbin/runuser", "-u", "postgres", "--", bin + "/" + tool] + arguments)
            : try spawn(bin + "/" + tool, arguments)
        guard status == 0 else { throw Failure(description: "\(tool) failed (\(status)): \(output)") }
    }

    /// Runs `path` with `arguments`, its output to a file, and waits for it with `waitpid`
    /// (`pg_ctl start` leaves a server behind, which Foundation's `Process` was seen not to
    /// reap its parent past): its exit status and output.
    private static func spawn(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        let outputPath = NSTemporaryDirectory() + "kanban-pg-tool-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(path): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}

private extension String {
    /// Appends `self` to the file at `path`.
    func appendLine(to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw ThrowawayPostgres.Failure(description: "cannot open \(path)")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
