import Foundation
import KanbanCore

/// The audit tree over an engine's log (RFC 6962, as Certificate Transparency keeps it): roots,
/// proofs of inclusion and consistency, signed checkpoints and their verification. Reached as
/// ``KanbanEngine/audit``.
public struct EngineAudit: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// Builds the audit tree's missing leaves (a log written before the tree existed, or by an
    /// older program) in transactions of 100,000 events, telling `progress` how far it got.
    /// Returns the number of leaves added.
    @discardableResult
    public func catchUp(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try engine.catchUpAuditTree(progress: progress)
    }

    /// How many events the stored audit tree lags behind the log.
    public func lag() throws -> UInt64 {
        try engine.auditTreeLag()
    }

    /// The root of the tree of the first `size` events (default: all).
    public func root(size: UInt64? = nil) throws -> AuditRoot {
        try engine.auditRoot(size: size)
    }

    /// The RFC 6962 audit path of event `sequence` in the tree of the first `size` events (default:
    /// all).
    public func inclusionProof(sequence: UInt64, size: UInt64? = nil) throws -> InclusionProof {
        try engine.inclusionProof(sequence: sequence, size: size)
    }

    /// The RFC 6962 consistency proof from the tree of `old` events to that of `new` (default:
    /// all).
    public func consistencyProof(old: UInt64, new: UInt64? = nil) throws -> ConsistencyProof {
        try engine.consistencyProof(old: old, new: new)
    }

    /// A checkpoint of the whole log now, signed by nobody yet.
    public func checkpoint(now: Timestamp = .now()) throws -> Checkpoint {
        try engine.checkpoint(now: now)
    }

    /// Recomputes every leaf from the stored event bytes and every stored subtree from those
    /// leaves, and compares them with the stored tree; with `checkpoint`, also that its first
    /// `size` events still hash to its root. Reads only: a damaged log is reported, not repaired.
    public func verify(checkpoint: Checkpoint? = nil) throws -> AuditVerification {
        try engine.verifyAudit(checkpoint: checkpoint)
    }

    /// Each board's RFC 6962 root over its events' stored bytes in log order (one pass over
    /// the log, in one read transaction): what `kanban audit root --boards` prints and what a
    /// migrated log must reproduce. A log of one board has that board's root equal to
    /// ``auditRoot(size:)``'s. With `size`, the roots of the first `size` events only.
    public func boardRoots(size: UInt64? = nil) throws -> [BoardID: AuditRoot] {
        try engine.boardRoots(size: size)
    }
}

extension KanbanEngine {
    /// The audit tree over an engine's log (RFC 6962, as Certificate Transparency keeps it): roots,
    /// proofs of inclusion and consistency, signed checkpoints and their verification.
    public var audit: EngineAudit { EngineAudit(engine: self) }
}
