import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

@Suite("The audit tree")
struct AuditTreeTests {
    /// An engine with `count` events (a board made, then cards added).
    static func engine(events count: Int, in directory: TemporaryDirectory) throws -> KanbanEngine {
        let engine = try KanbanEngine(path: directory.appending("audit.db"))
        for index in 0..<(count - 1) { try engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana") }
        return engine
    }

    /// The leaf of every stored event, read straight from the `events` database.
    static func leaves(of engine: KanbanEngine) throws -> [[UInt8]] {
        try engine.log.environment.read { transaction in
            var leaves: [[UInt8]] = []
            try engine.log.forEachRaw(after: 0, in: transaction) { _, bytes in
                leaves.append(MerkleHash.leaf(bytes))
                return true
            }
            return leaves
        }
    }

    @Test("Roots, audit paths and consistency proofs of every size check out with a verifier written from the RFC")
    func proofs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try Self.engine(events: 21, in: directory)
        let leaves = try Self.leaves(of: engine)
        #expect(leaves.count == 21)
        #expect(try engine.audit.root(size: 0).root == MerkleHash.empty)
        for size in 1...UInt64(leaves.count) {
            let root = try engine.audit.root(size: size).root
            #expect(root == RFC6962Verifier.treeHash(Array(leaves[..<Int(size)])), "root of \(size)")
            for sequence in 1...size {
                let proof = try engine.audit.inclusionProof(sequence: sequence, size: size)
                #expect(proof.leaf == leaves[Int(sequence - 1)])
                #expect(RFC6962Verifier.verifyInclusion(leaf: proof.leaf, index: sequence - 1, size: size, path: proof.path, root: root),
                        "inclusion of #\(sequence) in \(size)")
            }
            for old in 1...size {
                let proof = try engine.audit.consistencyProof(old: old, new: size)
                #expect(RFC6962Verifier.verifyConsistency(old: old, new: size, oldRoot: proof.oldRoot, newRoot: proof.newRoot, path: proof.path),
                        "consistency \(old) → \(size)")
            }
        }
        // A proof for another leaf or root fails the RFC check: the verifier can fail.
        let proof = try engine.audit.inclusionProof(sequence: 5, size: 21)
        #expect(!RFC6962Verifier.verifyInclusion(leaf: leaves[5], index: 4, size: 21, path: proof.path, root: proof.root))
        #expect(throws: KanbanError.self) { try engine.audit.inclusionProof(sequence: 22) }
        #expect(throws: KanbanError.self) { try engine.audit.root(size: 99) }
    }

    @Test("The tree follows every commit in the same transaction, batches of concurrent writers included")
    func followsCommits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("busy.db"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<16 {
                group.addTask { for index in 0..<5 { try await engine.execute(.addCard(board: "main", title: "w\(writer)-\(index)"), actor: "w\(writer)") } }
            }
            try await group.waitForAll()
        }
        #expect(try engine.audit.lag() == 0)
        let size = try engine.log.environment.read { try engine.auditTree.size(in: $0) }
        #expect(size == (try engine.lastSequence()))
        #expect(try engine.audit.root().root == RFC6962Verifier.treeHash(try Self.leaves(of: engine)))
        #expect(try engine.audit.verify().isValid)
    }

    @Test("Batches of odd sizes extend the tree to the definition's root, each one starting from the last one's right edge")
    func batches() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("batches.db"))
        for (events, batch) in [(1, 1), (6, 7), (45, 13), (77, 64), (128, 3)] {
            try engine.importer.generate(events: events, seed: UInt64(batch), batchSize: batch)
            let leaves = try Self.leaves(of: engine)
            #expect(try engine.audit.root().root == RFC6962Verifier.treeHash(leaves), "after \(leaves.count) events")
        }
        #expect(try engine.audit.verify().isValid)
        let size = try engine.lastSequence()
        let proof = try engine.audit.consistencyProof(old: 37, new: size)
        #expect(RFC6962Verifier.verifyConsistency(old: 37, new: size, oldRoot: proof.oldRoot, newRoot: proof.newRoot, path: proof.path))
    }

    @Test("A tree missing the left sibling an append pairs with refuses the write: nothing is appended, the log and tree stay as they were")
    func missingSibling() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try Self.engine(events: 11, in: directory)
        // The 12th leaf (index 11) pairs with leaf 10, then with node (1, 4): remove the latter.
        let removed = try engine.log.environment.write { transaction in
            try transaction.delete(forKey: MerkleTree.key(level: 1, index: 4), in: engine.auditTree.database)
        }
        #expect(removed)
        #expect(throws: KanbanError.self) { try engine.execute(.addCard(board: "main", title: "one more"), actor: "ana") }
        #expect(try engine.lastSequence() == 11)
        #expect(try engine.log.environment.read { try engine.auditTree.size(in: $0) } == 11)
    }

    @Test("A log without a tree (written before it existed) gets one built, equal to the definition")
    func catchUp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try Self.engine(events: 30, in: directory)
        try engine.log.environment.write { transaction in
            try transaction.withCursor(on: engine.auditTree.database) { _ in }
            var keys: [[UInt8]] = []
            try transaction.withCursor(on: engine.auditTree.database) { cursor in
                var entry = try cursor.first()
                while let current = entry { keys.append(Array(current.key)); entry = try cursor.next() }
            }
            for key in keys { try transaction.delete(forKey: key, in: engine.auditTree.database) }
        }
        #expect(try engine.audit.lag() == 30)
        var reports: [UInt64] = []
        #expect(try engine.catchUpAuditTree { done, _ in reports.append(done) } == 30)
        #expect(reports == [30])
        #expect(try engine.audit.root().root == RFC6962Verifier.treeHash(try Self.leaves(of: engine)))
        #expect(try engine.audit.verify().isValid)
    }

    enum Tampering: String, CaseIterable, Sendable {
        case flipByte, dropLast, swapTwo, editTreeNode
    }

    @Test("Tampering with the stored log or tree is caught and the first differing event named", arguments: Tampering.allCases)
    func tampering(_ tampering: Tampering) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try Self.engine(events: 12, in: directory)
        #expect(try engine.audit.verify().isValid)
        let log = engine.log
        try log.environment.write { transaction in
            func value(_ sequence: UInt64) throws -> [UInt8] {
                let found = try SequenceKey.withBytes(sequence) { key in try transaction.withValue(forKey: key, in: log.database) { Array($0) } }
                return try #require(found)
            }
            func put(_ sequence: UInt64, _ bytes: [UInt8]) throws {
                try SequenceKey.withBytes(sequence) { key in try bytes.withUnsafeBytes { try transaction.put($0, forKey: key, in: log.database) } }
            }
            switch tampering {
            case .flipByte:
                var bytes = try value(7)
                bytes[bytes.count - 1] ^= 0x01
                try put(7, bytes)
            case .dropLast:
                for sequence in UInt64(10)...12 { _ = try SequenceKey.withBytes(sequence) { try transaction.delete(forKey: Array($0), in: log.database) } }
            case .swapTwo:
                let (four, nine) = (try value(4), try value(9))
                try put(4, nine)
                try put(9, four)
            case .editTreeNode:
                try transaction.put([UInt8](repeating: 7, count: 32), forKey: MerkleTree.key(level: 2, index: 1), in: engine.auditTree.database)
            }
        }
        let report = try engine.audit.verify()
        #expect(!report.isValid)
        let expected: UInt64 = switch tampering {
        case .flipByte: 7
        case .dropLast: 10
        case .swapTwo: 4
        case .editTreeNode: 8
        }
        #expect(report.firstDifference == expected, "\(report.problem ?? "")")
        #expect(report.problem?.contains("\n") == false)
    }

    @Test("A signed checkpoint verifies with its key, fails with another or when edited, and catches a rewritten past")
    func checkpoints() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try Self.engine(events: 9, in: directory)
        let key = try AuditKey.generate(name: "auditor")
        let note = try engine.audit.checkpoint().signed(with: key)
        let verifier = try AuditKey(parsing: key.verifierKey)
        #expect(try AuditKey(parsing: try #require(key.signerKey)).verifierKey == key.verifierKey)
        let checkpoint = try Checkpoint(note: note, verifiedWith: verifier)
        #expect(checkpoint.size == 9)
        #expect(note.hasPrefix("kanban/"))
        #expect(note.contains("\n\n— auditor "))
        #expect(throws: AuditKeyError.self) { try Checkpoint(note: note, verifiedWith: try AuditKey.generate(name: "auditor")) }
        #expect(throws: AuditKeyError.self) { try Checkpoint(note: note.replacingOccurrences(of: "\n9\n", with: "\n8\n"), verifiedWith: verifier) }

        try engine.execute(.addCard(board: "main", title: "later"), actor: "ana")
        #expect(try engine.audit.verify(checkpoint: checkpoint).isValid)

        // Someone rewrites event 3 and the whole stored tree consistently: only the checkpoint tells.
        try engine.log.environment.write { transaction in
            let found = try SequenceKey.withBytes(3) { key in try transaction.withValue(forKey: key, in: engine.log.database) { Array($0) } }
            let bytes = try #require(found)
            var edited = bytes
            edited[edited.count - 1] ^= 0x20
            try SequenceKey.withBytes(3) { key in try edited.withUnsafeBytes { try transaction.put($0, forKey: key, in: engine.log.database) } }
            var keys: [[UInt8]] = []
            try transaction.withCursor(on: engine.auditTree.database) { cursor in
                var entry = try cursor.first()
                while let current = entry { keys.append(Array(current.key)); entry = try cursor.next() }
            }
            for key in keys { try transaction.delete(forKey: key, in: engine.auditTree.database) }
        }
        try engine.audit.catchUp()
        #expect(try engine.audit.verify().isValid)
        let report = try engine.audit.verify(checkpoint: checkpoint)
        #expect(!report.isValid)
        #expect(report.problem == "the first 9 events no longer hash to the checkpoint's root: the log was rewritten")
    }
}
