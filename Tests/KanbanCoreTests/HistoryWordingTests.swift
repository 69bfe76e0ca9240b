import KanbanCore
import Testing

/// Every history line, every `undo --list` phrase and the dates, in English, Korean and French,
/// exactly as the Phrasebook tables have them.
struct HistoryWordingTests {
    // MARK: Fixtures

    static let todo = ColumnID(Identifier(high: 0, low: 1))
    static let doing = ColumnID(Identifier(high: 0, low: 2))
    static let done = ColumnID(Identifier(high: 0, low: 3))
    static let review = ColumnID(Identifier(high: 0, low: 4))
    static let cardID = CardID(Identifier(high: 7, low: 7))

    /// Column names as the history fold would know them.
    static func columnName(_ id: ColumnID) -> String {
        [todo: "TODO", doing: "DOING", done: "DONE", review: "Review"][id] ?? "?"
    }

    static func card(_ title: String, in column: ColumnID = todo) -> Card {
        Card(id: cardID, column: column, key: .middle, title: title, description: "notes", due: .day(CalendarDay(daysSinceEpoch: 20_000)))
    }

    static func moved(_ title: String, from: ColumnID, _ fromIndex: Int, to: ColumnID, _ toIndex: Int) -> EventPayload {
        .cardMoved(CardMoved(card: cardID, title: title, from: from, fromIndex: fromIndex, to: to, toIndex: toIndex, key: .middle))
    }

    static func edited(_ title: String, newTitle: String? = nil, description: Bool = false, due: Bool = false) -> EventPayload {
        .cardEdited(CardEdited(
            card: cardID,
            title: newTitle ?? title,
            titleChange: newTitle.map { Change(old: title, new: $0) },
            descriptionChange: description ? Change(old: "", new: "Details") : nil,
            dueChange: due ? Change(old: nil, new: .day(CalendarDay(daysSinceEpoch: 20_500))) : nil
        ))
    }

    static let side = [ColumnSpec(id: review, name: "Backlog")]

    /// One event and its history line in each language.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let payload: EventPayload
        let english: String
        let korean: String
        let french: String

        init(_ name: String, _ payload: EventPayload, en english: String, ko korean: String, fr french: String) {
            self.name = name
            self.payload = payload
            self.english = english
            self.korean = korean
            self.french = french
        }

        var testDescription: String { name }

