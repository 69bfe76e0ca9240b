import Foundation
@testable import KanbanTrello

/// The Trello exports kept beside these tests.
enum TrelloFixture {
    /// A real board export (christophenne/trello2planka, MIT; see Fixtures/LICENSE-trello2planka):
    /// 31 actions, 10 cards, 5 lists, a card archived, a list created and archived.
    static var sampleBoard: Data {
        get throws { try Data(contentsOf: URL(fileURLWithPath: path("trello2planka-sample-board.json"))) }
    }

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
}
