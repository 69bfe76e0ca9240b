import Kanban
/// What `kanban import trello` did: the summary it prints, and its `--json` form.
public struct TrelloImportReport: Codable, Equatable, Sendable {
    /// Our board's name.
    public var board: String
    /// The Trello board's id.
    public var trelloBoard: String
    /// The same export was imported before: nothing was appended.
    public var alreadyImported: Bool
    /// The Trello board is closed (archived) in the export. Our boards have no such state: it
    /// is imported open, with its whole history (``TrelloPlan/closed``).
    public var closed: Bool
    /// The board's columns at the end, in order.
    public var columns: [String]
    /// Open cards at the end.
    public var cards: Int
    /// Archived cards (deleted here, which can be brought back).
    public var archivedCards: Int
    /// The export's actions.
    public var actions: Int
    /// The actions replayed as events.
    public var importedActions: Int
    /// Actions not replayed that a user would miss, by type: `updateCard:cover` for an update of
    /// fields we do not keep, `commentCard (archived card)` with the reason for one whose change
    /// could not be made (on a card archived for good, an attachment that is not a link, …).
    public var notImported: [String: Int]
    /// Actions not replayed because they mean nothing on this board, by type as `notImported`
    /// counts them: its workspace and settings (`addToOrganizationBoard`, `updateBoard:prefs`),
    /// power-ups, plugins, invitations, member roles.
    public var nothingToImport: [String: Int]
    /// Cards that were on the board before the oldest kept action, rebuilt from the export.
    public var rebuiltCards: Int
    /// Cards deleted within the history and older than it whose title no action names: they
    /// show as `(untitled card #N)` (Trello's deletions do not carry the title).
    public var untitledCards: Int
    /// Events appended.
    public var events: Int
    /// The first and last sequence numbers appended.
    public var firstSequence: UInt64?
    public var lastSequence: UInt64?
    /// When the imported history starts and ends, in Trello's time (ISO 8601).
    public var from: String?
    public var until: String?
    /// The Trello members the events are recorded under.
    public var members: [String]
    /// Texts cut to fit, and blank ones replaced (`length` 0).
    public var cuts: [TrelloCut]

    /// A report; `notImported` counts every action not replayed, and those that mean nothing
    /// here (``TrelloNoMeaning``) are filed under ``nothingToImport``.
    init(
        board: String, trelloBoard: String, alreadyImported: Bool, closed: Bool, columns: [String], cards: Int, archivedCards: Int,
        actions: Int, importedActions: Int, notImported: [String: Int], rebuiltCards: Int, untitledCards: Int,
        events: Int, firstSequence: UInt64?, lastSequence: UInt64?, from: String?, until: String?,
        members: [String], cuts: [TrelloCut]
    ) {
        self.board = board
        self.trelloBoard = trelloBoard
        self.alreadyImported = alreadyImported
        self.closed = closed
        self.columns = columns
        self.cards = cards
        self.archivedCards = archivedCards
        self.actions = actions
        self.importedActions = importedActions
        self.notImported = notImported.filter { !TrelloNoMeaning.contains($0.key) }
        nothingToImport = notImported.filter { TrelloNoMeaning.contains($0.key) }
        self.rebuiltCards = rebuiltCards
        self.untitledCards = untitledCards
        self.events = events
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
        self.from = from
        self.until = until
        self.members = members
        self.cuts = cuts
    }
}