        func expected(in language: HistoryLanguage) -> String {
            switch language {
            case .english: english
            case .korean: korean
            case .french: french
            }
        }
    }

    /// Every action, in the past tense.
    static let lines: [Row] = [
        Row("card added", .cardAdded(CardAdded(card: card("Fix login"), index: 0)),
            en: "Added 'Fix login'.",
            ko: "'Fix login' 카드를 추가했습니다.",
            fr: "Carte « Fix login » ajoutée."),
        Row("card added with a Korean title in another column", .cardAdded(CardAdded(card: card("디자인 검토 회의", in: doing), index: 3)),
            en: "Added '디자인 검토 회의'.",
            ko: "'디자인 검토 회의' 카드를 추가했습니다.",
            fr: "Carte « 디자인 검토 회의 » ajoutée."),
        Row("card moved across columns", moved("Fix login", from: todo, 0, to: doing, 1),
            en: "Moved 'Fix login' from TODO to DOING.",
            ko: "'Fix login' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            fr: "Carte « Fix login » déplacée de TODO vers DOING."),
        Row("card moved back", moved("Préparer l'été", from: done, 2, to: todo, 0),
            en: "Moved 'Préparer l'été' from DONE to TODO.",
            ko: "'Préparer l'été' 카드를 DONE에서 TODO(으)로 옮겼습니다.",
            fr: "Carte « Préparer l'été » déplacée de DONE vers TODO."),
        Row("card reordered within a column", moved("Fix login", from: doing, 0, to: doing, 2),
            en: "Reordered 'Fix login' in DOING.",
            ko: "DOING에서 'Fix login' 카드의 순서를 바꿨습니다.",
            fr: "Carte « Fix login » réordonnée dans DOING."),
        Row("card removed", .cardDeleted(CardDeleted(card: card("Fix login", in: done), index: 1)),
            en: "Removed 'Fix login' from DONE.",
            ko: "DONE에서 'Fix login' 카드를 삭제했습니다.",
            fr: "Carte « Fix login » retirée de DONE."),
        Row("a role given, in each language's words", .boardDetail(BoardDetailChanged(edit: .memberRoleChanged("val", Change(old: .viewer, new: .editor)))),
            en: "Made val editor of the board.",
            ko: "val 님의 보드 역할을 편집(으)로 바꿨습니다.",
            fr: "val devient éditeur·rice du tableau."),
        Row("a member added with a role", .boardDetail(BoardDetailChanged(edit: .memberRoleChanged("지민", Change(old: nil, new: .commenter)))),
            en: "Added 지민 to the board as commenter.",
            ko: "지민 님을 댓글 역할로 보드 멤버로 추가했습니다.",
            fr: "지민 ajouté·e au tableau comme commentateur·rice."),
        Row("the visibility changed, in words", .boardDetail(BoardDetailChanged(edit: .visibilityChanged(Change(old: .open, new: .members)))),
            en: "Made the board visible to its members only.",
            ko: "보드 공개 범위를 멤버만(으)로 바꿨습니다.",
            fr: "Tableau rendu visible pour ses membres seulement."),
        Row("title edited (the line names the old title)", edited("Fix login", newTitle: "Fix sign-in"),
            en: "Edited 'Fix login': title.",
            ko: "'Fix login' 카드를 수정했습니다: 제목.",
            fr: "Carte « Fix login » modifiée : titre."),
        Row("description edited", edited("Fix login", description: true),
            en: "Edited 'Fix login': description.",
            ko: "'Fix login' 카드를 수정했습니다: 설명.",
            fr: "Carte « Fix login » modifiée : description."),
        Row("due date edited", edited("Fix login", due: true),
            en: "Edited 'Fix login': due date.",
            ko: "'Fix login' 카드를 수정했습니다: 마감일.",
            fr: "Carte « Fix login » modifiée : échéance."),
        Row("title and description edited", edited("Fix login", newTitle: "Fix sign-in", description: true),
            en: "Edited 'Fix login': title, description.",
            ko: "'Fix login' 카드를 수정했습니다: 제목, 설명.",
            fr: "Carte « Fix login » modifiée : titre, description."),
        Row("title and due date edited", edited("Fix login", newTitle: "Fix sign-in", due: true),
            en: "Edited 'Fix login': title, due date.",
            ko: "'Fix login' 카드를 수정했습니다: 제목, 마감일.",
            fr: "Carte « Fix login » modifiée : titre, échéance."),
        Row("description and due date edited", edited("Fix login", description: true, due: true),
            en: "Edited 'Fix login': description, due date.",
            ko: "'Fix login' 카드를 수정했습니다: 설명, 마감일.",
            fr: "Carte « Fix login » modifiée : description, échéance."),
        Row("every field edited", edited("Fix login", newTitle: "Fix sign-in", description: true, due: true),
            en: "Edited 'Fix login': title, description, due date.",
            ko: "'Fix login' 카드를 수정했습니다: 제목, 설명, 마감일.",
            fr: "Carte « Fix login » modifiée : titre, description, échéance."),
        Row("board created", .boardCreated(BoardCreated(name: "Side", columns: side)),
            en: "Created board 'Side'.",
            ko: "'Side' 보드를 만들었습니다.",
            fr: "Tableau « Side » créé."),
        Row("board renamed", .boardRenamed(BoardRenamed(from: "Side", to: "프로젝트")),
            en: "Renamed board 'Side' to '프로젝트'.",
            ko: "'Side' 보드의 이름을 '프로젝트'(으)로 바꿨습니다.",
            fr: "Tableau « Side » renommé en « 프로젝트 »."),
        Row("board removed", .boardRemoved(BoardRemoved(name: "Side", columns: side)),
            en: "Removed board 'Side'.",
            ko: "'Side' 보드를 삭제했습니다.",
            fr: "Tableau « Side » supprimé."),
        Row("column added", .columnAdded(ColumnAdded(column: ColumnSpec(id: review, name: "Review"), index: 1)),
            en: "Added column 'Review'.",
            ko: "'Review' 열을 추가했습니다.",
            fr: "Colonne « Review » ajoutée."),
        Row("column renamed", .columnRenamed(ColumnRenamed(column: doing, from: "DOING", to: "En cours")),
            en: "Renamed column 'DOING' to 'En cours'.",
            ko: "'DOING' 열의 이름을 'En cours'(으)로 바꿨습니다.",
            fr: "Colonne « DOING » renommée en « En cours »."),
        Row("column removed", .columnRemoved(ColumnRemoved(column: ColumnSpec(id: review, name: "Review"), index: 3)),
            en: "Removed column 'Review'.",
            ko: "'Review' 열을 삭제했습니다.",
            fr: "Colonne « Review » supprimée."),
        Row("card brought back", .cardRevived(CardRevived(card: card("Fix login", in: doing), index: 2)),
            en: "Brought back 'Fix login'.",
            ko: "'Fix login' 카드를 되살렸습니다.",
            fr: "Carte « Fix login » récupérée."),
        Row("column moved (to the 0-based index --at took)", .columnMoved(ColumnMoved(column: ColumnSpec(id: doing, name: "DOING"), fromIndex: 1, toIndex: 0)),
            en: "Moved column 'DOING' to position 0.",
            ko: "'DOING' 열을 0번 위치로 옮겼습니다.",
            fr: "Colonne « DOING » déplacée en position 0."),
        Row("board restored to an earlier point", restored,
            en: "Restored the board to #12 (2026-11-22T18:36:29Z).",
            ko: "보드를 #12 (2026-11-22T18:36:29Z) 시점으로 되돌렸습니다.",
            fr: "Tableau restauré à #12 (2026-11-22T18:36:29Z)."),
    ]

    static let restored = EventPayload.restored(Restored(
        sequence: 12, timestamp: Timestamp(millisecondsSinceEpoch: 1_795_372_589_000),
        effects: [moved("Fix login", from: doing, 0, to: todo, 0)]
    ))

    /// Undos and redos, written out in full for a few kinds.
    static let undoLines: [Row] = [
        Row("undid a move", .undone(Undone(
            target: 4, undid: moved("Fix login", from: todo, 0, to: doing, 1), compensation: moved("Fix login", from: doing, 1, to: todo, 0)
        )),
            en: "Undid: Moved 'Fix login' from TODO to DOING.",
            ko: "실행 취소: 'Fix login' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            fr: "Annulé : Carte « Fix login » déplacée de TODO vers DOING."),
        Row("undid an add", .undone(Undone(
            target: 2, undid: .cardAdded(CardAdded(card: card("Fix login"), index: 0)),
            compensation: .cardDeleted(CardDeleted(card: card("Fix login"), index: 0))
        )),
            en: "Undid: Added 'Fix login'.",
            ko: "실행 취소: 'Fix login' 카드를 추가했습니다.",
            fr: "Annulé : Carte « Fix login » ajoutée."),
        Row("undid an edit", .undone(Undone(
            target: 9, undid: edited("Fix login", newTitle: "Fix sign-in", due: true), compensation: edited("Fix sign-in", newTitle: "Fix login", due: true)
        )),
            en: "Undid: Edited 'Fix login': title, due date.",
            ko: "실행 취소: 'Fix login' 카드를 수정했습니다: 제목, 마감일.",
            fr: "Annulé : Carte « Fix login » modifiée : titre, échéance."),
        Row("undid a column removal", .undone(Undone(
            target: 9, undid: .columnRemoved(ColumnRemoved(column: ColumnSpec(id: review, name: "Review"), index: 3)),
            compensation: .columnAdded(ColumnAdded(column: ColumnSpec(id: review, name: "Review"), index: 3))
        )),
            en: "Undid: Removed column 'Review'.",
            ko: "실행 취소: 'Review' 열을 삭제했습니다.",
            fr: "Annulé : Colonne « Review » supprimée."),
        Row("redid a move", .redone(Redone(
            target: 5, redid: moved("Fix login", from: todo, 0, to: doing, 1), effect: moved("Fix login", from: todo, 0, to: doing, 1)
        )),
            en: "Redid: Moved 'Fix login' from TODO to DOING.",
            ko: "다시 실행: 'Fix login' 카드를 TODO에서 DOING(으)로 옮겼습니다.",
            fr: "Rétabli : Carte « Fix login » déplacée de TODO vers DOING."),
        Row("redid a delete", .redone(Redone(
            target: 5, redid: .cardDeleted(CardDeleted(card: card("Fix login", in: done), index: 1)),
            effect: .cardDeleted(CardDeleted(card: card("Fix login", in: done), index: 1))
        )),
            en: "Redid: Removed 'Fix login' from DONE.",
            ko: "다시 실행: DONE에서 'Fix login' 카드를 삭제했습니다.",
            fr: "Rétabli : Carte « Fix login » retirée de DONE."),
        Row("undid a revive", .undone(Undone(
            target: 7, undid: .cardRevived(CardRevived(card: card("Fix login"), index: 0)),
            compensation: .cardDeleted(CardDeleted(card: card("Fix login"), index: 0))
        )),
            en: "Undid: Brought back 'Fix login'.",
            ko: "실행 취소: 'Fix login' 카드를 되살렸습니다.",
            fr: "Annulé : Carte « Fix login » récupérée."),
        Row("undid a column move", .undone(Undone(
            target: 8, undid: .columnMoved(ColumnMoved(column: ColumnSpec(id: done, name: "DONE"), fromIndex: 2, toIndex: 0)),
            compensation: .columnMoved(ColumnMoved(column: ColumnSpec(id: done, name: "DONE"), fromIndex: 0, toIndex: 2))
        )),
            en: "Undid: Moved column 'DONE' to position 0.",
            ko: "실행 취소: 'DONE' 열을 0번 위치로 옮겼습니다.",
            fr: "Annulé : Colonne « DONE » déplacée en position 0."),
        Row("redid a board rename", .redone(Redone(
            target: 5, redid: .boardRenamed(BoardRenamed(from: "Side", to: "Ops")), effect: .boardRenamed(BoardRenamed(from: "Side", to: "Ops"))
        )),
            en: "Redid: Renamed board 'Side' to 'Ops'.",
            ko: "다시 실행: 'Side' 보드의 이름을 'Ops'(으)로 바꿨습니다.",
            fr: "Rétabli : Tableau « Side » renommé en « Ops »."),
    ]

    /// What `undo --list` says undo or redo would do, for every kind.
    static let imperatives: [Row] = [
        Row("add", .cardAdded(CardAdded(card: card("Fix login"), index: 0)),
            en: "Add 'Fix login'", ko: "'Fix login' 카드 추가", fr: "Ajouter « Fix login »"),
        Row("move", moved("Fix login", from: todo, 0, to: doing, 0),
            en: "Move 'Fix login' from TODO to DOING",
            ko: "'Fix login' 카드를 TODO에서 DOING(으)로 이동",
            fr: "Déplacer « Fix login » de TODO vers DOING"),
        Row("reorder", moved("Fix login", from: todo, 0, to: todo, 3),
            en: "Reorder 'Fix login' in TODO", ko: "TODO에서 'Fix login' 카드 순서 변경", fr: "Réordonner « Fix login » dans TODO"),
        Row("remove", .cardDeleted(CardDeleted(card: card("Fix login", in: done), index: 0)),
            en: "Remove 'Fix login' from DONE", ko: "DONE에서 'Fix login' 카드 삭제", fr: "Retirer « Fix login » de DONE"),
        Row("edit", edited("Fix login", newTitle: "Fix sign-in", due: true),
            en: "Edit 'Fix login': title, due date", ko: "'Fix login' 카드 수정: 제목, 마감일", fr: "Modifier « Fix login » : titre, échéance"),
        Row("edit the description", edited("Fix login", description: true),
            en: "Edit 'Fix login': description", ko: "'Fix login' 카드 수정: 설명", fr: "Modifier « Fix login » : description"),
        Row("create a board", .boardCreated(BoardCreated(name: "Side", columns: side)),
            en: "Create board 'Side'", ko: "'Side' 보드 만들기", fr: "Créer le tableau « Side »"),
        Row("rename a board", .boardRenamed(BoardRenamed(from: "Side", to: "Ops")),
            en: "Rename board 'Side' to 'Ops'", ko: "'Side' 보드 이름을 'Ops'(으)로 변경", fr: "Renommer le tableau « Side » en « Ops »"),
        Row("remove a board", .boardRemoved(BoardRemoved(name: "Side", columns: side)),
            en: "Remove board 'Side'", ko: "'Side' 보드 삭제", fr: "Supprimer le tableau « Side »"),
        Row("add a column", .columnAdded(ColumnAdded(column: ColumnSpec(id: review, name: "Review"), index: 1)),
            en: "Add column 'Review'", ko: "'Review' 열 추가", fr: "Ajouter la colonne « Review »"),
        Row("rename a column", .columnRenamed(ColumnRenamed(column: doing, from: "DOING", to: "En cours")),
            en: "Rename column 'DOING' to 'En cours'",
            ko: "'DOING' 열 이름을 'En cours'(으)로 변경",
            fr: "Renommer la colonne « DOING » en « En cours »"),
        Row("remove a column", .columnRemoved(ColumnRemoved(column: ColumnSpec(id: review, name: "Review"), index: 3)),
            en: "Remove column 'Review'", ko: "'Review' 열 삭제", fr: "Supprimer la colonne « Review »"),
        Row("bring back", .cardRevived(CardRevived(card: card("Fix login"), index: 0)),
            en: "Bring back 'Fix login'", ko: "'Fix login' 카드 되살리기", fr: "Récupérer « Fix login »"),
        Row("move a column", .columnMoved(ColumnMoved(column: ColumnSpec(id: review, name: "Review"), fromIndex: 3, toIndex: 1)),
            en: "Move column 'Review' to position 1",
            ko: "'Review' 열을 1번 위치로 이동",
            fr: "Déplacer la colonne « Review » en position 1"),
        Row("restore", restored,
            en: "Restore the board to #12 (2026-11-22T18:36:29Z)",
            ko: "보드를 #12 (2026-11-22T18:36:29Z) 시점으로 되돌리기",
            fr: "Restaurer le tableau à #12 (2026-11-22T18:36:29Z)"),
        // What redo would reverse is an undo; what undo would reverse may be a redo: both speak of the action.
        Row("an undo, for redo", .undone(Undone(
            target: 4, undid: moved("Fix login", from: todo, 0, to: doing, 1), compensation: moved("Fix login", from: doing, 1, to: todo, 0)
        )),
            en: "Move 'Fix login' from TODO to DOING",
            ko: "'Fix login' 카드를 TODO에서 DOING(으)로 이동",
            fr: "Déplacer « Fix login » de TODO vers DOING"),
        Row("a redo, for undo", .redone(Redone(
            target: 5, redid: .cardAdded(CardAdded(card: card("Fix login"), index: 0)), effect: .cardAdded(CardAdded(card: card("Fix login"), index: 0))
        )),
            en: "Add 'Fix login'", ko: "'Fix login' 카드 추가", fr: "Ajouter « Fix login »"),
    ]

    // MARK: Lines

    @Test("Every history line, exactly, in English, Korean and French", arguments: lines + undoLines)
    func historyLine(row: Row) {
        for language in HistoryLanguage.allCases {
            let line = ActionWording(language: language).line(for: row.payload, columnName: Self.columnName)
            #expect(line == row.expected(in: language), "\(row.name) in \(language)")
        }
    }

    @Test("Every action undone and redone reads 'Undid: …' and 'Redid: …' around its own line", arguments: lines)
    func undidAndRedid(row: Row) {
        let undone = EventPayload.undone(Undone(target: 3, undid: row.payload, compensation: row.payload))
        let redone = EventPayload.redone(Redone(target: 4, redid: row.payload, effect: row.payload))
        let expected: [HistoryLanguage: (String, String)] = [
            .english: ("Undid: ", "Redid: "), .korean: ("실행 취소: ", "다시 실행: "), .french: ("Annulé : ", "Rétabli : "),
        ]
        for language in HistoryLanguage.allCases {
            let wording = ActionWording(language: language)
            let (undid, redid) = expected[language]!
            #expect(wording.line(for: undone, columnName: Self.columnName) == undid + row.expected(in: language))
            #expect(wording.line(for: redone, columnName: Self.columnName) == redid + row.expected(in: language))
        }
    }

    @Test("What undo and redo would do next, as undo --list words it", arguments: imperatives)
    func imperative(row: Row) {
        for language in HistoryLanguage.allCases {
            let phrase = ActionWording(language: language).imperative(for: row.payload, columnName: Self.columnName)
            #expect(phrase == row.expected(in: language), "\(row.name) in \(language)")
        }
    }

    @Test("The undo --list frames and the empty-stack sentences")
    func listFrames() {
        let english = Phrasebook.english
        let korean = Phrasebook.korean
        let french = Phrasebook.french
        #expect(english.fill(english.undoNext, ["line": "Add 'X'"]) == "Undo: Add 'X'")
        #expect(english.fill(english.redoNext, ["line": "Add 'X'"]) == "Redo: Add 'X'")
        #expect(english.nothingToUndo == "Nothing to undo.")
        #expect(english.nothingToRedo == "Nothing to redo.")
        #expect(korean.fill(korean.undoNext, ["line": "'X' 카드 추가"]) == "실행 취소: 'X' 카드 추가")
        #expect(korean.fill(korean.redoNext, ["line": "'X' 카드 추가"]) == "다시 실행: 'X' 카드 추가")
        #expect(korean.nothingToUndo == "실행 취소할 작업이 없습니다.")
        #expect(korean.nothingToRedo == "다시 실행할 작업이 없습니다.")
        #expect(french.fill(french.undoNext, ["line": "Ajouter « X »"]) == "Annuler : Ajouter « X »")
        #expect(french.fill(french.redoNext, ["line": "Ajouter « X »"]) == "Rétablir : Ajouter « X »")
        #expect(french.nothingToUndo == "Rien à annuler.")
        #expect(french.nothingToRedo == "Rien à rétablir.")
    }

    @Test("Column names come from the lookup given, so a line shows the names of its time")
    func columnNamesFromLookup() {
        let payload = Self.moved("X", from: Self.todo, 0, to: Self.doing, 0)
        let line = ActionWording(language: .english).line(for: payload) { $0 == Self.todo ? "Backlog" : "In progress" }
        #expect(line == "Moved 'X' from Backlog to In progress.")
    }

    @Test("Titles with quotes, braces of other words and emoji are inserted as they are")
    func literalTitles() {
        let titles = ["It's \"done\"", "Ship 🚀 👩‍👩‍👧‍👦", "e\u{301}te\u{301}", "{name} and {line}", "100% {fields"]
        for title in titles {
            let payload = EventPayload.cardAdded(CardAdded(card: Self.card(title), index: 0))
            #expect(ActionWording(language: .english).line(for: payload, columnName: Self.columnName) == "Added '\(title)'.")
            #expect(ActionWording(language: .french).line(for: payload, columnName: Self.columnName) == "Carte « \(title) » ajoutée.")
        }
    }

    /// `Phrasebook.fill` fills the template in one pass, so a title holding a placeholder of the
    /// same sentence (`{column}`, `{from}`, `{to}`, `{fields}`) is shown as typed.
    @Test(
        "A title holding a placeholder of its own sentence is shown as typed"
    )
    func placeholderInTitle() {
        // As history shows it (the dictionary's order differs from one process to the next)…
        let moved = Self.moved("{from} → {to}", from: Self.todo, 0, to: Self.doing, 0)
        #expect(ActionWording(language: .english).line(for: moved, columnName: Self.columnName) == "Moved '{from} → {to}' from TODO to DOING.")
        let added = EventPayload.cardAdded(CardAdded(card: Self.card("Fix {column} width"), index: 0))
        #expect(ActionWording(language: .english).line(for: added, columnName: Self.columnName) == "Added 'Fix {column} width'.")
        let edited = Self.edited("Use {fields}", description: true)
        #expect(ActionWording(language: .english).line(for: edited, columnName: Self.columnName) == "Edited 'Use {fields}': description.")
        // …and `fill` itself, with dictionaries of several sizes and so of several orders, so it shows in every run.
        let book = Phrasebook.english
        for extra in 0..<12 {
            var values = ["title": "{from} → {to}", "from": "TODO", "to": "DOING"]
            for key in 0..<extra { values["unused\(key)"] = "" }
            #expect(book.fill(book.moved, values) == "Moved '{from} → {to}' from TODO to DOING.", "with \(extra) more keys")
        }
    }

    // MARK: Dates

    /// A moment given in UTC.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, ms: Int64 = 0) -> Timestamp {
        let days = CalendarDay(year: year, month: month, day: day)!.daysSinceEpoch
        return Timestamp(millisecondsSinceEpoch: days * 86_400_000 + Int64(hour * 3_600 + minute * 60 + second) * 1000 + ms)
    }

    struct DateRow: Sendable, CustomTestStringConvertible {
        let moment: Timestamp
        let offset: Int
        let english: String
        let korean: String
        let french: String
        var testDescription: String { "\(moment) at \(offset)s" }
    }

    static let dates: [DateRow] = [
        DateRow(moment: utc(2026, 11, 22, 18, 36, 29, ms: 696), offset: 0,
                english: "2026-11-22 18:36", korean: "2026년 11월 22일 18:36", french: "22/11/2026 18:36"),
        // Seoul: past midnight, the next day.
        DateRow(moment: utc(2026, 11, 22, 18, 36, 29, ms: 696), offset: 9 * 3600,
                english: "2026-11-23 03:36", korean: "2026년 11월 23일 03:36", french: "23/11/2026 03:36"),
        DateRow(moment: utc(2026, 11, 22, 18, 36), offset: -5 * 3600,
                english: "2026-11-22 13:36", korean: "2026년 11월 22일 13:36", french: "22/11/2026 13:36"),
        // Half-hour offset.
        DateRow(moment: utc(2026, 11, 22, 18, 36), offset: 5 * 3600 + 1800,
                english: "2026-11-23 00:06", korean: "2026년 11월 23일 00:06", french: "23/11/2026 00:06"),
        // Across the new year, and single-digit months and days unpadded in Korean only.
        DateRow(moment: utc(2026, 12, 31, 23, 59, 59, ms: 999), offset: 3600,
                english: "2027-01-01 00:59", korean: "2027년 1월 1일 00:59", french: "01/01/2027 00:59"),
        DateRow(moment: utc(2027, 1, 1, 0, 30), offset: -3600,
                english: "2026-12-31 23:30", korean: "2026년 12월 31일 23:30", french: "31/12/2026 23:30"),
        DateRow(moment: utc(2024, 2, 29, 9, 5), offset: 0,
                english: "2024-02-29 09:05", korean: "2024년 2월 29일 09:05", french: "29/02/2024 09:05"),
        DateRow(moment: utc(2026, 3, 1, 5, 0), offset: -10 * 3600,
                english: "2026-02-28 19:00", korean: "2026년 2월 28일 19:00", french: "28/02/2026 19:00"),
        // Before 1970.
        DateRow(moment: utc(1969, 12, 31, 23, 0), offset: 0,
                english: "1969-12-31 23:00", korean: "1969년 12월 31일 23:00", french: "31/12/1969 23:00"),
        DateRow(moment: Timestamp(millisecondsSinceEpoch: 0), offset: 0,
                english: "1970-01-01 00:00", korean: "1970년 1월 1일 00:00", french: "01/01/1970 00:00"),
        // The extremes a damaged log can hold: they print rather than trap.
        DateRow(moment: Timestamp(millisecondsSinceEpoch: Int64.max), offset: 9 * 3600,
                english: "292278994-08-17 16:12", korean: "292278994년 8월 17일 16:12", french: "17/08/292278994 16:12"),
        DateRow(moment: Timestamp(millisecondsSinceEpoch: Int64.max), offset: -10 * 3600,
                english: "292278994-08-16 21:12", korean: "292278994년 8월 16일 21:12", french: "16/08/292278994 21:12"),
        DateRow(moment: Timestamp(millisecondsSinceEpoch: Int64.min), offset: -10 * 3600,
                english: "-292275055-05-16 06:47", korean: "-292275055년 5월 16일 06:47", french: "16/05/-292275055 06:47"),
        DateRow(moment: Timestamp(millisecondsSinceEpoch: Int64.min), offset: 9 * 3600,
                english: "-292275055-05-17 01:47", korean: "-292275055년 5월 17일 01:47", french: "17/05/-292275055 01:47"),
    ]

    @Test("Dates in each language at a fixed UTC offset", arguments: dates)
    func date(row: DateRow) {
        #expect(ActionWording(language: .english).date(row.moment, utcOffsetSeconds: row.offset) == row.english)
        #expect(ActionWording(language: .korean).date(row.moment, utcOffsetSeconds: row.offset) == row.korean)
        #expect(ActionWording(language: .french).date(row.moment, utcOffsetSeconds: row.offset) == row.french)
    }

    @Test("The language a POSIX locale asks for", arguments: [
        ("ko_KR.UTF-8", HistoryLanguage.korean), ("ko", .korean), ("KO_kr", .korean), ("fr_FR.UTF-8", .french), ("fr_CA", .french),
        ("en_US.UTF-8", .english), ("C", .english), ("C.UTF-8", .english), ("POSIX", .english), ("de_DE.UTF-8", .english), ("", .english),
    ] as [(String, HistoryLanguage)])
    func language(locale: String, expected: HistoryLanguage) {
        #expect(HistoryLanguage(locale: locale) == expected)
    }

    @Test("No locale means English; the raw values are the --lang codes")
    func languageDefaults() {
        #expect(HistoryLanguage(locale: nil) == .english)
        #expect(HistoryLanguage.allCases.map(\.rawValue) == ["en", "ko", "fr"])
    }
}
