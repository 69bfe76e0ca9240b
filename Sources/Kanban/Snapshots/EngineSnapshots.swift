import Foundation
import KanbanCore

/// The snapshots of an engine's state: taking one now or at a past event, listing them, and waiting
/// for those written in the background. Reached as ``KanbanEngine/snapshots``.
public struct EngineSnapshots: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// Takes a snapshot of the current state now (`kanban snapshot`), unless one covers it already.
    @discardableResult
    public func take() throws -> SnapshotInfo {
        try engine.snapshot()
    }

    /// Takes a snapshot of the state after event `sequence` (`kanban snapshot --at`), so that
    /// time travel near it starts close by: for a log whose snapshots leave a wide gap (the first
    /// retention rule emptied the middle of long logs), or a moment looked at often. Retention
    /// applies as after any snapshot; the answer's size is 0 when it removed this one at once.
    /// A sequence outside the log throws ``KanbanCore/KanbanError/outsideLog(_:)`` and stores
    /// nothing.
    @discardableResult
    public func take(atSequence sequence: UInt64) throws -> SnapshotInfo {
        try engine.snapshot(atSequence: sequence)
    }

    /// Every stored snapshot, oldest first.
    public func list() throws -> [SnapshotInfo] {
        try engine.snapshotList()
    }

    /// Whether a snapshot scheduled in the background is still being written.
    public static var hasBackgroundWork: Bool {
        KanbanEngine.hasBackgroundWork
    }

    /// Waits until every snapshot this process scheduled in the background is written.
    public static func waitForBackgroundWork() {
        KanbanEngine.waitForBackgroundWork()
    }
}

extension KanbanEngine {
    /// The snapshots of an engine's state: taking one now or at a past event, listing them, and
    /// waiting for those written in the background.
    public var snapshots: EngineSnapshots { EngineSnapshots(engine: self) }
}
