import Foundation
import KanbanTestSupport
import Testing

@Suite("kanban audit")
struct CLIAuditTests {
    @Test("root, prove and consistency print their JSON fields; a key, a checkpoint and verify work end to end")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kanban = try KanbanBinary(database: directory.appending("audit.db"))
        for title in ["a", "b", "c"] { _ = try kanban.succeed(["add", title]) }
        let root = try JSONTree(parsing: try kanban.succeed(["audit", "root", "--json"]))
        #expect(root["size"] == .integer(4))
        #expect(root["root"].map { if case .string(let hex) = $0 { hex.count == 64 } else { false } } == true)
        let proof = try JSONTree(parsing: try kanban.succeed(["audit", "prove", "2", "--size", "3", "--json"]))
        #expect(Set(proof.members?.keys.map { $0 } ?? []) == ["sequence", "size", "leaf", "root", "path"])
        #expect(proof["path"]?.elements?.count == 2)
        let consistency = try JSONTree(parsing: try kanban.succeed(["audit", "consistency", "2", "--json"]))
        #expect(Set(consistency.members?.keys.map { $0 } ?? []) == ["old", "new", "oldRoot", "newRoot", "path"])

        let keyFile = directory.appending("signer.key")
        let publicKey = try kanban.succeed(["audit", "key", "--out", keyFile]).trimmingCharacters(in: .newlines)
        #expect(publicKey.hasPrefix("kanban+"))
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try kanban.run("audit", "key", "--out", keyFile).status == 2)
        let publicFile = directory.appending("signer.pub")
        try publicKey.write(toFile: publicFile, atomically: true, encoding: .utf8)
        let checkpoint = directory.appending("checkpoint")
        _ = try kanban.succeed(["audit", "checkpoint", "--key", keyFile, "--out", checkpoint])
        _ = try kanban.succeed(["add", "d"])
        let verified = try kanban.run("audit", "verify", "--checkpoint", checkpoint, "--public-key", publicFile)
        #expect(verified.status == 0)
        #expect(verified.stdout.hasPrefix("OK: 5 events hash to "))
        #expect(try kanban.run("audit", "verify", "--checkpoint", checkpoint).status == 2)
        #expect(try kanban.run("audit", "prove", "9").status == 1)
    }
}
