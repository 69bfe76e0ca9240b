import KanbanCore
import Testing

/// Roles and visibility as the core decides and keeps them: who may read and change a board,
/// the events they are, and the snapshot layout that keeps them.
@Suite("Access rule")
struct AccessRuleTests {
    static let viewer = Principal(person: "val", isAdministrator: false)
    static let commenter = Principal(person: "cam", isAdministrator: false)
    static let editor = Principal(person: "eddie", isAdministrator: false)
    static let admin = Principal(person: "ada", isAdministrator: false)
    static let stranger = Principal(person: "nora", isAdministrator: false)

    /// Board `main` with ada admin, eddie editor, cam commenter, val viewer and a card.
    static func team(visibility: BoardVisibility = .members) throws -> Fold {
        var fold = Fold()
        try fold.add("Card")
        for (person, role) in [("ada", BoardRole.admin), ("eddie", .editor), ("cam", .commenter), ("val", .viewer)] {
            try fold.run(.setMemberRole(board: "main", person: person, role: role, adding: true))
        }
        try fold.run(.setVisibility(board: "main", visibility: visibility))
        return fold
    }

    @Test("Each visibility gives non-members what it says; members have their roles; administrators everything")
    func roles() throws {
        for (visibility, strangerRole) in [(BoardVisibility.open, BoardRole?.some(.editor)), (.members, nil), (.public, .viewer)] {
            let fold = try Self.team(visibility: visibility)
            let board = try #require(fold.state.board(named: "main")).id
            #expect(fold.state.role(of: Self.stranger, onBoard: board) == strangerRole, "\(visibility)")
            #expect(fold.state.role(of: Self.viewer, onBoard: board) == .viewer)
            #expect(fold.state.role(of: Self.admin, onBoard: board) == .admin)
            #expect(fold.state.role(of: .administrator("nora"), onBoard: board) == .admin)
            #expect(fold.state.mayRead(board, as: Self.stranger) == (strangerRole != nil))
        }
    }

    @Test("A member's first write on a fresh log makes the default board, as reads showed it; another board stays an administrator's")
    func defaultBoardByAMember() throws {
        let empty = KanbanState()
        var ids = SeededGenerator(seed: 7)
        let events = try Decider.decide(.addCard(board: "main", title: "First"), actor: "eddie", in: empty, ids: &ids)
        #expect(events.count == 2)
        try AccessRule.check(events, by: Self.editor, in: empty)
        // Only the engine's own bootstrap: the same board made in the person's name is refused.
        var own = events
        own[0].actor = nil
        #expect(throws: KanbanError.self) { try AccessRule.check(own, by: Self.editor, in: empty) }
        #expect(throws: KanbanError.self) { try AccessRule.checkBeforeDeciding(.createBoard(name: "Team"), by: Self.editor, in: empty) }
    }

