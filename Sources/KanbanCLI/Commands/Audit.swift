import ArgumentParser
import Foundation
import Kanban
import KanbanCore
import KanbanOutput

extension KanbanCommand {
    /// `kanban audit`: the log's RFC 6962 Merkle tree — roots, proofs, signed checkpoints, verification.
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit",
            abstract: "Prove the log was not rewritten: Merkle roots, inclusion and consistency proofs, signed checkpoints.",
            discussion: """
                Every event's stored bytes are a leaf of an RFC 6962 Merkle tree kept with the log. \
                Keep checkpoints ('audit checkpoint') somewhere else than this machine: 'audit verify \
                --checkpoint' then shows whether the log's past was changed since.
                """,
            subcommands: [Root.self, Prove.self, Consistency.self, Key.self, Checkpoint.self, Verify.self, Lost.self]
        )

        /// `kanban audit root [--at SEQ | --boards]`.
        struct Root: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "root",
                abstract: "Print the tree's size and root hash (of the first SEQ events with --at; of each board with --boards)."
            )

            @OptionGroup var global: GlobalOptions

            @Option(help: ArgumentHelp("The root of the tree of the first SEQ events.", valueName: "seq"))
            var at: UInt64?

            @Flag(help: "Print one line per board, 'BOARD-ID SIZE ROOT': the tree of each board's events in log order.")
            var boards = false

            @Flag(help: "Print {\"size\", \"root\"} as JSON (with --boards, an array of {\"board\", \"size\", \"root\"}).")
            var json = false

            /// `{"board", "size", "root"}`: one board's root.
            private struct BoardRootOutput: Encodable {
                var board: String
                var size: UInt64
                var root: String
            }

            func validate() throws {
                if boards && at != nil { throw ValidationError("--at and --boards cannot go together") }
            }

            func run() throws {
                let engine = try global.openEngine()
                if boards {
                    let roots = try engine.audit.boardRoots().sorted { $0.key < $1.key }
                        .map { BoardRootOutput(board: $0.key.description, size: $0.value.size, root: MerkleHash.hex($0.value.root)) }
                    if json { try Output.printJSON(roots) } else { for root in roots { Output.print("\(root.board) \(root.size) \(root.root)") } }
                    return
                }
                let root = try engine.audit.root(size: at)
                if json { try Output.printJSON(AuditRootOutput(root)) } else { Output.print("\(root.size) \(MerkleHash.hex(root.root))") }
            }
        }

        /// `kanban audit prove SEQ [--size N]`.
        struct Prove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "prove", abstract: "Print the audit path that proves event SEQ is in the tree of N events.")

            @OptionGroup var global: GlobalOptions

            @Argument(help: ArgumentHelp("The event's sequence number.", valueName: "seq"))
            var sequence: UInt64

            @Option(help: ArgumentHelp("The size of the tree (default: the whole log).", valueName: "n"))
            var size: UInt64?

            @Flag(help: "Print {\"sequence\", \"size\", \"leaf\", \"root\", \"path\"} as JSON.")
            var json = false

            func run() throws {
                let proof = try global.openEngine().audit.inclusionProof(sequence: sequence, size: size)
                if json { try Output.printJSON(InclusionProofOutput(proof)); return }
                Output.print("event #\(proof.sequence) in the tree of \(proof.size) events")
                Output.print("leaf \(MerkleHash.hex(proof.leaf))")
                Output.print("root \(MerkleHash.hex(proof.root))")
                for hash in proof.path { Output.print("path \(MerkleHash.hex(hash))") }
            }
        }

        /// `kanban audit consistency OLD [NEW]`.
        struct Consistency: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "consistency", abstract: "Print the proof that the tree of OLD events is a prefix of the tree of NEW (default: now).")

            @OptionGroup var global: GlobalOptions

            @Argument(help: ArgumentHelp("The older tree's size.", valueName: "old"))
            var old: UInt64

            @Argument(help: ArgumentHelp("The newer tree's size (default: the whole log).", valueName: "new"))
            var new: UInt64?

            @Flag(help: "Print {\"old\", \"new\", \"oldRoot\", \"newRoot\", \"path\"} as JSON.")
            var json = false

            func run() throws {
                let proof = try global.openEngine().audit.consistencyProof(old: old, new: new)
                if json { try Output.printJSON(ConsistencyProofOutput(proof)); return }
                Output.print("\(proof.old) \(MerkleHash.hex(proof.oldRoot))")
                Output.print("\(proof.new) \(MerkleHash.hex(proof.newRoot))")
                for hash in proof.path { Output.print("path \(MerkleHash.hex(hash))") }
            }
        }

        /// `kanban audit key --out FILE`.
        struct Key: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "key",
                abstract: "Make an Ed25519 signing key in FILE (mode 600) and print its public (verifier) key."
            )

            /// Taken like every subcommand's (a key belongs to no database).
            @OptionGroup var global: GlobalOptions

            @Option(help: ArgumentHelp("Where to write the private key; an existing file is not overwritten.", valueName: "file"))
            var out: String

            @Option(help: ArgumentHelp("The key's name, shown in signatures.", valueName: "name"))
            var name = "kanban"

            func run() throws {
                let key: AuditKey
                do { key = try AuditKey.generate(name: name) } catch { throw ValidationError(error.description) }
                guard let signer = key.signerKey else { return }
                try writeSecret(signer + "\n", to: out)
                Output.print(key.verifierKey)
            }
        }

        /// `kanban audit lost [--json | --events]`.
        struct Lost: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "lost",
                abstract: "List the positions a node's cache was cut back from because its shared log lost them (a failover).",
                discussion: """
                    A node whose shared log on PostgreSQL lost its last commits (a failover to a standby that had \
                    not received them) cuts its cache back to what the log holds and keeps the lost events apart. \
                    One line per loss: 'FIRST…LAST EVENTS CUT-AT'. With --events, the events kept, as \
                    'kanban export --format jsonl' prints them.
                    """
            )

            @OptionGroup var global: GlobalOptions

            @Flag(help: "Print an array of {\"first\", \"last\", \"events\", \"cutAt\"} as JSON.")
            var json = false

            @Flag(help: "Print the lost events kept, one JSON line each (the export's form).")
            var events = false

            /// `{"first", "last", "events", "cutAt"}`: one range lost.
            private struct LostRangeOutput: Encodable {
                var first: UInt64
                var last: UInt64
                var events: UInt64
                var cutAt: String
            }

            func validate() throws {
                if json && events { throw ValidationError("--json and --events cannot go together") }
            }

            func run() throws {
                let engine = try global.openEngine()
                if events {
                    for stored in try engine.sync.lostEvents() { try Output.printJSON(bytes: Array(try OutputJSON.encode(ExportedEventOutput(stored: stored)))) }
                    return
                }
                try Output.list(try engine.sync.lostRanges(), json: json) { lost in
                    LostRangeOutput(first: lost.positions.lowerBound, last: lost.positions.upperBound, events: lost.count, cutAt: lost.cutAt.description)
                } line: { lost in
                    "\(lost.positions.lowerBound)…\(lost.positions.upperBound) \(lost.count) \(lost.cutAt.description)"
                }
            }
        }

        /// `kanban audit checkpoint --key FILE [--out FILE]`.
        struct Checkpoint: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "checkpoint", abstract: "Write a signed checkpoint (size, root, time) of the log, as a C2SP signed note.")

            @OptionGroup var global: GlobalOptions

            @Option(help: ArgumentHelp("The signing key 'audit key' wrote.", valueName: "file"))
            var key: String

            @Option(help: ArgumentHelp("Where to write it (default: standard output).", valueName: "file"))
            var out: String?

            func run() throws {
                let signer = try readKey(key)
                let note: String
                do { note = try global.openEngine().audit.checkpoint().signed(with: signer) } catch let error as AuditKeyError {
                    throw ValidationError(error.description)
                }
                if let out {
                    try Data(note.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
                } else {
                    FileHandle.standardOutput.write(Data(note.utf8))
                }
            }
        }

        /// `kanban audit verify [--checkpoint FILE --public-key FILE]`.
        struct Verify: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "verify",
                abstract: "Recompute every leaf and the tree from the log and check them (and a checkpoint); exit 1 naming the first event that differs."
            )

            @OptionGroup var global: GlobalOptions

            @Option(help: ArgumentHelp("A checkpoint 'audit checkpoint' wrote.", valueName: "file"))
            var checkpoint: String?

            @Option(name: .customLong("public-key"), help: ArgumentHelp("The verifier key that signed it.", valueName: "file"))
            var publicKey: String?

            @Flag(help: "Print the findings as JSON.")
            var json = false

            /// `{"ok": false, "problem"}`: a checkpoint that cannot be trusted at all.
            private struct Refusal: Encodable {
                var ok: Bool
                var problem: String
            }

            func validate() throws {
                if (checkpoint == nil) != (publicKey == nil) { throw ValidationError("--checkpoint and --public-key go together") }
            }

            func run() throws {
                var checked: Kanban.Checkpoint?
                if let checkpoint, let publicKey {
                    let key = try readKey(publicKey)
                    let note = try readText(checkpoint, what: "checkpoint")
                    do { checked = try Kanban.Checkpoint(note: note, verifiedWith: key) } catch {
                        if json {
                            try Output.printJSON(Refusal(ok: false, problem: "checkpoint \(checkpoint): \(error.description)"))
                        } else {
                            Output.error("kanban: checkpoint \(checkpoint): \(error.description)")
                        }
                        throw ExitCode(1)
                    }
                }
                let report = try global.openEngine().audit.verify(checkpoint: checked)
                if json {
                    try Output.printJSON(AuditVerifyOutput(report))
                } else if let problem = report.problem {
                    Output.error("kanban: audit failed: \(problem)")
                } else {
                    var line = "OK: \(report.events) events hash to \(MerkleHash.hex(report.root)); the stored tree agrees"
                    if let size = report.checkpointSize { line += "; the checkpoint's \(size) events still hash to its root" }
                    if report.treeSize < report.events { line += " (\(report.events - report.treeSize) newer events are not in the stored tree yet)" }
                    Output.print(line)
                }
                if !report.isValid { throw ExitCode(1) }
            }
        }
    }
}

private func readText(_ path: String, what: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw ValidationError("cannot read the \(what) file \(path)")
    }
    return text
}

private func readKey(_ path: String) throws -> AuditKey {
    do { return try AuditKey(parsing: try readText(path, what: "key")) } catch let error as AuditKeyError {
        throw ValidationError("key file \(path): \(error.description)")
    }
}

/// Writes `text` to a new file at `path` readable by its owner only.
private func writeSecret(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
        throw ValidationError(errno == EEXIST ? "\(path) exists already; the key was not written" : "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else { throw ValidationError("cannot write \(path)") }
}
