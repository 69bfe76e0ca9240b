import Foundation
import KanbanCore

/// The board as the iPad apps kept it: one Codable value of columns and cards, saved whole as
/// JSON on every change and loaded whole at launch. Built here from the engine's state, so it
/// holds exactly the cards the same log folds to.
struct AppBoard: Codable {
    var name: String
    var columns: [AppColumn]

    init(_ view: BoardView) {
        name = view.name
        columns = view.columns.map { column in
            AppColumn(name: column.name, cards: column.cards.map { AppCard($0.card) })
        }
    }

    /// What the apps did on every change: encode the whole board, rewrite the file, fsync it.
    func save(to path: String) throws {
        let data = try JSONEncoder().encode(self)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// What the apps did at launch: read the file, decode the whole board.
    static func load(from path: String) throws -> AppBoard {
        try JSONDecoder().decode(AppBoard.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A drag: the card at `from` in column `source` dropped at `to` in column `target`.
    mutating func move(column source: Int, index from: Int, toColumn target: Int, index to: Int) {
        let card = columns[source].cards.remove(at: from)
        columns[target].cards.insert(card, at: min(to, columns[target].cards.count))
    }

    var cardCount: Int { columns.reduce(0) { $0 + $1.cards.count } }
}

struct AppColumn: Codable {
    var name: String
    var cards: [AppCard]
}

struct AppCard: Codable {
    var id: UUID
    var title: String
    var description: String
    var due: Date?

    init(_ card: Card) {
        id = UUID(uuidString: card.id.description)!
        title = card.title
        description = card.description
        due = card.due.map { due in
            switch due {
            case .day(let day): Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)
            case .moment(let moment): Date(timeIntervalSince1970: Double(moment.millisecondsSinceEpoch) / 1_000)
            }
        }
    }
}
