import Foundation
import KanbanCore

/// `{"name", "args"?}` read through ``KanbanCore/CommandWire`` as the server reads a push's
/// mutation, for tests that start from the JSON a client sends.
struct WireEnvelope: Decodable {
    let read: WireCommand

    private enum CodingKeys: String, CodingKey {
        case name, args
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        read = try CommandWire.command(named: container.decode(String.self, forKey: .name), argumentsAt: .args, in: container)
    }

    /// The command named `name` with arguments `args` (a JSON object, or `nil` for none).
    static func read(_ name: String, _ args: String?) throws -> WireCommand {
        let name = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
        let json = args.map { #"{"name": \#(name), "args": \#($0)}"# } ?? #"{"name": \#(name)}"#
        return try JSONDecoder().decode(WireEnvelope.self, from: Data(json.utf8)).read
    }
}
