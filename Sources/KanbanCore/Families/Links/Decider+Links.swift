/// Attaching and removing links: deciding, undoing, restoring.
extension Decider {
    static func decideAttachLink(
        _ url: String, name: String?, board boardName: String, card reference: String, in state: KanbanState, ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let url = try Limits.checkedURL(url)
        let trimmed = name?.trimmingWhitespace() ?? ""
        let name = trimmed.isEmpty ? url : try Limits.checkedText(trimmed, "link's name", limit: Limits.titleLength)
        try roomFor(details.links.count, "links")
        return detailEvent(board, card, .linkAttached(CardLink(id: .random(using: &ids), url: url, name: name), index: details.links.count))
    }

    static func decideRemoveLink(_ linkReference: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let index = try detail(linkReference, in: details.links.map(\.id), what: "link", card: card)
        return detailEvent(board, card, .linkRemoved(details.links[index], index: index))
    }

    static func undoAttachLink(_ link: CardLink, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let links = undo.details.links
        let index = try undo.index(of: link.id, in: links, \.id, "link")
        return .linkRemoved(links[index], index: index)
    }

    static func undoRemoveLink(_ link: CardLink, index: Int, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard !undo.details.links.contains(where: { $0.id == link.id }) else { throw undo.refuse("the link is there already") }
        return .linkAttached(link, index: min(index, undo.details.links.count))
    }

    /// For a restore. Links never change: as comments, without edits.
    static func restoreLinks(to target: CardDetails, current: () -> CardDetails, emit: (CardDetailEdit) -> Void) {
        let wanted = target.links.map(\.id)
        for link in outOfPlace(current().links.map(\.id), wanted: wanted).compactMap({ id in current().links.first { $0.id == id } }) {
            emit(.linkRemoved(link, index: current().links.firstIndex { $0.id == link.id } ?? 0))
        }
        for (index, link) in target.links.enumerated() where !current().links.contains(where: { $0.id == link.id }) {
            emit(.linkAttached(link, index: index))
        }
    }
}
