import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    @discardableResult
    func catchUpAuditTree(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try store.catchUpAuditTree(progress: progress)
    }

    func auditTreeLag() throws -> UInt64 {
        try store.auditTreeLag()
    }

    func auditRoot(size: UInt64? = nil) throws -> AuditRoot {
        try catchUpAuditTree()
        return try read { transaction in
            let size = try checkedSize(size, in: transaction)
            return AuditRoot(size: size, root: try auditTree.root(size: size, in: transaction))
        }
    }

    func inclusionProof(sequence: UInt64, size: UInt64? = nil) throws -> InclusionProof {
        try catchUpAuditTree()
        return try read { transaction in
            let size = try checkedSize(size, in: transaction)
            guard sequence >= 1, sequence <= size else {
                throw KanbanError.outsideLog("event #\(sequence) in a tree of \(size) events")
            }
            guard let leaf = try auditTree.leaf(sequence, in: transaction) else { throw KanbanError.outsideLog("event #\(sequence)") }
            return InclusionProof(
                sequence: sequence, size: size, leaf: leaf, root: try auditTree.root(size: size, in: transaction),
                path: try auditTree.auditPath(index: sequence - 1, size: size, in: transaction)
            )
        }
    }

    func consistencyProof(old: UInt64, new: UInt64? = nil) throws -> ConsistencyProof {
        try catchUpAuditTree()
        return try read { transaction in
            let new = try checkedSize(new, in: transaction)
            guard old <= new else { throw KanbanError.outsideLog("a tree of \(old) events, larger than the newer one (\(new))") }
            return ConsistencyProof(
                old: old, new: new, oldRoot: try auditTree.root(size: old, in: transaction),
                newRoot: try auditTree.root(size: new, in: transaction), path: try auditTree.consistencyProof(old: old, new: new, in: transaction)
            )
        }
    }

    /// A checkpoint commits to the log's positions for good: an engine on a shared log makes
    /// one only of positions no failover can take back (``LogReading/failoverRisk()``), and
    /// a node's cache opened without its log makes none (it cannot ask).
    func checkpoint(now: Timestamp = .now()) throws -> Checkpoint {
        if isOrphanedCache { throw CheckpointRefusal.nodeCache(path: path) }
        if let shared = options.sharedLog {
            if let risk = try Self.sharedLogFailures({ try shared.read { try $0.failoverRisk() } }) {
                throw CheckpointRefusal.failoverRisk(risk)
            }
        }
        let root = try auditRoot()
        let origin = try read { transaction in
            var first: String?
            try log.forEach(after: 0, in: transaction) { event in
                first = event.id.description
                return false
            }
            return "kanban/\(first ?? "empty")"
        }
        return Checkpoint(origin: origin, size: root.size, root: root.root, time: now.description)
    }

    func verifyAudit(checkpoint: Checkpoint? = nil) throws -> AuditVerification {
        try read { transaction in
            let events = try log.lastSequence(in: transaction)
            let treeSize = try auditTree.size(in: transaction)
            var builder = MerkleRootBuilder()
            var problem: String?
            var difference: UInt64?
            var checkpointRoot: MerkleHash.Digest?
            func fail(_ sequence: UInt64, _ text: String) {
                if problem == nil { (problem, difference) = (text, sequence) }
            }
            var expected: UInt64 = 1
            try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
                guard sequence == expected else {
                    fail(expected, "event #\(expected) is missing from the log (the next one is #\(sequence)): removed or reordered")
                    return false
                }
                let leaf = MerkleHash.leaf(bytes)
                if sequence <= treeSize {
                    let stored = try auditTree.leaf(sequence, in: transaction)
                    if stored != leaf {
                        fail(sequence, "event #\(sequence) differs from the audit tree: its stored bytes were edited, replaced or reordered")
                        return false
                    }
                }
                for (level, index, hash) in builder.append(leaf) where sequence <= treeSize {
                    let stored = try transaction.value(forKey: MerkleTree.key(level: level, index: index), in: auditTree.database)
                    if stored != hash {
                        fail(sequence, "the audit tree's node at level \(level), index \(index) was altered (the events under it are intact)")
                        return false
                    }
                }
                if let checkpoint, sequence == checkpoint.size { checkpointRoot = builder.root }
                expected += 1
                return true
            }
            if problem == nil && treeSize > events {
                fail(events + 1, "the log ends at #\(events) but the audit tree covers \(treeSize) events: events #\(events + 1)… were removed")
            }
            if problem == nil, let checkpoint {
                if checkpoint.size > events {
                    fail(events + 1, "the checkpoint covers \(checkpoint.size) events but the log ends at #\(events): events were removed")
                } else if (checkpoint.size == 0 ? MerkleHash.empty : checkpointRoot) != checkpoint.root {
                    fail(checkpoint.size, "the first \(checkpoint.size) events no longer hash to the checkpoint's root: the log was rewritten")
                }
            }
            return AuditVerification(
                events: events, treeSize: treeSize, root: builder.root, checkpointSize: checkpoint?.size,
                firstDifference: difference, problem: problem
            )
        }
    }

    private func checkedSize(_ size: UInt64?, in transaction: ReadTransaction) throws -> UInt64 {
        let available = try auditTree.size(in: transaction)
        guard let size else { return available }
        guard size <= available else { throw KanbanError.outsideLog("a tree of \(size) events (the log has \(available))") }
        return size
    }
}
