import KanbanCore

/// What an event did, as `kanban log --json` prints it: its `kind` (such as `cardMoved`) and a
/// `data` object whose shape the kind decides. Standing alone (an undo's `undid` and
/// `compensation`, a redo's `redid` and `effect`, a restore's `effects`) it is
/// `{"kind", "data"}`; in ``EventOutput`` the two keys sit beside the envelope's.
public enum EventPayloadOutput: Codable, Sendable, Equatable {
    case boardCreated(BoardCreatedOutput)
    case boardRenamed(BoardRenamedOutput)
    case boardRemoved(BoardRemovedOutput)
    case columnAdded(ColumnAddedOutput)
    case columnRenamed(ColumnRenamedOutput)
    case columnRemoved(ColumnRemovedOutput)
    case columnMoved(ColumnMovedOutput)
    case cardAdded(CardAddedOutput)
    case cardEdited(CardEditedOutput)
    case cardMoved(CardMovedOutput)
    case cardDeleted(CardDeletedOutput)
    case cardRevived(CardRevivedOutput)
    /// A change to a card's details, of the kind given.
    case cardDetail(EventKind, CardDetailOutput)
    /// A change to a board's details, of the kind given.
    case boardDetail(EventKind, BoardDetailOutput)
    indirect case undone(UndoneOutput)
    indirect case redone(RedoneOutput)
    indirect case restored(RestoredOutput)

    /// The form of `payload`.
    public init(payload: EventPayload) {
        switch payload {
        case .boardCreated(let event): self = .boardCreated(BoardCreatedOutput(event: event))
        case .boardRenamed(let event): self = .boardRenamed(BoardRenamedOutput(event: event))
        case .boardRemoved(let event): self = .boardRemoved(BoardRemovedOutput(event: event))
        case .columnAdded(let event): self = .columnAdded(ColumnAddedOutput(event: event))
        case .columnRenamed(let event): self = .columnRenamed(ColumnRenamedOutput(event: event))
        case .columnRemoved(let event): self = .columnRemoved(ColumnRemovedOutput(event: event))
        case .columnMoved(let event): self = .columnMoved(ColumnMovedOutput(event: event))
        case .cardAdded(let event): self = .cardAdded(CardAddedOutput(event: event))
        case .cardEdited(let event): self = .cardEdited(CardEditedOutput(event: event))
        case .cardMoved(let event): self = .cardMoved(CardMovedOutput(event: event))
        case .cardDeleted(let event): self = .cardDeleted(CardDeletedOutput(event: event))
        case .cardRevived(let event): self = .cardRevived(CardRevivedOutput(event: event))
        case .cardDetail(let event): self = .cardDetail(event.edit.kind, CardDetailOutput(event: event))
        case .boardDetail(let event): self = .boardDetail(event.edit.kind, BoardDetailOutput(event: event))
        case .undone(let event): self = .undone(UndoneOutput(event: event))
        case .redone(let event): self = .redone(RedoneOutput(event: event))
        case .restored(let event): self = .restored(RestoredOutput(event: event))
        }
    }

    /// The event's kind; its ``EventKind/name`` is the `kind` in JSON.
    public var kind: EventKind {
        switch self {
        case .boardCreated: .boardCreated
        case .boardRenamed: .boardRenamed
        case .boardRemoved: .boardRemoved
        case .columnAdded: .columnAdded
        case .columnRenamed: .columnRenamed
        case .columnRemoved: .columnRemoved
        case .columnMoved: .columnMoved
        case .cardAdded: .cardAdded
        case .cardEdited: .cardEdited
        case .cardMoved: .cardMoved
        case .cardDeleted: .cardDeleted
        case .cardRevived: .cardRevived
        case .cardDetail(let kind, _), .boardDetail(let kind, _): kind
        case .undone: .undone
        case .redone: .redone
        case .restored: .restored
        }
    }

    enum CodingKeys: String, CodingKey {
        case kind, data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = try Self.decode(from: container, kindKey: .kind, dataKey: .data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encode(to: &container, kindKey: .kind, dataKey: .data)
    }

