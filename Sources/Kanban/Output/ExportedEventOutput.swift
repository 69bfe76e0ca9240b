import Foundation
import KanbanCore

/// One line of `kanban export --format jsonl`: the `log --json` object of an event
/// (``EventOutput``: `sequence`, `timestamp`, `actor`, `id`, `board`, `kind`, `data`) and two
/// keys more, `leaf` (the hex RFC 6962 leaf hash of the stored bytes) and `raw` (the stored
/// bytes in base64), so that `kanban import` can put back the very bytes, old format versions
/// included, and anyone can check a leaf against an audit proof without this program.
public struct ExportedEventOutput: Codable, Sendable, Equatable {
    /// The event, as `kanban log --json` prints it.
    public var event: EventOutput
    /// `SHA-256(0x00 ‖ stored bytes)` in lowercase hexadecimal.
    public var leaf: String
    /// The stored bytes, base64 (RFC 4648, with padding).
    public var raw: String

    public init(event: EventOutput, leaf: String, raw: String) {
        self.event = event
        self.leaf = leaf
        self.raw = raw
    }

    /// The line for `stored`.
    public init(stored: StoredEvent) {
        self.init(
            event: EventOutput(event: stored.event), leaf: MerkleHash.hex(stored.leaf),
            raw: Data(stored.bytes).base64EncodedString()
        )
    }

    enum CodingKeys: String, CodingKey {
        case leaf, raw
    }

    /// Reads the event's keys and `leaf` and `raw` from one object.
    public init(from decoder: any Decoder) throws {
        event = try EventOutput(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        leaf = try container.decode(String.self, forKey: .leaf)
        raw = try container.decode(String.self, forKey: .raw)
    }

    /// Writes the event's keys and `leaf` and `raw` into one object.
    public func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leaf, forKey: .leaf)
        try container.encode(raw, forKey: .raw)
    }
}
