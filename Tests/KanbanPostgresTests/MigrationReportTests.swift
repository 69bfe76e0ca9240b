@testable import Kanban
import KanbanCore
import KanbanPostgres
import Testing

@Suite("MigrationReport")
struct MigrationReportTests {
    private let a = BoardID(Identifier(high: 1, low: 1))
    private let b = BoardID(Identifier(high: 2, low: 2))

    @Test("equal roots match; two lines per board in id order")
    func matching() {
        let roots = [b: AuditRoot(size: 1, root: MerkleHash.leaf([2])), a: AuditRoot(size: 2, root: MerkleHash.leaf([1]))]
        let report = MigrationReport(events: 3, source: roots, target: roots)
        #expect(report.rootsMatch)
        #expect(report.differingBoards.isEmpty)
        #expect(report.lines == [
            "lmdb \(a) 2 \(MerkleHash.hex(MerkleHash.leaf([1])))", "postgres \(a) 2 \(MerkleHash.hex(MerkleHash.leaf([1])))",
            "lmdb \(b) 1 \(MerkleHash.hex(MerkleHash.leaf([2])))", "postgres \(b) 1 \(MerkleHash.hex(MerkleHash.leaf([2])))",
        ])
    }

    @Test("a different root, size or missing board is a mismatch naming the board")
    func differing() {
        let source = [a: AuditRoot(size: 2, root: MerkleHash.leaf([1])), b: AuditRoot(size: 1, root: MerkleHash.leaf([2]))]
        let otherRoot = MigrationReport(events: 3, source: source, target: [a: AuditRoot(size: 2, root: MerkleHash.leaf([9])), b: source[b]!])
        #expect(!otherRoot.rootsMatch)
        #expect(otherRoot.differingBoards == [a])
        let missing = MigrationReport(events: 3, source: source, target: [a: source[a]!])
        #expect(missing.differingBoards == [b])
        #expect(missing.lines.last == "postgres \(b) - -")
    }
}
