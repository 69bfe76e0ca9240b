import Foundation
import Kanban

/// The logs every benchmark runs on: the standard workload (`Benchmarks/README.md`, seed 1, one
/// board) generated once per size into the temporary directory and reused by later runs.
public enum Workload {
    /// The seed of every generated log.
    public static let seed: UInt64 = 1

    /// 100,000 events; 1,000,000 as well with `KANBAN_BENCH_LARGE=1`. `KANBAN_BENCH_SIZES=a,b,…`
    /// replaces the list (for more points on the chart; only 100,000 has committed thresholds).
    public static let sizes: [Int] = {
        let environment = ProcessInfo.processInfo.environment
        if let list = environment["KANBAN_BENCH_SIZES"] {
            let sizes = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if !sizes.isEmpty { return sizes }
        }
        var sizes = [100_000]
        if environment["KANBAN_BENCH_LARGE"].map({ !$0.isEmpty && $0 != "0" }) ?? false { sizes.append(1_000_000) }
        return sizes
    }()

    /// `$TMPDIR/kanban-bench-N.db`: the log of `events` events. Benchmarks only read it.
    public static func directory(events: Int) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kanban-bench-\(events).db").path
    }

    /// A file next to the logs, for a benchmark's own output.
    public static func scratchPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    }

    /// Written into a log's directory once its generation finished (snapshots included), so a
    /// run interrupted halfway is generated again rather than measured.
    static let completeMarker = "bench-complete"

    /// The directory of the log of `events` events, generated first when missing or incomplete.
    /// Generation is the engine's own batched `generate` with the default options, so the log
    /// carries the automatic snapshots (every 20,000 events) a real one would.
    @discardableResult
    public static func log(events: Int) throws -> String {
        let path = directory(events: events)
        let manager = FileManager.default
        if manager.fileExists(atPath: path + "/" + completeMarker) { return path }
        if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
        let start = ContinuousClock.now
        do { // the engine, and so the environment, are released at the end of this scope
            let engine = try KanbanEngine(path: path)
            try engine.importer.generate(events: events, seed: seed)
            EngineSnapshots.waitForBackgroundWork()
        }
        try Data().write(to: URL(fileURLWithPath: path + "/" + completeMarker))
        let elapsed = ContinuousClock.now - start
        FileHandle.standardError.write(Data("kanban-bench: generated \(events) events into \(path) in \(elapsed)\n".utf8))
        return path
    }

    /// A fresh copy of the log of `events` events at `$TMPDIR/name` (its `data.mdb` only), for a
    /// benchmark that appends: the shared log stays as generated.
    public static func writableCopy(events: Int, name: String) throws -> String {
        let source = try log(events: events)
        let target = scratchPath(name)
        let manager = FileManager.default
        if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
        try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
        try manager.copyItem(atPath: source + "/data.mdb", toPath: target + "/data.mdb")
        return target
    }

    /// The size of the log's `data.mdb` in bytes.
    public static func fileBytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    /// The events of the log of `events` events (at most `limit`), copied out of LMDB: what the
    /// store suites append.
    public static func entries(events: Int, limit: Int = .max) throws -> [LogEntry] {
        try LMDBLogStore(path: log(events: events)).read { reader in
            var entries: [LogEntry] = []
            try reader.forEach(after: 0) { entry in
                entries.append(entry)
                return entries.count < limit
            }
            return entries
        }
    }
}