    @Test("Commands are checked before they are decided and by their events: 404 words for a board one may not read, the role needed otherwise")
    func checks() throws {
        let fold = try Self.team()
        let card = try #require(fold.state.cards.values.first).id.description
        let edit = Command.editCard(board: "main", card: card, title: "x")
        #expect(throws: KanbanError.unknownBoard("main")) { try AccessRule.checkBeforeDeciding(edit, by: Self.stranger, in: fold.state) }
        // Even one that would change nothing: a viewer renaming to the same name.
        #expect(throws: KanbanError.notAllowed(needed: .editor, board: "main", role: .viewer)) {
            try AccessRule.checkBeforeDeciding(.renameBoard(board: "main", to: "main"), by: Self.viewer, in: fold.state)
        }
        #expect(throws: KanbanError.notAllowed(needed: .admin, board: "main", role: .editor)) {
            try AccessRule.checkBeforeDeciding(.setVisibility(board: "main", visibility: .open), by: Self.editor, in: fold.state)
        }
        #expect(throws: KanbanError.notAllowed(needed: nil, board: "New", role: nil)) {
            try AccessRule.checkBeforeDeciding(.createBoard(name: "New"), by: Self.admin, in: fold.state)
        }
        try AccessRule.checkBeforeDeciding(.addComment(board: "main", card: card, text: "hi"), by: Self.commenter, in: fold.state)
        try AccessRule.checkBeforeDeciding(edit, by: Self.editor, in: fold.state)
        try AccessRule.checkBeforeDeciding(.createBoard(name: "New"), by: .administrator("root"), in: fold.state)

        // An undo needs what its effect needs: undoing a card's move is an editor's.
        var ids = SeededGenerator(seed: 2)
        let moved = try Decider.decide(.moveCard(board: "main", card: card, column: "DONE"), in: fold.state, ids: &ids)
        let undone = moved.map { BoardEvent(board: $0.board, payload: .undone(Undone(target: 9, undid: $0.payload, compensation: $0.payload))) }
        #expect(throws: KanbanError.notAllowed(needed: .editor, board: "main", role: .commenter)) {
            try AccessRule.check(undone, by: Self.commenter, in: fold.state)
        }
        try AccessRule.check(undone, by: Self.editor, in: fold.state)
        #expect(KanbanError.notAllowed(needed: .editor, board: "main", role: .viewer).description == "this needs the editor role on board 'main'; you are viewer")
    }

    @Test("A member added with a role, or removed with one, is one event; roles and visibility restore")
    func events() throws {
        var fold = try Self.team()
        let board = try #require(fold.state.board(named: "main")).id
        let removed = try fold.run(.removeMember(board: "main", person: "val"))
        #expect(removed.map(\.payload) == [.boardDetail(BoardDetailChanged(edit: .memberRoleChanged("val", Change(old: .viewer, new: nil))))])
        #expect(fold.state.details(ofBoard: board).role(ofMember: "val") == nil)
        #expect(fold.state.details(ofBoard: board).roles["val"] == nil)
        // Giving the role one has already changes nothing; a role for someone not a member is refused.
        #expect(try fold.run(.setMemberRole(board: "main", person: "cam", role: .commenter)).isEmpty)
        #expect(throws: KanbanError.invalidDetail("zed is not a member of board 'main'")) {
            try fold.run(.setMemberRole(board: "main", person: "zed", role: .viewer))
        }
        // Adding with the default role is the plain memberAdded of older logs.
        let plain = try fold.run(.setMemberRole(board: "main", person: "zed", role: .editor, adding: true))
        #expect(plain.map(\.payload) == [.boardDetail(BoardDetailChanged(edit: .memberAdded("zed")))])

        // A restore brings back the roles and visibility of then.
        let then = fold.state
        try fold.run(.setMemberRole(board: "main", person: "cam", role: .admin))
        try fold.run(.setVisibility(board: "main", visibility: .public))
        var ids = SeededGenerator(seed: 3)
        let restored = try #require(try Decider.restore(board: "main", to: then, sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        var after = fold.state
        after.apply(RecordedEvent(sequence: after.lastSequence + 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "ada",
                                  id: EventID(.random(using: &ids)), board: restored.board, payload: restored.payload))
        #expect(after.details(ofBoard: board) == then.details(ofBoard: board))
    }

    @Test("Roles and visibility keep to a layout-4 snapshot; a state without them keeps its layout")
    func snapshot() throws {
        let fold = try Self.team()
        #expect(StateCodec.version(of: fold.state) == StateCodec.accessVersion)
        let bytes = StateCodec.encode(fold.state)
        let decoded = try bytes.withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.accessVersion) }
        #expect(decoded.boardDetails == fold.state.boardDetails)
        #expect(StateCodec.encode(decoded) == bytes)
        var plain = Fold()
        try plain.add("a")
        try plain.run(.addMember(board: "main", person: "bo"))
        #expect(StateCodec.version(of: plain.state) == StateCodec.detailsVersion)
        // A truncated layout-4 snapshot is an error, never a trap.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: EventDecodingError.self) { try Array(bytes.prefix(length)).withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.accessVersion) } }
        }
    }
}
