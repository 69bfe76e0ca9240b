/// Puts events into words in one language: past-tense history lines and the imperative
/// phrases `undo --list` shows. Column names are looked up as they are at the time.
public struct ActionWording: Sendable {
    public let phrasebook: Phrasebook

    public init(language: HistoryLanguage) {
        phrasebook = language.phrasebook
    }

    /// The history line for `payload`, such as "Moved 'X' from TODO to DOING."
    public func line(for payload: EventPayload, columnName: (ColumnID) -> String) -> String {
        let book = phrasebook
        switch payload {
        case .undone(let undone): return book.fill(book.undid, ["line": line(for: undone.undid, columnName: columnName)])
        case .redone(let redone): return book.fill(book.redid, ["line": line(for: redone.redid, columnName: columnName)])
        default: return phrase(for: payload, pastTense: true, columnName: columnName)
        }
    }

    /// What undoing or redoing `payload` means, such as "Move 'X' from TODO to DOING": for an
    /// undo or a redo, the action it concerns.
    public func imperative(for payload: EventPayload, columnName: (ColumnID) -> String) -> String {
        phrase(for: payload, pastTense: false, columnName: columnName)
    }

    private func phrase(for payload: EventPayload, pastTense: Bool, columnName: (ColumnID) -> String) -> String {
        let book = phrasebook
        func pick(_ past: String, _ imperative: String) -> String { pastTense ? past : imperative }
        switch payload {
        case .cardAdded(let added):
            return book.fill(pick(book.added, book.add), ["title": added.card.title, "column": columnName(added.card.column)])
        case .cardMoved(let moved) where moved.isReorder:
            return book.fill(pick(book.reordered, book.reorder), ["title": moved.title, "column": columnName(moved.to)])
        case .cardMoved(let moved):
            return book.fill(pick(book.moved, book.move), ["title": moved.title, "from": columnName(moved.from), "to": columnName(moved.to)])
        case .cardDeleted(let deleted):
            return book.fill(pick(book.removed, book.remove), ["title": deleted.card.title, "column": columnName(deleted.card.column)])
        case .cardRevived(let revived):
            return book.fill(pick(book.revived, book.revive), ["title": revived.card.title, "column": columnName(revived.card.column)])
        case .cardEdited(let edited):
            var fields: [String] = []
            if edited.titleChange != nil { fields.append(book.title) }
            if edited.descriptionChange != nil { fields.append(book.description) }
            if edited.dueChange != nil { fields.append(book.dueDate) }
            let title = edited.titleChange?.old ?? edited.title
            return book.fill(pick(book.edited, book.edit), ["title": title, "fields": fields.joined(separator: book.fieldSeparator)])
        case .boardCreated(let created):
            return book.fill(pick(book.boardCreated, book.createBoard), ["name": created.name])
        case .boardRenamed(let renamed):
            return book.fill(pick(book.boardRenamed, book.renameBoard), ["from": renamed.from, "to": renamed.to])
        case .boardRemoved(let removed):
            return book.fill(pick(book.boardRemoved, book.removeBoard), ["name": removed.name])
        case .columnAdded(let added):
            return book.fill(pick(book.columnAdded, book.addColumn), ["name": added.column.name])
        case .columnRenamed(let renamed):
            return book.fill(pick(book.columnRenamed, book.renameColumn), ["from": renamed.from, "to": renamed.to])
        case .columnRemoved(let removed):
            return book.fill(pick(book.columnRemoved, book.removeColumn), ["name": removed.column.name])
        case .columnMoved(let moved):
            return book.fill(pick(book.columnMoved, book.moveColumn), ["name": moved.column.name, "index": String(moved.toIndex)])
        case .restored(let restored):
            return book.fill(pick(book.restored, book.restore), ["sequence": String(restored.sequence), "date": restored.timestamp.description])
        case .cardDetail, .boardDetail:
            guard let key = DetailPhrase.key(for: payload), let phrase = book.details[key] ?? DetailPhrase.english[key] else { return payload.kind.name }
            return book.fill(pick(phrase.past, phrase.imperative), DetailPhrase.localizing(DetailPhrase.values(for: payload), with: book.details))
        case .undone(let undone):
            return phrase(for: undone.undid, pastTense: pastTense, columnName: columnName)
        case .redone(let redone):
            return phrase(for: redone.redid, pastTense: pastTense, columnName: columnName)
        }
    }

    /// A local date and time in this language, `utcOffsetSeconds` (at most a day either way)
    /// ahead of UTC. Every timestamp prints, however far from now.
    public func date(_ timestamp: Timestamp, utcOffsetSeconds: Int) -> String {
        // The UTC day and the local minutes within it apart, so nothing overflows at the extremes.
        let offset = Int64(min(max(utcOffsetSeconds, -86_400), 86_400)) * 1000
        let utc = timestamp.millisecondsSinceEpoch
        let local = utc.floorRemainder(dividingBy: 86_400_000) + offset
        let day = CalendarDay(daysSinceEpoch: utc.floorDivided(by: 86_400_000) + local.floorDivided(by: 86_400_000))
        let minutes = Int(local.floorRemainder(dividingBy: 86_400_000) / 60_000)
        let (year, month, dayOfMonth) = day.components
        return phrasebook.formatDate(year, month, dayOfMonth, minutes / 60, minutes % 60)
    }
}
