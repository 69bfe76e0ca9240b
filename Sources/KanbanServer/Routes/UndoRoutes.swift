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
            let wording = try EventWording(engine: engine, language: try QueryValues(request: request).language(), events: worded)
            return try JSONResponse.make(UndoPreviewOutput(preview: preview, action: wording.imperative(for:)))
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
