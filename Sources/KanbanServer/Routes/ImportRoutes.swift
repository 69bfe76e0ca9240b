import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanTrello
import NIOCore

/// `POST /api/import/trello?board=NAME`: a Trello board export as the body (up to 20 MiB),
/// imported as `kanban import trello` does; answers its summary (201, or 200 when the same
/// export was imported before and nothing was appended).
struct ImportRoutes {
    let engine: KanbanEngine

    /// The largest export taken.
    static let maxExportSize = 20 * 1024 * 1024

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("import/trello") { request, context in
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: Self.maxExportSize)
            } catch is NIOTooManyBytesError {
                throw APIError(.contentTooLarge, "the export is larger than 20 MiB")
            } catch let error as HTTPError where error.status == .contentTooLarge {
                throw APIError(.contentTooLarge, "the export is larger than 20 MiB")
            }
            let board = QueryValues(request: request).text("board")
            let report: TrelloImportReport
            do {
                report = try engine.importer.trello(Data(body.readableBytesView), board: board)
            } catch let error as TrelloImportError {
                switch error {
                case .malformed: throw APIError(.badRequest, error.description)
                case .boardExists(let name): throw APIError(.conflict, "a board named '\(name)' exists already; give the imported board another name with ?board=NAME")
                case .unreplayable: throw APIError(.unprocessableContent, error.description)
                }
            }
            return try JSONResponse.make(report, status: report.alreadyImported ? .ok : .created)
        }
    }
}