    /// Reads `kind` at `kindKey` and the data its kind decides at `dataKey`, so ``EventOutput``
    /// can keep the two beside its envelope.
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, kindKey: Key, dataKey: Key) throws -> Self {
        let name = try container.decode(String.self, forKey: kindKey)
        guard let kind = EventKind.allCases.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorruptedError(forKey: kindKey, in: container, debugDescription: "unknown event kind '\(name)'")
        }
        switch kind {
        case .boardCreated: return .boardCreated(try container.decode(BoardCreatedOutput.self, forKey: dataKey))
        case .boardRenamed: return .boardRenamed(try container.decode(BoardRenamedOutput.self, forKey: dataKey))
        case .boardRemoved: return .boardRemoved(try container.decode(BoardRemovedOutput.self, forKey: dataKey))
        case .columnAdded: return .columnAdded(try container.decode(ColumnAddedOutput.self, forKey: dataKey))
        case .columnRenamed: return .columnRenamed(try container.decode(ColumnRenamedOutput.self, forKey: dataKey))
        case .columnRemoved: return .columnRemoved(try container.decode(ColumnRemovedOutput.self, forKey: dataKey))
        case .columnMoved: return .columnMoved(try container.decode(ColumnMovedOutput.self, forKey: dataKey))
        case .cardAdded: return .cardAdded(try container.decode(CardAddedOutput.self, forKey: dataKey))
        case .cardEdited: return .cardEdited(try container.decode(CardEditedOutput.self, forKey: dataKey))
        case .cardMoved: return .cardMoved(try container.decode(CardMovedOutput.self, forKey: dataKey))
        case .cardDeleted: return .cardDeleted(try container.decode(CardDeletedOutput.self, forKey: dataKey))
        case .cardRevived: return .cardRevived(try container.decode(CardRevivedOutput.self, forKey: dataKey))
        case _ where kind.isCardDetail: return .cardDetail(kind, try container.decode(CardDetailOutput.self, forKey: dataKey))
        case _ where kind.isBoardDetail: return .boardDetail(kind, try container.decode(BoardDetailOutput.self, forKey: dataKey))
        case .undone: return .undone(try container.decode(UndoneOutput.self, forKey: dataKey))
        case .redone: return .redone(try container.decode(RedoneOutput.self, forKey: dataKey))
        case .restored: return .restored(try container.decode(RestoredOutput.self, forKey: dataKey))
        default: throw DecodingError.dataCorruptedError(forKey: kindKey, in: container, debugDescription: "unknown event kind '\(name)'")
        }
    }

    /// Writes `kind` at `kindKey` and the data at `dataKey`.
    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, kindKey: Key, dataKey: Key) throws {
        try container.encode(kind.name, forKey: kindKey)
        switch self {
        case .boardCreated(let data): try container.encode(data, forKey: dataKey)
        case .boardRenamed(let data): try container.encode(data, forKey: dataKey)
        case .boardRemoved(let data): try container.encode(data, forKey: dataKey)
        case .columnAdded(let data): try container.encode(data, forKey: dataKey)
        case .columnRenamed(let data): try container.encode(data, forKey: dataKey)
        case .columnRemoved(let data): try container.encode(data, forKey: dataKey)
        case .columnMoved(let data): try container.encode(data, forKey: dataKey)
        case .cardAdded(let data): try container.encode(data, forKey: dataKey)
        case .cardEdited(let data): try container.encode(data, forKey: dataKey)
        case .cardMoved(let data): try container.encode(data, forKey: dataKey)
        case .cardDeleted(let data): try container.encode(data, forKey: dataKey)
        case .cardRevived(let data): try container.encode(data, forKey: dataKey)
        case .cardDetail(_, let data): try container.encode(data, forKey: dataKey)
        case .boardDetail(_, let data): try container.encode(data, forKey: dataKey)
        case .undone(let data): try container.encode(data, forKey: dataKey)
        case .redone(let data): try container.encode(data, forKey: dataKey)
        case .restored(let data): try container.encode(data, forKey: dataKey)
        }
    }
}
