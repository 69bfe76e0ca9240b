import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput

/// `/api/undo` and `/api/redo`: the acting actor's undo and redo, and what they would do next.
struct UndoRoutes {
    let engine: KanbanEngine
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("undo") { request, context in
            let preview = try engine.history.undoPreview(actor: context.actor)
            let worded = [preview.undo, preview.redo].compactMap { $0 } + (preview.droppedFromUndo + preview.droppedFromRedo).map(\.event)
            let language = try QueryValues(request: request).language()
            let wording = try EventWording(engine: engine, language: language, events: worded)
            let hidden = try Self.hiddenBoards(of: worded, from: context.principal, engine: engine)
            return try JSONResponse.make(UndoPreviewOutput(preview: preview) { event in
                hidden.contains(event.board) ? Self.hiddenAction[language] ?? "" : wording.imperative(for: event)
            })
        }
        api.post("undo") { request, context in
            let (arguments, bytes) = try await RequestBody.decode(UndoArguments.self, from: request, context: context)
            return try await runner.run(arguments.command(), request: request, context: context, body: bytes, answer: Self.answer(.undo))
        }
        api.post("redo") { request, context in
            let (arguments, bytes) = try await RequestBody.decode(RedoArguments.self, from: request, context: context)
            return try await runner.run(arguments.command(), request: request, context: context, body: bytes, answer: Self.answer(.redo))
        }
    }

    private enum Stack { case undo, redo }

    /// How an action of one's own on a board one may no longer read is worded: not by its
    /// cards' titles (undoing it is refused anyway).
    static let hiddenAction: [HistoryLanguage: String] = [
        .english: "An action on a board you can no longer see",
        .french: "Une action sur un tableau que vous ne voyez plus",
        .korean: "더 이상 볼 수 없는 보드에서 한 작업",
    ]

    /// The boards of `events` that `principal` may not read now (a board removed since is not
    /// among them: whoever removed it may undo that).
    static func hiddenBoards(of events: [RecordedEvent], from principal: Principal, engine: KanbanEngine) throws -> Set<BoardID> {
        guard !principal.isAdministrator, !events.isEmpty else { return [] }
        return try engine.withState { state in
            Set(events.map(\.board).filter { state.boards[$0] != nil && !state.mayRead($0, as: principal) })
        }
    }

    /// The events appended; when only unusable entries were dropped and nothing was appended,
    /// the refusal the CLI gives (409).
    private static func answer(_ stack: Stack) -> @Sendable (CommandOutcome) throws -> (HTTPResponse.Status, [UInt8]) {
        { outcome in
            if outcome.events.isEmpty {
                let reason = outcome.dropped.map(\.reason).first ?? "nothing left"
                throw APIError(.conflict, "nothing to \(stack == .undo ? "undo" : "redo"): the entries left cannot be \(stack == .undo ? "undone" : "redone") (\(reason)); they were dropped")
            }
            return try Answers.events()(outcome)
        }
    }
}
